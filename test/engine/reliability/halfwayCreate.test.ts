import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { LocalStack, type StateResource } from "../../../scripts/lib/localStack";
import {
  directApi,
  managementResult,
  reversePrivateEndpointsPath,
  type DirectApi,
} from "./support/directApi";
import {
  dedicatedEmulator,
  requestStats,
  stackConfigFor,
  takeRequests,
} from "../../support/reliability/emulators";
import { objectCount, remoteInventory, stateInventory, without, type Inventory } from "./support/inventory";
import { reportCase } from "../../support/reliability/report";
import { testProgram } from "../../support/programs";

const { projectDir, programModule } = testProgram("reliability", "halfway");
const createRoute =
  "POST /v1/organizations/:organizationId/services/:serviceId/dataPipesReversePrivateEndpoints";

/** A reverse private endpoint created remotely whose wait for Ready fails: Failed, or still Provisioning. */
describe("halfway create: an endpoint that goes Failed or is not Ready in time", function () {
  this.timeout(180_000);
  let emulator: RunningEmulator;
  let api: DirectApi;
  let baseline: Inventory;

  before(async () => {
    emulator = await dedicatedEmulator();
    api = directApi(emulator.fixture);
    baseline = await remoteInventory(api);
  });

  after(async () => {
    await emulator?.close();
  });

  async function halfwayStack(readyTimeoutSeconds: number): Promise<LocalStack> {
    return LocalStack.create({
      projectDir,
      programModule,
      config: {
        ...stackConfigFor(emulator),
        "e2e:serviceId": { value: emulator.fixture.services.production },
        "e2e:readyTimeoutSeconds": { value: String(readyTimeoutSeconds) },
      },
    });
  }

  async function endpointStatus(id: string): Promise<number> {
    const response = await api.management.get(
      `${reversePrivateEndpointsPath(api, emulator.fixture.services.production)}/${id}`,
    );
    return response.status;
  }

  /** The endpoint being created, as soon as the emulator has it (bounded wait). */
  async function newEndpointId(): Promise<string> {
    const listPath = reversePrivateEndpointsPath(api, emulator.fixture.services.production);
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const listed = managementResult<{ id: string }[]>(await api.management.get(listPath));
      if (listed.length > 0) return listed[0].id;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("no reverse private endpoint appeared within 60 s");
  }

  async function onlyEndpointInState(stack: LocalStack): Promise<StateResource> {
    const resources = await stack.resources();
    expect(resources).to.have.length(1);
    return resources[0];
  }

  async function expectNothingLeft(stack: LocalStack): Promise<number> {
    const left = without(await remoteInventory(api), baseline);
    expect(left.reversePrivateEndpoints).to.deep.equal([]);
    expect(await stack.resources()).to.deep.equal([]);
    return objectCount(left);
  }

  it("Failed: up fails naming it, state keeps its id, and the next up replaces it", async () => {
    const stack = await halfwayStack(120);
    try {
      await emulator.control.clearRequests();
      await emulator.control.updateSettings({ provisioningDelayMs: 60_000 });
      const pending = stack.up().then(
        () => expect.fail("up succeeded although the endpoint failed"),
        (error: Error) => error,
      );
      const failedId = await newEndpointId();
      await emulator.control.failReversePrivateEndpoint(failedId);
      const error = await pending;
      expect(error.message).to.contain(
        `reverse private endpoint ${failedId} failed to provision (status Failed)`,
      );
      const recorded = await onlyEndpointInState(stack);
      expect(recorded.id).to.equal(failedId);
      expect(recorded.outputs?.status).to.equal("Failed");

      // The replacement has the same fields as the Failed endpoint; a create whose connection drops before it is
      // processed must make a new one, not take the Failed twin for its own.
      await emulator.control.updateSettings({ provisioningDelayMs: 200 });
      await emulator.control.setFaults({ script: [{ route: createRoute, kinds: ["drop"] }] });
      const outputs = await stack.up();
      await emulator.control.clearFaults();
      const replacementId = String(outputs.endpointId.value);
      expect(replacementId).to.not.equal(failedId);
      expect(outputs.status.value).to.equal("Ready");
      expect(await endpointStatus(failedId)).to.equal(404);
      expect(without(await remoteInventory(api), baseline)).to.deep.equal(
        stateInventory(await stack.resources()),
      );

      await stack.destroy();
      const stats = requestStats(await takeRequests(emulator));
      reportCase({
        case: "halfway create: Failed endpoint",
        injected: "status Failed during the wait; then a drop on the replacement's POST",
        result: "id in state; next up replaced it",
        requests: stats.requests,
        tooManyRequests: stats.tooManyRequests,
        faults: stats.faults,
        objectsLeft: await expectNothingLeft(stack),
      });
    } finally {
      await emulator.control.clearFaults();
      await stack.dispose();
    }
  });

  it("not Ready in time: state keeps its id; destroy removes it, and up waits for it again", async () => {
    const stack = await halfwayStack(1);
    try {
      await emulator.control.clearRequests();
      await emulator.control.updateSettings({ provisioningDelayMs: 60_000 });
      const slowError = await stack.up().then(
        () => expect.fail("up succeeded although the endpoint was still provisioning"),
        (error: Error) => error,
      );
      const slowId = (await onlyEndpointInState(stack)).id;
      expect(slowError.message).to.contain(`reverse private endpoint ${slowId} was not Ready after 1 s`);
      expect((await onlyEndpointInState(stack)).outputs?.status).to.equal("Provisioning");

      // destroy handles it: the endpoint is deleted although it never got Ready.
      await emulator.control.updateSettings({ provisioningDelayMs: 200 });
      await stack.destroy();
      await expectNothingLeft(stack);

      // Again, and this time the next up (with more patience) waits for the same endpoint.
      await emulator.control.updateSettings({ provisioningDelayMs: 6_000 });
      await stack.up().then(
        () => expect.fail("up succeeded although the endpoint was still provisioning"),
        (error: Error) => error,
      );
      const waitedId = (await onlyEndpointInState(stack)).id;
      await stack.stack.setConfig("e2e:readyTimeoutSeconds", { value: "60" });
      const outputs = await stack.up();
      expect(outputs.endpointId.value).to.equal(waitedId);
      expect(outputs.status.value).to.equal("Ready");
      expect(without(await remoteInventory(api), baseline).reversePrivateEndpoints).to.deep.equal([
        `${waitedId} halfway`,
      ]);

      await emulator.control.updateSettings({ provisioningDelayMs: 200 });
      await stack.destroy();
      const stats = requestStats(await takeRequests(emulator));
      reportCase({
        case: "halfway create: not Ready in time",
        injected: "provisioning longer than readyTimeoutSeconds (twice)",
        result: "id in state; destroy removed it; up waited again",
        requests: stats.requests,
        tooManyRequests: stats.tooManyRequests,
        faults: stats.faults,
        objectsLeft: await expectNothingLeft(stack),
      });
    } finally {
      await stack.dispose();
    }
  });
});
