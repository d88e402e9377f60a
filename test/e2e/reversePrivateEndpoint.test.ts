import * as path from "node:path";
import axios from "axios";
import { expect } from "chai";
import { LocalStack } from "../../scripts/lib/localStack";
import { emulatorStackConfig, sharedEmulator } from "../support/emulator";

const projectDir = path.resolve(__dirname, "../../../test/e2e/programs/reverse-private-endpoint");
const programModule = path.join(__dirname, "programs", "reverse-private-endpoint", "index.js");

describe("ReversePrivateEndpoint through the real engine", function () {
  this.timeout(300_000);
  let stack: LocalStack;

  before(async () => {
    const { fixture } = await sharedEmulator();
    stack = await LocalStack.create({
      projectDir,
      programModule,
      config: {
        ...(await emulatorStackConfig()),
        "e2e:serviceId": { value: fixture.services.production },
        "e2e:description": { value: "first" },
      },
    });
  });

  after(async () => {
    await stack?.dispose();
  });

  it("up creates it and waits until Ready", async () => {
    const outputs = await stack.up();
    expect(outputs.status.value).to.equal("Ready");
    const remote = await getEndpoint(String(outputs.endpointId.value));
    expect(remote.status).to.equal("Ready");
    expect(remote.description).to.equal("first");
  });

  it("preview shows no changes", async () => {
    expect(await stack.preview()).to.deep.equal({ same: 2 });
  });

  it("destroy removes it from the emulator", async () => {
    const before = (await stack.stack.outputs()).endpointId.value as string;
    await stack.destroy();
    const status = await getEndpoint(before).then(
      () => 200,
      (error: { response?: { status: number } }) => error.response?.status,
    );
    expect(status).to.equal(404);
  });
});

async function getEndpoint(id: string): Promise<{ status: string; description: string }> {
  const { fixture } = await sharedEmulator();
  const response = await axios.get(
    `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}/services/${fixture.services.production}/dataPipesReversePrivateEndpoints/${id}`,
    { auth: { username: fixture.tokenKey, password: fixture.tokenSecret } },
  );
  return response.data.result;
}
