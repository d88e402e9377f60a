import { expect } from "chai";
import type { RunningEmulator } from "../../emulator";
import { providerOf } from "../support/providers";
import { providerContext } from "../../provider/resources/context";
import { sharedEmulator } from "../support/emulator";
import { emulatorConfigureRequest } from "../support/providerConfig";

const createRoute = "POST /api/v2/alerts";
const listRoute = "GET /api/v2/alerts";

/**
 * A create whose reply is lost is followed by a list that looks for the object it made. When that list fails too
 * (here: a proxy's HTML 404 page, which the HTTP client never retries), giving up would send the next `up` into a
 * second create of an object that exists.
 */
describe("create with a lost reply whose read-back fails", function () {
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
    (await providerContext.observability().alerts.list()).filter((alert) => alert.name === name);

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
