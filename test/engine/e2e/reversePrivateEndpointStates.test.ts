/**
 * ReversePrivateEndpoint through the real engine where the real API goes beyond the happy path: an idle service,
 * an endpoint awaiting acceptance, a proxy's 404, and responses shaped differently from the emulator's.
 */
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { LocalStack } from "../../../scripts/lib/localStack";
import { emulatorStackConfig, sharedEmulator } from "../../support/emulator";
import { RewritingProxy } from "../../support/rewritingProxy";
import { testProgram } from "../../support/programs";

const { projectDir, programModule } = testProgram("e2e", "reverse-private-endpoint");
const endpointRoute =
  "/v1/organizations/:organizationId/services/:serviceId/dataPipesReversePrivateEndpoints/:reversePrivateEndpointId";
const endpointServiceName = "com.amazonaws.vpce.us-east-1.vpce-svc-0123456789";

/** The Diagnostics section the engine prints at the end of an operation. */
function diagnostics(stack: LocalStack): string {
  const stdout = stack.logs.at(-1)?.stdout ?? "";
  return stdout.slice(stdout.indexOf("Diagnostics:"));
}

/** The message of a failed engine operation. */
async function failureOf(operation: Promise<unknown>): Promise<string> {
  return operation.then(
    () => expect.fail("the operation succeeded"),
    (error: Error) => error.message,
  );
}

describe("ReversePrivateEndpoint states through the real engine", function () {
  this.timeout(300_000);
  let emulator: RunningEmulator;
  let serviceId: string;
  const stacks: LocalStack[] = [];

  async function newStack(description: string, apiUrl?: string): Promise<LocalStack> {
    const config = await emulatorStackConfig();
    if (apiUrl !== undefined) config["clickhouse:apiUrl"] = { value: apiUrl };
    const stack = await LocalStack.create({
      projectDir,
      programModule,
      config: {
        ...config,
        "e2e:serviceId": { value: serviceId },
        "e2e:description": { value: description },
      },
    });
    stacks.push(stack);
    return stack;
  }

  async function recorded(stack: LocalStack): Promise<{ id?: string; status: unknown }> {
    const resources = await stack.resources();
    expect(resources).to.have.length(1);
    return { id: resources[0].id, status: resources[0].outputs?.status };
  }

  before(async () => {
    emulator = await sharedEmulator();
    serviceId = emulator.fixture.services.secondary;
  });

  afterEach(async () => {
    await emulator.control.clearFaults();
    await emulator.control.updateSettings({ reversePrivateEndpointOutcome: "Ready" });
    await emulator.control.setServiceState(serviceId, "running");
  });

  after(async () => {
    for (const stack of stacks) {
      await stack.destroy().catch(() => undefined);
      await stack.dispose();
    }
  });

  it("up wakes an idle service, and one line in the engine's output says so", async () => {
    const stack = await newStack("on an idle service");
    await emulator.control.setServiceState(serviceId, "idle");
    await emulator.control.clearRequests();
    const outputs = await stack.up();
    expect(outputs.status.value).to.equal("Ready");
    const wakeLine = `service ${serviceId} is idle, and the API refuses reverse private endpoint operations`;
    expect(diagnostics(stack).split(wakeLine)).to.have.length(2);
    const wakes = (await emulator.control.requests()).filter(
      (entry) => entry.method === "PATCH" && entry.path.endsWith(`/services/${serviceId}/state`),
    );
    expect(wakes).to.have.length(1);
  });

  it("PendingAcceptance ends the create with a warning; refresh and up pick up the accepted state in place", async () => {
    await emulator.control.updateSettings({ reversePrivateEndpointOutcome: "PendingAcceptance" });
    const stack = await newStack("awaiting acceptance");
    const outputs = await stack.up();
    expect(outputs.status.value).to.equal("PendingAcceptance");
    const id = String(outputs.endpointId.value);
    expect(diagnostics(stack)).to.contain(
      `warning: reverse private endpoint ${id} is PendingAcceptance: the owner of VPC endpoint service ` +
        `${endpointServiceName} must accept the connection request`,
    );

    await emulator.control.setReversePrivateEndpointStatus(id, "Ready");
    expect(await stack.refresh()).to.not.have.any.keys("create", "delete", "replace");
    expect(await recorded(stack)).to.deep.equal({ id, status: "Ready" });
    expect(await stack.preview()).to.deep.equal({ same: 2 });

    // Pending again (as a second connection request would be): the next up reads it in place, no replacement.
    await emulator.control.setReversePrivateEndpointStatus(id, "PendingAcceptance");
    await stack.refresh();
    expect((await recorded(stack)).status).to.equal("PendingAcceptance");
    expect(await stack.preview()).to.deep.equal({ same: 1, update: 1 });
    await emulator.control.setReversePrivateEndpointStatus(id, "Ready");
    const accepted = await stack.up();
    expect(accepted.status.value).to.equal("Ready");
    expect(accepted.endpointId.value).to.equal(id);
  });

  it("a proxy's 404 fails refresh and destroy and keeps the endpoint in state", async () => {
    const stack = await newStack("behind a proxy");
    const id = String((await stack.up()).endpointId.value);

    await emulator.control.setFaults({ script: [{ route: `GET ${endpointRoute}`, kinds: ["404html"] }] });
    expect(await failureOf(stack.refresh())).to.match(/GET http:\S+ answered 404 \(an HTML page/);
    expect(await recorded(stack)).to.deep.equal({ id, status: "Ready" });
    await emulator.control.clearFaults();
    expect(await stack.refresh()).to.deep.equal({ same: 2 });

    await emulator.control.setFaults({ script: [{ route: `DELETE ${endpointRoute}`, kinds: ["404html"] }] });
    expect(await failureOf(stack.destroy())).to.match(/DELETE http:\S+ answered 404/);
    expect(await recorded(stack)).to.deep.equal({ id, status: "Ready" });
    await emulator.control.clearFaults();
    await stack.destroy();
    expect(await stack.resources()).to.deep.equal([]);
  });

  it("refresh and preview show no change when responses drop their nulls and carry unknown fields", async () => {
    const stack = await newStack("read tolerantly");
    await stack.up();
    const [before] = await stack.resources();
    const proxy = await new RewritingProxy(emulator.url, reshape).start();
    try {
      await stack.stack.setConfig("clickhouse:apiUrl", { value: proxy.url });
      expect(await stack.refresh()).to.deep.equal({ same: 2 });
      expect(await stack.preview()).to.deep.equal({ same: 2 });
      const [after] = await stack.resources();
      expect(after.id).to.equal(before.id);
      expect(after.outputs).to.deep.equal(before.outputs);
      expect(after.outputs).to.not.have.any.keys(
        "addedLater",
        "gcpServiceAttachment",
        "customPrivateDnsMappings",
      );
    } finally {
      await stack.stack.setConfig("clickhouse:apiUrl", { value: emulator.url });
      await proxy.stop();
    }
  });
});

/** Every management result with its nulls dropped and fields the API might add later. */
function reshape(body: unknown): unknown {
  if (typeof body !== "object" || body === null || !("result" in body)) return body;
  const reshaped = (value: unknown): unknown =>
    typeof value === "object" && value !== null && !Array.isArray(value)
      ? {
          ...Object.fromEntries(Object.entries(value).filter(([, field]) => field !== null)),
          customPrivateDnsMappings: [],
          gcpServiceAttachment: null,
          addedLater: { nested: [1, null] },
        }
      : value;
  const { result } = body as { result: unknown };
  return { ...body, result: Array.isArray(result) ? result.map(reshaped) : reshaped(result) };
}
