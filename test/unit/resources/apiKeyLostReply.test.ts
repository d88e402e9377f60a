import axios from "axios";
import { unwrapSecrets } from "../../../provider/propertyEncoding";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { providerOf } from "../../support/providers";
import { providerSession } from "../../../provider/host/session";
import {
  CLOCK_SKEW_MS,
  MAX_CREATE_ATTEMPTS,
} from "../../../provider/resources/lifecycle/createWithReconcile";
import { sharedEmulator } from "../../support/emulator";
import { emulatorConfigureRequest } from "../../support/providerConfig";
import { quickSleeps } from "../../support/quickSleeps";

const keysRoute = "POST /v1/organizations/:organizationId/keys";

describe("ApiKeyProvider: a create whose reply is lost", function () {
  quickSleeps();
  this.timeout(30_000);
  let emulator: RunningEmulator;
  const provider = providerOf("ApiKey");
  // Every key these tests make is named with this prefix, so `after` can remove whatever a failed test left.
  const prefix = `provider-lost-reply-${process.pid}-${Date.now().toString(36)}`;
  let counter = 0;
  const uniqueName = (label: string) => `${prefix}-${label}-${++counter}`;

  before(async () => {
    emulator = await sharedEmulator();
    await provider.configure(await emulatorConfigureRequest());
  });

  afterEach(async () => {
    await emulator.control.clearFaults();
    await emulator.control.updateSettings({ clockOffsetMs: 0 });
  });

  after(async () => {
    const { keys, organizationId } = management();
    for (const key of await keys.list(organizationId)) {
      if (key.name?.startsWith(prefix)) await keys.delete(organizationId, key.id);
    }
  });

  it("deletes the key the lost reply made and creates one more, ending with exactly one key", async () => {
    const name = uniqueName("ambiguous");
    await emulator.control.setFaults({ script: [{ route: keysRoute, kinds: ["dropAfterProcessing"] }] });
    await emulator.control.clearRequests();
    const created = await provider.create({ name, roles: ["developer"] });
    const log = (await emulator.control.requests()).filter((r) => r.path.includes("/keys"));
    expect(log.map((r) => [r.method, r.status, r.fault ?? ""])).to.deep.equal([
      ["POST", 0, "dropAfterProcessing"],
      ["GET", 200, ""],
      ["DELETE", 200, ""],
      ["POST", 200, ""],
      ["PATCH", 200, ""],
    ]);
    const withName = await keysNamed(name);
    expect(withName.map((key) => key.id)).to.deep.equal([created.id]);
    const { keyId, keySecret } = unwrapSecrets(created.outs) as { keyId: string; keySecret: string };
    expect(await authenticate(keyId, keySecret)).to.equal(200);
    await provider.delete(created.id, created.outs ?? {});
  });

  it("finds the key it made when the API's clock is behind by less than the allowed skew", async () => {
    const name = uniqueName("lagging-clock");
    await emulator.control.updateSettings({ clockOffsetMs: -(CLOCK_SKEW_MS - 5_000) });
    try {
      await emulator.control.setFaults({ script: [{ route: keysRoute, kinds: ["dropAfterProcessing"] }] });
      const created = await provider.create({ name, roles: ["developer"] });
      expect((await keysNamed(name)).map((key) => key.id)).to.deep.equal([created.id]);
      await provider.delete(created.id, created.outs ?? {});
    } finally {
      await emulator.control.updateSettings({ clockOffsetMs: 0 });
    }
  });

  it("leaves alone an older key of the same name, such as the old key of a rotation", async () => {
    const name = uniqueName("rotation");
    // The old key dates from before the allowed clock skew: the API's clock is set back while it is made.
    await emulator.control.updateSettings({ clockOffsetMs: -(CLOCK_SKEW_MS + 60_000) });
    const old = await provider
      .create({ name, roles: ["developer"], rotationTrigger: "1" })
      .finally(() => emulator.control.updateSettings({ clockOffsetMs: 0 }));
    await emulator.control.setFaults({ script: [{ route: keysRoute, kinds: ["dropAfterProcessing"] }] });
    await emulator.control.clearRequests();
    const rotated = await provider.create({ name, roles: ["developer"], rotationTrigger: "2" });
    const deleted = (await emulator.control.requests()).filter((r) => r.method === "DELETE");
    expect(deleted.map((r) => r.path)).to.not.include(
      `/v1/organizations/${emulator.fixture.organizationId}/keys/${old.id}`,
    );
    expect(deleted).to.have.length(1);
    expect((await keysNamed(name)).map((key) => key.id).sort()).to.deep.equal([old.id, rotated.id].sort());
    await provider.delete(old.id, old.outs ?? {});
    await provider.delete(rotated.id, rotated.outs ?? {});
  });

  it("never deletes a key that has been used, however recent and alike", async () => {
    const name = uniqueName("used");
    const inUse = await provider.create({ name, roles: ["developer"] });
    const { keyId, keySecret } = unwrapSecrets(inUse.outs) as { keyId: string; keySecret: string };
    expect(await authenticate(keyId, keySecret)).to.equal(200);
    // The dropped request is not processed: the only key with this name is the recent one in use.
    await emulator.control.setFaults({ script: [{ route: keysRoute, kinds: ["drop"] }] });
    const created = await provider.create({ name, roles: ["developer"] });
    expect((await keysNamed(name)).map((key) => key.id).sort()).to.deep.equal([inUse.id, created.id].sort());
    expect(await authenticate(keyId, keySecret)).to.equal(200);
    await provider.delete(inUse.id, inUse.outs ?? {});
    await provider.delete(created.id, created.outs ?? {});
  });

  it("never takes a twin that another run made at the same time (same name and roles, recent, unused) for its own", async () => {
    const name = uniqueName("twins");
    const twin = await provider.create({ name, roles: ["developer"] });
    const { keyId, keySecret } = unwrapSecrets(twin.outs) as { keyId: string; keySecret: string };
    // The lost create made nothing (its request never reached the API): the twin is the only key of that name and
    // roles made in the window, and was never used.
    await emulator.control.setFaults({ script: [{ route: keysRoute, kinds: ["drop"] }] });
    await emulator.control.clearRequests();
    const created = await provider.create({ name, roles: ["developer"] });
    expect((await emulator.control.requests()).filter((r) => r.method === "DELETE")).to.deep.equal([]);
    expect((await keysNamed(name)).map((key) => key.id).sort()).to.deep.equal([twin.id, created.id].sort());
    expect(await authenticate(keyId, keySecret)).to.equal(200);

    // The lost create made its key: that one, and only that one, is deleted; the twin stays.
    await emulator.control.setFaults({ script: [{ route: keysRoute, kinds: ["dropAfterProcessing"] }] });
    await emulator.control.clearRequests();
    const again = await provider.create({ name, roles: ["developer"] });
    const deleted = (await emulator.control.requests()).filter((r) => r.method === "DELETE");
    expect(deleted).to.have.length(1);
    expect(deleted[0].path).to.not.contain(twin.id).and.not.contain(created.id);
    expect((await keysNamed(name)).map((key) => key.id).sort()).to.deep.equal(
      [twin.id, created.id, again.id].sort(),
    );
    expect(await authenticate(keyId, keySecret)).to.equal(200);
    for (const made of [twin, created, again]) await provider.delete(made.id, made.outs ?? {});
  });

  it("gives up after a bounded number of attempts and leaves no key behind", async () => {
    const name = uniqueName("lost");
    const kinds = Array.from({ length: MAX_CREATE_ATTEMPTS }, () => "dropAfterProcessing" as const);
    await emulator.control.setFaults({ script: [{ route: keysRoute, kinds }] });
    const error = await provider.create({ name, roles: ["developer"] }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).to.match(new RegExp(`failed ${MAX_CREATE_ATTEMPTS} times without a reply`));
    expect(await keysNamed(name)).to.deep.equal([]);
  });

  function management() {
    const { client, organizationId } = providerSession.management();
    return { keys: client.keys, organizationId };
  }

  /** The keys of that name, and those still under the name a create gives them before its reply is in. */
  async function keysNamed(name: string) {
    const { keys, organizationId } = management();
    return (await keys.list(organizationId)).filter(
      (key) => key.name === name || key.name?.startsWith(`${name} ~creating-`),
    );
  }

  async function authenticate(keyId: string, keySecret: string): Promise<number> {
    const response = await axios.get(
      `${emulator.fixture.managementUrl}/v1/organizations/${emulator.fixture.organizationId}`,
      {
        auth: { username: keyId, password: keySecret },
        validateStatus: () => true,
      },
    );
    return response.status;
  }
});
