import { expect } from "chai";
import { ApiError } from "../../../provider/rest";
import type { RunningEmulator } from "../../../emulator";
import { providerOf } from "../../support/providers";
import { providerSession } from "../../../provider/host/session";
import { sharedEmulator } from "../../support/emulator";
import { emulatorConfigureRequest } from "../../support/providerConfig";
import { quickSleeps } from "../../support/quickSleeps";

const createRoute = "POST /api/v2/alerts";
const listRoute = "GET /api/v2/alerts";

/**
 * A create whose reply is lost is followed by a list that looks for the object it made. When that list fails too
 * (here: a proxy's HTML 404 page, which the HTTP client never retries), giving up would send the next `up` into a
 * second create of an object that exists.
 */
describe("create with a lost reply whose read-back fails", function () {
  quickSleeps();
  this.timeout(30_000);
  let emulator: RunningEmulator;
  const provider = providerOf("Alert");
  let runId = 0;

  const tileInputs = (): Record<string, unknown> => {
    const dashboard = emulator.fixture.dashboards[0];
    return {
      threshold: 5,
      interval: "5m",
      source: "tile",
      thresholdType: "above",
      channel: { type: "webhook", webhookId: emulator.fixture.webhooks[0].id },
      dashboardId: dashboard.id,
      tileId: dashboard.tileIds[0],
      name: `read-back ${process.pid}-${Date.now()}-${++runId}`,
    };
  };
  const alertsNamed = async (name: unknown) =>
    (await providerSession.observability().alerts.list()).filter((alert) => alert.name === name);

  before(async () => {
    emulator = await sharedEmulator();
    await provider.configure(await emulatorConfigureRequest());
  });

  afterEach(async () => {
    await emulator.control.clearFaults();
  });

  it("lists again after a failed read-back and adopts the alert the lost reply made", async () => {
    await emulator.control.setFaults({
      script: [
        { route: createRoute, kinds: ["dropAfterProcessing"] },
        { route: listRoute, kinds: ["404html", "404html"] },
      ],
    });
    await emulator.control.clearRequests();
    const inputs = tileInputs();
    const created = await provider.create(inputs);
    const sent = (await emulator.control.requests()).filter(
      (e) => e.route === createRoute || e.route === listRoute,
    );
    expect(sent.map((e) => `${e.method} ${e.status}`)).to.deep.equal([
      "POST 0",
      "GET 404",
      "GET 404",
      "GET 200",
    ]);
    expect((await alertsNamed(inputs.name)).map((alert) => alert.id)).to.deep.equal([created.id]);
    await provider.delete(created.id, created.outs ?? {});
  });

  it("when every read-back fails, says the alert may exist and how to find it, and sends no second create", async () => {
    await emulator.control.setFaults({
      script: [
        { route: createRoute, kinds: ["dropAfterProcessing"] },
        { route: listRoute, kinds: ["404html", "404html", "404html"] },
      ],
    });
    await emulator.control.clearRequests();
    const inputs = tileInputs();
    const error = await provider.create(inputs).then(
      () => expect.fail("the create succeeded although no list worked"),
      (failure: Error) => failure,
    );
    expect(error.message).to.contain(`creating alert "${String(inputs.name)}" lost its reply`);
    expect(error.message).to.contain("failed 3 times");
    expect(error.message).to.contain("may exist although no state records it");
    expect(error.message).to.contain("pulumi-clickhouse-cloud orphans --stack <name>");
    const posts = (await emulator.control.requests()).filter((e) => e.route === createRoute);
    expect(posts).to.have.length(1);
    const made = await alertsNamed(inputs.name);
    expect(made).to.have.length(1);
    await provider.delete(made[0].id, {});
  });
});

/**
 * An API key a lost create made cannot be adopted (only the lost reply had its secret), so it is deleted and the
 * create sent again. A failed delete there would leave the key behind while the next `up` makes another.
 */
describe("create of an API key with a lost reply whose delete of what it made fails", function () {
  quickSleeps();
  this.timeout(30_000);
  let emulator: RunningEmulator;
  const provider = providerOf("ApiKey");
  const keyCreate = "POST /v1/organizations/:organizationId/keys";
  const keyDelete = "DELETE /v1/organizations/:organizationId/keys/:keyId";
  /** The keys of that name, and those still under the name a create gives them before its reply is in. */
  const keysNamed = async (name: string) =>
    (await providerSession.management().client.keys.list(emulator.fixture.organizationId)).filter(
      (key) => key.name === name || key.name?.startsWith(`${name} ~creating-`),
    );

  before(async () => {
    emulator = await sharedEmulator();
    await provider.configure(await emulatorConfigureRequest());
  });

  afterEach(async () => {
    await emulator.control.clearFaults();
  });

  it("deletes again after a failed delete, then creates the one key", async () => {
    const name = `discard-retried-${process.pid}-${Date.now()}`;
    await emulator.control.setFaults({
      script: [
        { route: keyCreate, kinds: ["dropAfterProcessing"] },
        { route: keyDelete, kinds: ["404html", "404html"] },
      ],
    });
    const created = await provider.create({ name, roles: ["developer"] });
    expect((await keysNamed(name)).map((key) => key.id)).to.deep.equal([created.id]);
    await provider.delete(created.id, created.outs ?? {});
  });

  it("when every delete fails, names the key that exists untracked and says to delete it", async () => {
    const name = `discard-failed-${process.pid}-${Date.now()}`;
    await emulator.control.setFaults({
      script: [
        { route: keyCreate, kinds: ["dropAfterProcessing"] },
        { route: keyDelete, kinds: ["404html", "404html", "404html"] },
      ],
    });
    const error = await provider.create({ name, roles: ["developer"] }).then(
      () => expect.fail("the create succeeded although the key it made could not be deleted"),
      (failure: Error) => failure,
    );
    const left = await keysNamed(name);
    expect(left).to.have.length(1);
    expect(error.message).to.contain(`the API shows it was made (${left[0].id})`);
    expect(error.message).to.contain("exists although no state records it");
    expect(error.message).to.contain("pulumi-clickhouse-cloud orphans --stack <name> --delete <id>");
    // The last delete's own error stays attached, for a program or a log that wants its status.
    expect(error.cause).to.be.instanceOf(ApiError);
    expect((error.cause as ApiError).status).to.equal(404);
    expect(error.message).to.contain(`Last error: ${(error.cause as ApiError).message}`);
    await emulator.control.clearFaults();
    await provider.delete(left[0].id, {});
  });
});
