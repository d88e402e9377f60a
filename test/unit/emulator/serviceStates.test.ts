import { expect } from "chai";
import {
  EmulatorHarness,
  delay,
  expectManagementError,
  expectManagementSuccess,
} from "../../support/httpRequests";

const awakeningDelayMs = 150;

describe("emulator: service states (idle, awaking, running, stopped)", () => {
  const harness = new EmulatorHarness({ awakeningDelayMs }).install();
  const serviceState = async (service: "production" | "secondary" = "production") =>
    expectManagementSuccess(await harness.management("GET", harness.servicePath(service))).state;
  const setState = (state: string, id = harness.fixture.services.production) =>
    harness.control("PUT", `/services/${id}/state`, { body: { state } });
  const command = (body: unknown) => harness.management("PATCH", `${harness.servicePath()}/state`, { body });
  const endpoints = () => `${harness.servicePath()}/dataPipesReversePrivateEndpoints`;
  const endpointBody = { type: "VPC_ENDPOINT_SERVICE", vpcEndpointServiceName: "com.amazonaws.vpce.svc-0a" };

  it("services start running; the control path makes one idle, and only that one", async () => {
    expect(await serviceState()).to.equal("running");
    const changed = await setState("idle");
    expect(changed.status).to.equal(200);
    expect(changed.body).to.deep.equal({ id: harness.fixture.services.production, state: "idle" });
    expect(await serviceState()).to.equal("idle");
    expect(await serviceState("secondary")).to.equal("running");
    expect((await setState("asleep")).status).to.equal(400);
    expect((await setState("idle", "00000000-0000-4000-8000-000000000000")).status).to.equal(404);
  });

  it("every reverse private endpoint operation on an idle service is the API's 424 naming the state", async () => {
    const { id } = expectManagementSuccess(
      await harness.management("POST", endpoints(), { body: endpointBody }),
    );
    await setState("idle");
    const refused = [
      await harness.management("POST", endpoints(), { body: endpointBody }),
      await harness.management("GET", endpoints()),
      await harness.management("GET", `${endpoints()}/${id}`),
      await harness.management("DELETE", `${endpoints()}/${id}`),
    ];
    for (const response of refused) {
      expectManagementError(response, 424, "FAILED_DEPENDENCY", "Current state: idle");
      expect(response.body.error).to.match(/ Current state: idle$/);
    }
    await setState("running");
    const listed = expectManagementSuccess(await harness.management("GET", endpoints()));
    expect(listed.map((endpoint: { id: string }) => endpoint.id)).to.deep.equal([id]);
  });

  it('{"command":"awake"} turns an idle service awaking, then running after the delay', async () => {
    await setState("idle");
    const woken = expectManagementSuccess(await command({ command: "awake" }));
    expect(woken).to.include({ id: harness.fixture.services.production, state: "awaking" });
    expectManagementError(
      await harness.management("GET", endpoints()),
      424,
      "FAILED_DEPENDENCY",
      "Current state: awaking",
    );
    expect(expectManagementSuccess(await command({ command: "awake" })).state).to.equal("awaking");
    await delay(awakeningDelayMs + 50);
    expect(await serviceState()).to.equal("running");
    expectManagementSuccess(await harness.management("GET", endpoints()));
    expect(expectManagementSuccess(await command({ command: "awake" })).state).to.equal("running");
  });

  it("stop and start go through stopping and starting; awake does not start a stopped service", async () => {
    expect(expectManagementSuccess(await command({ command: "stop" })).state).to.equal("stopping");
    await delay(awakeningDelayMs + 50);
    expect(await serviceState()).to.equal("stopped");
    expectManagementError(
      await harness.management("GET", endpoints()),
      424,
      "FAILED_DEPENDENCY",
      "Current state: stopped",
    );
    expectManagementError(await command({ command: "awake" }), 409, "CONFLICT", "start command");
    expect(await serviceState()).to.equal("stopped");
    expect(expectManagementSuccess(await command({ command: "start" })).state).to.equal("starting");
    await delay(awakeningDelayMs + 50);
    expect(await serviceState()).to.equal("running");
  });

  it("refuses an unknown command or field with a 400 naming it", async () => {
    expectManagementError(await command({ command: "sleep" }), 400, "BAD_REQUEST", "command");
    expectManagementError(await command({}), 400, "BAD_REQUEST", "command");
    expectManagementError(await command({ command: "awake", force: true }), 400, "BAD_REQUEST", "force");
  });

  it("with no awakening delay an awake service runs at once", async () => {
    await harness.emulator.control.updateSettings({ awakeningDelayMs: 0 });
    try {
      await setState("idle");
      expect(expectManagementSuccess(await command({ command: "awake" })).state).to.equal("running");
    } finally {
      await harness.emulator.control.updateSettings({ awakeningDelayMs });
    }
  });
});
