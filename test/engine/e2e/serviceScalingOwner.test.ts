/**
 * One owner per scaling setting, through the real engine: a Service and a ReplicaScaling on it may set different
 * scaling settings, and a preview refuses the ReplicaScaling, naming the setting, as soon as it sets one the Service
 * sets, before anything is sent.
 */
import { expect } from "chai";
import { LocalStack } from "../../../scripts/lib/localStack";
import { emulatorStackConfig, sharedEmulator } from "../../support/emulator";
import { testProgram } from "../../support/programs";

const { projectDir, programModule } = testProgram("e2e", "service-scaling-owner");

describe("a scaling setting set by a Service and a ReplicaScaling (real engine)", function () {
  this.timeout(300_000);
  let stack: LocalStack;
  const scalingRoute = "PATCH /v1/organizations/:organizationId/services/:serviceId/replicaScaling";

  const settings = (replicaScaling: Record<string, number>) =>
    stack.stack.setConfig("e2e:replicaScaling", { value: JSON.stringify(replicaScaling) });

  before(async () => {
    stack = await LocalStack.create({
      projectDir,
      programModule,
      config: {
        ...(await emulatorStackConfig("production")),
        "e2e:name": { value: `owner ${process.pid}-${Date.now().toString(36)}` },
        "e2e:serviceScaling": { value: JSON.stringify({ numReplicas: 2 }) },
        "e2e:replicaScaling": { value: JSON.stringify({ idleTimeoutMinutes: 10 }) },
      },
    });
  });

  after(async () => {
    await stack?.destroy().catch(() => undefined);
    await stack?.dispose();
  });

  it("different settings on each are made, and preview shows no change", async () => {
    const outputs = await stack.up();
    expect(outputs.numReplicas.value).to.equal(2);
    expect(outputs.idleTimeoutMinutes.value).to.equal(10);
    expect(await stack.preview()).to.deep.equal({ same: 3 });
  });

  it("preview refuses the ReplicaScaling that sets the Service's numReplicas too, and nothing is sent", async () => {
    const emulator = await sharedEmulator("production");
    await emulator.control.clearRequests();
    await settings({ idleTimeoutMinutes: 10, numReplicas: 4 });
    const failure = await stack.preview().then(
      () => "previewed",
      (error: Error) => error.message,
    );
    expect(failure).to.include("numReplicas is also set by the Service resource of service");
    expect(failure).to.include("set numReplicas on the Service or on this ReplicaScaling, not both");
    const sent = (await emulator.control.requests()).filter((request) => request.route === scalingRoute);
    expect(sent).to.deep.equal([]);
  });

  it("with the setting left to the Service again, preview finds nothing to change", async () => {
    await settings({ idleTimeoutMinutes: 10 });
    expect(await stack.preview()).to.deep.equal({ same: 3 });
  });
});
