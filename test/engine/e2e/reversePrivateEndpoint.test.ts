import axios from "axios";
import { expect } from "chai";
import type { ApiDialect } from "../../../schemas/dialects";
import { LocalStack } from "../../../scripts/lib/localStack";
import { emulatorStackConfig, forEachDialect, sharedEmulator } from "../../support/emulator";
import { testProgram } from "../../support/programs";

const { projectDir, programModule } = testProgram("e2e", "reverse-private-endpoint");

forEachDialect((dialect) =>
  describe(`ReversePrivateEndpoint through the real engine (${dialect} wire)`, function () {
    this.timeout(300_000);
    let stack: LocalStack;

    before(async () => {
      const { fixture } = await sharedEmulator(dialect);
      stack = await LocalStack.create({
        projectDir,
        programModule,
        config: {
          ...(await emulatorStackConfig(dialect)),
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
      const remote = await getEndpoint(dialect, String(outputs.endpointId.value));
      expect(remote.status).to.equal("Ready");
      expect(remote.description).to.equal("first");
    });

    it("preview shows no changes", async () => {
      expect(await stack.preview()).to.deep.equal({ same: 2 });
    });

    it("a description change replaces it: a new endpoint, the old one deleted", async () => {
      const before = String((await stack.stack.outputs()).endpointId.value);
      await stack.stack.setConfig("e2e:description", { value: "second" });
      const outputs = await stack.up();
      const after = String(outputs.endpointId.value);
      expect(after).to.not.equal(before);
      expect((await getEndpoint(dialect, after)).description).to.equal("second");
      expect(await endpointStatusCode(dialect, before)).to.equal(404);
    });

    it("refresh drops an endpoint deleted out of band, and up recreates it", async () => {
      const deletedId = String((await stack.stack.outputs()).endpointId.value);
      await deleteEndpointAndWait(dialect, deletedId);
      const summary = await stack.refresh();
      expect(summary).to.include({ delete: 1 });
      expect((await stack.resources()).map((r) => r.type)).to.deep.equal([]);
      const outputs = await stack.up();
      expect(outputs.endpointId.value).to.not.equal(deletedId);
      expect(outputs.status.value).to.equal("Ready");
    });

    it("destroy removes it from the emulator", async () => {
      const before = String((await stack.stack.outputs()).endpointId.value);
      await stack.destroy();
      expect(await endpointStatusCode(dialect, before)).to.equal(404);
    });
  }),
);

/** Calls the emulator's management API directly, as an out-of-band actor would; never throws on a status. */
async function endpointRequest(dialect: ApiDialect, method: "GET" | "DELETE", id: string) {
  const { fixture } = await sharedEmulator(dialect);
  const { organizationId, services } = fixture;
  return axios.request({
    method,
    url: `${fixture.managementUrl}/v1/organizations/${organizationId}/services/${services.production}/${dialect === "spec" ? "dataPipes" : "clickpipes"}ReversePrivateEndpoints/${id}`,
    auth: { username: fixture.tokenKey, password: fixture.tokenSecret },
    validateStatus: () => true,
  });
}

async function endpointStatusCode(dialect: ApiDialect, id: string): Promise<number> {
  return (await endpointRequest(dialect, "GET", id)).status;
}

async function deleteEndpointAndWait(dialect: ApiDialect, id: string): Promise<void> {
  expect((await endpointRequest(dialect, "DELETE", id)).status).to.equal(200);
  for (let attempt = 0; attempt < 100 && (await endpointStatusCode(dialect, id)) !== 404; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function getEndpoint(
  dialect: ApiDialect,
  id: string,
): Promise<{ status: string; description: string }> {
  const response = await endpointRequest(dialect, "GET", id);
  expect(response.status).to.equal(200);
  return response.data.result;
}
