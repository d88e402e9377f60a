import axios from "axios";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import type { ApiDialect } from "../../../schemas/dialects";
import { LocalStack } from "../../../scripts/lib/localStack";
import {
  dedicatedEmulator,
  emulatorStackConfig,
  forEachDialect,
  sharedEmulator,
} from "../../support/emulator";
import { testProgram } from "../../support/programs";
import { stackConfigFor } from "../../support/stackConfig";

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

/**
 * The custom private DNS names, a production-wire input that changes in place, on an emulator of their own so that
 * its request log holds only this stack's requests.
 */
describe("ReversePrivateEndpoint's custom private DNS names through the real engine (production wire)", function () {
  this.timeout(300_000);
  let emulator: RunningEmulator;
  let stack: LocalStack;
  const collection =
    "/v1/organizations/:organizationId/services/:serviceId/clickpipesReversePrivateEndpoints";
  /** The requests since the last clear that change something. */
  const writes = async () =>
    (await emulator.control.requests()).filter((entry) => entry.method !== "GET").map((entry) => entry.route);
  const remote = async (id: string) => {
    const { fixture } = emulator;
    const response = await axios.get(
      `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}/services/${fixture.services.production}/clickpipesReversePrivateEndpoints/${id}`,
      { auth: { username: fixture.tokenKey, password: fixture.tokenSecret }, validateStatus: () => true },
    );
    return response;
  };
  const remoteNames = async (id: string) =>
    ((await remote(id)).data.result.customPrivateDnsMappings as { privateDnsName: string }[]).map(
      (mapping) => mapping.privateDnsName,
    );
  const names = (list: string[]) => stack.stack.setConfig("e2e:dnsNames", { value: JSON.stringify(list) });
  const lastUpdate = async () =>
    ((await stack.stack.history(1))[0].resourceChanges ?? {}) as Record<string, number>;

  before(async () => {
    emulator = await dedicatedEmulator({ dialect: "production" });
    stack = await LocalStack.create({
      projectDir,
      programModule,
      config: {
        ...stackConfigFor(emulator),
        "e2e:serviceId": { value: emulator.fixture.services.production },
        "e2e:description": { value: "named" },
        "e2e:dnsNames": { value: JSON.stringify(["db.example.com"]) },
      },
    });
  });

  after(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("up creates it with its names", async () => {
    const outputs = await stack.up();
    expect(outputs.status.value).to.equal("Ready");
    expect(outputs.customPrivateDnsNames.value).to.deep.equal(["db.example.com"]);
    expect(await remoteNames(String(outputs.endpointId.value))).to.deep.equal(["db.example.com"]);
  });

  it("new names update it in place: the same endpoint, one PATCH, nothing replaced", async () => {
    const before = String((await stack.stack.outputs()).endpointId.value);
    await names(["db.example.com", "*.example.com"]);
    expect(await stack.preview()).to.deep.equal({ same: 1, update: 1 });
    await emulator.control.clearRequests();
    const outputs = await stack.up();
    expect(await lastUpdate()).to.deep.equal({ same: 1, update: 1 });
    expect(String(outputs.endpointId.value)).to.equal(before);
    expect(await writes()).to.deep.equal([`PATCH ${collection}/:reversePrivateEndpointId`]);
    expect(outputs.customPrivateDnsNames.value).to.deep.equal(["db.example.com", "*.example.com"]);
    expect(await remoteNames(before)).to.deep.equal(["db.example.com", "*.example.com"]);
  });

  it("then a preview and a refresh find nothing changed, nor do the same names in another order and case", async () => {
    expect(await stack.preview()).to.deep.equal({ same: 2 });
    expect(await stack.refresh()).to.deep.equal({ same: 2 });
    await names(["*.EXAMPLE.com", "db.example.com"]);
    expect(await stack.preview()).to.deep.equal({ same: 2 });
  });

  it("names left out of the program are left as they are", async () => {
    const id = String((await stack.stack.outputs()).endpointId.value);
    await stack.stack.removeConfig("e2e:dnsNames");
    expect(await stack.preview()).to.deep.equal({ same: 2 });
    await emulator.control.clearRequests();
    await stack.up();
    expect(await writes()).to.deep.equal([]);
    expect(await remoteNames(id)).to.deep.equal(["db.example.com", "*.example.com"]);
  });

  it("an empty list clears them in place", async () => {
    const id = String((await stack.stack.outputs()).endpointId.value);
    await names([]);
    await emulator.control.clearRequests();
    const outputs = await stack.up();
    expect(await lastUpdate()).to.deep.equal({ same: 1, update: 1 });
    expect(String(outputs.endpointId.value)).to.equal(id);
    expect(await writes()).to.deep.equal([`PATCH ${collection}/:reversePrivateEndpointId`]);
    expect(await remoteNames(id)).to.deep.equal([]);
    expect(await stack.preview()).to.deep.equal({ same: 2 });
  });

  it("destroy deletes it", async () => {
    const id = String((await stack.stack.outputs()).endpointId.value);
    expect(await stack.destroy()).to.deep.equal({ delete: 2 });
    // The provider's delete waits until the endpoint is gone.
    expect((await remote(id)).status).to.equal(404);
  });
});

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
