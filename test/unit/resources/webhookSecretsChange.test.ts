/**
 * A webhook's `headers` and `queryParams` change in place: the update sends the new values, the outputs hold them as
 * secrets (the API never shows them back), and the next diff against the same inputs is no change.
 */
import { expect } from "chai";
import { isSecretMarker, unwrapSecrets } from "../../../provider/propertyEncoding";
import { emulatorConfigureRequest } from "../../support/providerConfig";
import { providerOf } from "../../support/providers";
import { sharedEmulator } from "../../support/emulator";

type Bag = Record<string, unknown>;

describe("Webhook: new headers and query parameters", function () {
  this.timeout(30_000);
  const webhooks = providerOf("Webhook");
  const made: string[] = [];

  before(async () => {
    await sharedEmulator();
    await webhooks.configure(await emulatorConfigureRequest());
  });

  after(async () => {
    for (const id of made) await webhooks.delete(id, {}).catch(() => undefined);
  });

  it("are sent, kept as secrets in the outputs, and no change at the next diff", async () => {
    const first = {
      name: `pager ${process.pid}`,
      service: "generic",
      url: "https://hooks.example.com/pager",
      headers: { Authorization: "Bearer first-value" },
      queryParams: { token: "first-token" },
    };
    const { id, outs } = (await webhooks.create(first)) as { id: string; outs: Bag };
    made.push(id);
    const second = {
      ...first,
      headers: { Authorization: "Bearer second-value", "X-Team": "ops" },
      queryParams: { token: "second-token" },
    };
    const verdict = await webhooks.diff(id, outs, second);
    expect(verdict.changes).to.equal(true);
    const updated = (await webhooks.update(id, outs, second)).outs as Bag;
    expect(isSecretMarker(updated.headers)).to.equal(true);
    expect(isSecretMarker(updated.queryParams)).to.equal(true);
    expect(unwrapSecrets(updated.headers)).to.deep.equal(second.headers);
    expect(unwrapSecrets(updated.queryParams)).to.deep.equal(second.queryParams);
    expect((await webhooks.diff(id, updated, second)).changes).to.equal(false);
    expect((await webhooks.diff(id, updated, first)).changes).to.equal(true);
  });
});
