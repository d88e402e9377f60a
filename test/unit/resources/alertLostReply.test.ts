import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { providerOf } from "../../support/providers";
import { providerSession } from "../../../provider/host/session";
import { CLOCK_SKEW_MS } from "../../../provider/resources/lifecycle/createWithReconcile";
import { tileAlertBody } from "../../support/alertBodies";
import { sharedEmulator } from "../../support/emulator";
import { emulatorConfigureRequest } from "../../support/providerConfig";
import { quickSleeps } from "../../support/quickSleeps";

const alertsRoute = "POST /api/v2/alerts";

describe("AlertProvider: a create whose reply is lost", function () {
  quickSleeps();
  this.timeout(30_000);
  let emulator: RunningEmulator;
  const provider = providerOf("Alert");
  let runId = 0;

  /** A tile alert whose name no other test's alert has, so lists can be searched by it. */
  const tileInputs = (): Record<string, unknown> => ({
    ...tileAlertBody(emulator.fixture),
    name: `lost reply ${process.pid}-${Date.now()}-${++runId}`,
  });

  const alerts = () => providerSession.observability().alerts;

  before(async () => {
    emulator = await sharedEmulator();
    await provider.configure(await emulatorConfigureRequest());
  });

  afterEach(async () => {
    await emulator.control.clearFaults();
    await emulator.control.updateSettings({ clockOffsetMs: 0 });
  });

  it("adopts the alert a lost reply created instead of making a duplicate", async () => {
    await emulator.control.setFaults({ script: [{ route: alertsRoute, kinds: ["dropAfterProcessing"] }] });
    const inputs = tileInputs();
    const created = await provider.create(inputs);
    const named = (await alerts().list()).filter((alert) => alert.name === inputs.name);
    expect(named.map((alert) => alert.id)).to.deep.equal([created.id]);
    await provider.delete(created.id, {});
  });

  it("sends the create again when the read-back shows the dropped request made no alert", async () => {
    await emulator.control.setFaults({ script: [{ route: alertsRoute, kinds: ["drop"] }] });
    await emulator.control.clearRequests();
    const inputs = tileInputs();
    const created = await provider.create(inputs);
    const named = (await alerts().list()).filter((alert) => alert.name === inputs.name);
    expect(named.map((alert) => alert.id)).to.deep.equal([created.id]);
    const posts = (await emulator.control.requests()).filter((entry) => entry.route === alertsRoute);
    expect(posts.map((entry) => entry.fault ?? "none")).to.deep.equal(["drop", "none"]);
    await provider.delete(created.id, {});
  });

  it("after a lost reply adopts the alert that create made, never an identical older one", async () => {
    const inputs = tileInputs();
    // The twin dates from before the allowed clock skew: the API's clock is set back while it is made.
    await emulator.control.updateSettings({ clockOffsetMs: -(CLOCK_SKEW_MS + 60_000) });
    const twin = await provider
      .create(inputs)
      .finally(() => emulator.control.updateSettings({ clockOffsetMs: 0 }));
    await emulator.control.setFaults({ script: [{ route: alertsRoute, kinds: ["dropAfterProcessing"] }] });
    await emulator.control.clearRequests();
    const created = await provider.create(inputs);
    expect(created.id).to.not.equal(twin.id);
    const named = (await alerts().list()).filter((alert) => alert.name === inputs.name);
    expect(named.map((alert) => alert.id).sort()).to.deep.equal([twin.id, created.id].sort());
    const posts = (await emulator.control.requests()).filter((entry) => entry.route === alertsRoute);
    expect(posts).to.have.length(1);
    for (const alert of named) await provider.delete(alert.id, {});
  });

  it("sends again, never adopting an identical older alert, when the dropped request made none", async () => {
    const inputs = tileInputs();
    await emulator.control.updateSettings({ clockOffsetMs: -(CLOCK_SKEW_MS + 60_000) });
    const twin = await provider
      .create(inputs)
      .finally(() => emulator.control.updateSettings({ clockOffsetMs: 0 }));
    await emulator.control.setFaults({ script: [{ route: alertsRoute, kinds: ["drop"] }] });
    const created = await provider.create(inputs);
    expect(created.id).to.not.equal(twin.id);
    const named = (await alerts().list()).filter((alert) => alert.name === inputs.name);
    expect(named.map((alert) => alert.id).sort()).to.deep.equal([twin.id, created.id].sort());
    for (const alert of named) await provider.delete(alert.id, {});
  });

  it("fails naming both alerts when a recent identical one and the lost create's cannot be told apart", async () => {
    const inputs = tileInputs();
    const twin = await provider.create(inputs);
    await emulator.control.setFaults({ script: [{ route: alertsRoute, kinds: ["dropAfterProcessing"] }] });
    const error = await provider.create(inputs).then(
      () => expect.fail("the create succeeded"),
      (e: Error) => e,
    );
    const named = (await alerts().list()).filter((alert) => alert.name === inputs.name);
    expect(named).to.have.length(2);
    expect(named.map((alert) => alert.id)).to.include(twin.id);
    expect(error.message).to.contain(`creating alert "${String(inputs.name)}" lost its reply, and 2 objects`);
    for (const alert of named) expect(error.message).to.contain(alert.id);
    for (const alert of named) await provider.delete(alert.id, {});
  });
});
