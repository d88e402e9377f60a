import { expect } from "chai";
import {
  EmulatorHarness,
  expectManagementError,
  expectManagementSuccess,
  uuidV4,
  type HttpResponse,
} from "../../support/httpRequests";

const endpointBody = {
  type: "VPC_ENDPOINT_SERVICE",
  vpcEndpointServiceName: "com.amazonaws.vpce.us-east-1.vpce-svc-0a1b2c3d4e5f60718",
};

/** `{status, requestId}` and nothing else: a DELETE of the production wire. */
function expectBareSuccess(response: HttpResponse): void {
  expect(response.status, response.text).to.equal(200);
  expect(Object.keys(response.body).sort()).to.deep.equal(["requestId", "status"]);
  expect(response.body.status).to.equal(200);
  expect(response.body.requestId).to.match(uuidV4);
}

describe("emulator: the management API's production wire (--dialect production)", () => {
  const production = new EmulatorHarness({ dialect: "production" }).install();
  const spec = new EmulatorHarness().install();

  it("serves reverse private endpoints at clickpipesReversePrivateEndpoints, and not at the specification's name", async () => {
    const collection = `${production.servicePath()}/clickpipesReversePrivateEndpoints`;
    const created = expectManagementSuccess(
      await production.management("POST", collection, { body: endpointBody }),
    );
    expect(created.vpcEndpointServiceName).to.equal(endpointBody.vpcEndpointServiceName);
    const listed = expectManagementSuccess(await production.management("GET", collection));
    expect(listed.map((endpoint: { id: string }) => endpoint.id)).to.deep.equal([created.id]);
    const old = await production.management(
      "GET",
      `${production.servicePath()}/dataPipesReversePrivateEndpoints`,
    );
    expect(old.status).to.equal(404);
    const specOnly = await spec.management("GET", `${spec.servicePath()}/clickpipesReversePrivateEndpoints`);
    expect(specOnly.status).to.equal(404);
  });

  it("answers a DELETE of an endpoint or a key with status and requestId only; the specification's wire keeps result", async () => {
    const collection = `${production.servicePath()}/clickpipesReversePrivateEndpoints`;
    const endpoint = expectManagementSuccess(
      await production.management("POST", collection, { body: endpointBody }),
    );
    expectBareSuccess(await production.management("DELETE", `${collection}/${endpoint.id}`));
    const key = expectManagementSuccess(
      await production.management("POST", `${production.orgPath}/keys`, {
        body: { name: "gone", roles: ["developer"] },
      }),
    ).key;
    expectBareSuccess(await production.management("DELETE", `${production.orgPath}/keys/${key.id}`));

    const specKey = expectManagementSuccess(
      await spec.management("POST", `${spec.orgPath}/keys`, { body: { name: "gone", roles: ["developer"] } }),
    ).key;
    expect(
      expectManagementSuccess(await spec.management("DELETE", `${spec.orgPath}/keys/${specKey.id}`)).id,
    ).to.equal(specKey.id);
  });

  it("shows clickhouseVersion and the scaling in effect where the specification shows engineVersion", async () => {
    const service = expectManagementSuccess(await production.management("GET", production.servicePath()));
    expect(service.clickhouseVersion).to.be.a("string").and.not.equal("");
    expect(service).not.to.have.property("engineVersion");
    expect(service.autoscalingMode).to.equal("vertical");
    expect(service.currentScaling).to.include({
      effectiveAutoscalingMode: "vertical",
      effectiveMinReplicas: service.numReplicas,
      effectiveMaxReplicas: service.numReplicas,
    });
    const specService = expectManagementSuccess(await spec.management("GET", spec.servicePath()));
    expect(specService.engineVersion).to.equal(service.clickhouseVersion);
    expect(specService).not.to.have.any.keys("clickhouseVersion", "currentScaling", "autoscalingMode");
  });

  it("gives the deprecated memory totals as three replicas' worth, and none for a horizontal service", async () => {
    const path = `${production.servicePath("secondary")}/replicaScaling`;
    const vertical = expectManagementSuccess(
      await production.management("PATCH", path, {
        body: { minReplicaMemoryGb: 16, maxReplicaMemoryGb: 32 },
      }),
    );
    expect(vertical).to.include({ numReplicas: 1, minTotalMemoryGb: 48, maxTotalMemoryGb: 96 });
    const horizontal = expectManagementSuccess(
      await production.management("PATCH", path, {
        body: { autoscalingMode: "horizontal", minReplicas: 1, maxReplicas: 4, maxReplicaMemoryGb: 16 },
      }),
    );
    expect(horizontal).not.to.have.any.keys("minTotalMemoryGb", "maxTotalMemoryGb");
    const specPath = `${spec.servicePath("secondary")}/replicaScaling`;
    const specVertical = expectManagementSuccess(
      await spec.management("PATCH", specPath, { body: { minReplicaMemoryGb: 16, maxReplicaMemoryGb: 32 } }),
    );
    expect(specVertical).to.include({ numReplicas: 1, minTotalMemoryGb: 16, maxTotalMemoryGb: 32 });
  });

  it("takes the horizontal mode in the replica-scaling PATCH and answers currentScaling", async () => {
    const path = `${production.servicePath("secondary")}/replicaScaling`;
    const scaled = expectManagementSuccess(
      await production.management("PATCH", path, {
        body: {
          autoscalingMode: "horizontal",
          minReplicas: 2,
          maxReplicas: 6,
          minReplicaMemoryGb: 16,
          maxReplicaMemoryGb: 16,
        },
      }),
    );
    expect(scaled).to.include({ autoscalingMode: "horizontal", minReplicas: 2, maxReplicas: 6 });
    expect(scaled.currentScaling).to.include({
      effectiveAutoscalingMode: "horizontal",
      effectiveMinReplicas: 2,
      effectiveMaxReplicas: 6,
      effectiveMinReplicaMemoryGb: 16,
    });
    const back = expectManagementSuccess(
      await production.management("PATCH", path, { body: { autoscalingMode: "vertical", numReplicas: 2 } }),
    );
    expect(back.autoscalingMode).to.equal("vertical");
    expect(back).not.to.have.any.keys("minReplicas", "maxReplicas");
  });

  it("refuses a band with a fixed count, half a band, a band upside down, and unequal memory in horizontal mode", async () => {
    const path = `${production.servicePath("secondary")}/replicaScaling`;
    const refused = async (body: object, field: string, words: string) =>
      expectManagementError(
        await production.management("PATCH", path, { body }),
        400,
        "BAD_REQUEST",
        field,
        words,
      );
    await refused({ numReplicas: 3, minReplicas: 2, maxReplicas: 4 }, "numReplicas", "cannot be combined");
    await refused({ minReplicas: 2 }, "maxReplicas", "together");
    await refused({ minReplicas: 5, maxReplicas: 3 }, "maxReplicas", "at least minReplicas (5)");
    await refused(
      {
        autoscalingMode: "horizontal",
        minReplicas: 1,
        maxReplicas: 3,
        minReplicaMemoryGb: 16,
        maxReplicaMemoryGb: 32,
      },
      "maxReplicaMemoryGb",
      "must equal minReplicaMemoryGb",
    );
  });

  it("the specification's wire refuses the horizontal mode's fields as unknown", async () => {
    const response = await spec.management("PATCH", `${spec.servicePath("secondary")}/replicaScaling`, {
      body: { autoscalingMode: "horizontal", minReplicas: 1, maxReplicas: 3 },
    });
    expectManagementError(response, 400, "BAD_REQUEST", "autoscalingMode");
  });

  it("answers a private endpoint's registration with its cloud provider and region", async () => {
    const body = { id: "vpce-0123456789abcdef0", description: "prod" };
    const registered = expectManagementSuccess(
      await production.management("POST", `${production.servicePath()}/privateEndpoint`, { body }),
    );
    const service = expectManagementSuccess(await production.management("GET", production.servicePath()));
    expect(registered).to.deep.equal({ ...body, cloudProvider: service.provider, region: service.region });
    const specRegistered = expectManagementSuccess(
      await spec.management("POST", `${spec.servicePath()}/privateEndpoint`, { body }),
    );
    expect(specRegistered).to.deep.equal(body);
  });

  it("serves a service's private endpoint configuration; the specification's wire has no such route", async () => {
    const config = expectManagementSuccess(
      await production.management("GET", `${production.servicePath()}/privateEndpointConfig`),
    );
    const service = expectManagementSuccess(await production.management("GET", production.servicePath()));
    expect(config.endpointServiceId).to.match(
      new RegExp(`^com\\.amazonaws\\.vpce\\.${service.region}\\.vpce-svc-`),
    );
    expect(config.privateDnsHostname).to.be.a("string").and.not.equal(service.endpoints[0].host);
    expect((await spec.management("GET", `${spec.servicePath()}/privateEndpointConfig`)).status).to.equal(
      404,
    );
  });
});
