import { expect } from "chai";
import { validate } from "../../../provider/validation/validate";
import {
  EmulatorHarness,
  delay,
  expectManagementError,
  expectManagementSuccess,
} from "../../support/httpRequests";

const provisioningDelayMs = 150;

describe("emulator: reverse private endpoints", () => {
  const harness = new EmulatorHarness({ provisioningDelayMs }).install();
  const collection = () => `${harness.servicePath()}/dataPipesReversePrivateEndpoints`;
  const create = (body: unknown) => harness.management("POST", collection(), { body });
  const vpcEndpointService = {
    type: "VPC_ENDPOINT_SERVICE",
    description: "to the payments VPC",
    vpcEndpointServiceName: "com.amazonaws.vpce.us-east-1.vpce-svc-0123456789abcdef0",
  };

  it("creates an endpoint with every field of the endpoint object, Provisioning at first", async () => {
    const endpoint = expectManagementSuccess(await create(vpcEndpointService));
    expect(validate("reversePrivateEndpoint", endpoint)).to.deep.equal([]);
    expect(endpoint).to.include({ ...vpcEndpointService, serviceId: harness.fixture.services.production });
    expect(endpoint.status).to.equal("Provisioning");
    expect(endpoint.endpointId).to.match(/^vpce-[0-9a-f]{17}$/); // AWS endpoint ids: vpce- and 17 hex digits
    expect(endpoint.dnsNames).to.have.length.greaterThan(0);
    expect(endpoint.privateDnsNames).to.be.an("array");
    expect(endpoint).to.include({
      vpcResourceConfigurationId: null,
      mskClusterArn: null,
      mskAuthentication: null,
    });
  });

  it("creates VPC_RESOURCE and MSK_MULTI_VPC endpoints with their required fields", async () => {
    expectManagementSuccess(
      await create({
        type: "VPC_RESOURCE",
        vpcResourceConfigurationId: "rcfg-0123456789abcdef0",
        vpcResourceShareArn: "arn:aws:ram:us-east-1:123456789012:resource-share/abc",
      }),
    );
    const msk = expectManagementSuccess(
      await create({
        type: "MSK_MULTI_VPC",
        mskClusterArn: "arn:aws:kafka:us-east-1:123456789012:cluster/c/abc",
        mskAuthentication: "SASL_IAM",
      }),
    );
    expect(msk.mskAuthentication).to.equal("SASL_IAM");
  });

  const rejected: Array<[string, unknown, string[]]> = [
    ["an unknown type", { type: "VPC_PEERING" }, ["type"]],
    ["a missing type", { description: "x" }, ["type"]],
    [
      "a description of 256 characters",
      { ...vpcEndpointService, description: "d".repeat(256) },
      ["description", "255"],
    ],
    [
      "VPC_RESOURCE without its ids",
      { type: "VPC_RESOURCE" },
      ["vpcResourceConfigurationId", "vpcResourceShareArn"],
    ],
    ["MSK_MULTI_VPC without its fields", { type: "MSK_MULTI_VPC" }, ["mskClusterArn", "mskAuthentication"]],
    [
      "an unknown mskAuthentication",
      { type: "MSK_MULTI_VPC", mskClusterArn: "arn", mskAuthentication: "PLAIN" },
      ["mskAuthentication"],
    ],
    ["an unknown field", { ...vpcEndpointService, region: "us-east-1" }, ["region"]],
  ];
  for (const [rule, body, fields] of rejected) {
    it(`rejects ${rule} with a 400 naming ${fields.join(" and ")}`, async () => {
      expectManagementError(await create(body), 400, "BAD_REQUEST", ...fields);
    });
  }

  it("accepts a description of exactly 255 characters", async () => {
    expectManagementSuccess(await create({ ...vpcEndpointService, description: "d".repeat(255) }));
  });

  it("goes Provisioning -> Ready after the provisioning delay, then Deleting -> gone after DELETE", async () => {
    const { id } = expectManagementSuccess(await create(vpcEndpointService));
    const item = `${collection()}/${id}`;
    expect(expectManagementSuccess(await harness.management("GET", item)).status).to.equal("Provisioning");
    await delay(provisioningDelayMs + 50);
    expect(expectManagementSuccess(await harness.management("GET", item)).status).to.equal("Ready");
    expect(expectManagementSuccess(await harness.management("DELETE", item)).status).to.equal("Deleting");
    expect(expectManagementSuccess(await harness.management("GET", item)).status).to.equal("Deleting");
    await delay(provisioningDelayMs + 50);
    expectManagementError(await harness.management("GET", item), 404, "NOT_FOUND", id);
    expect(expectManagementSuccess(await harness.management("GET", collection()))).to.deep.equal([]);
  });

  it("the control API sets an endpoint's status at once; /fail stays an alias for Failed", async () => {
    const { id } = expectManagementSuccess(await create(vpcEndpointService));
    const item = `${collection()}/${id}`;
    const statusOfItem = async () => expectManagementSuccess(await harness.management("GET", item)).status;
    const setStatus = (status: string, target = id) =>
      harness.control("PUT", `/reverse-private-endpoints/${target}/status`, { body: { status } });
    const accepted = await setStatus("PendingAcceptance");
    expect(accepted.status).to.equal(200);
    expect(accepted.body).to.deep.equal({ id, status: "PendingAcceptance" });
    expect(await statusOfItem()).to.equal("PendingAcceptance");
    await setStatus("Ready");
    expect(await statusOfItem()).to.equal("Ready");
    await setStatus("Provisioning");
    await delay(provisioningDelayMs + 50);
    expect(await statusOfItem()).to.equal("Provisioning");
    for (const status of ["Rejected", "Expired", "Unknown"]) {
      await setStatus(status);
      expect(await statusOfItem()).to.equal(status);
    }
    const failed = await harness.control("POST", `/reverse-private-endpoints/${id}/fail`);
    expect(failed.body).to.deep.equal({ id, status: "Failed" });
    expect(await statusOfItem()).to.equal("Failed");
    for (const refused of ["Deleting", "Accepted"]) expect((await setStatus(refused)).status).to.equal(400);
    expect((await setStatus("Ready", "nope")).status).to.equal(404);
    expect((await harness.control("POST", "/reverse-private-endpoints/nope/fail")).status).to.equal(404);
    expectManagementSuccess(await harness.management("DELETE", item));
    const whileDeleting = await setStatus("Ready");
    expect(whileDeleting.status).to.equal(409);
    expect(whileDeleting.body.error).to.include("Deleting");
  });

  it("new endpoints settle in the reversePrivateEndpointOutcome setting after provisioning", async () => {
    await harness.emulator.control.updateSettings({ reversePrivateEndpointOutcome: "PendingAcceptance" });
    try {
      const { id, status } = expectManagementSuccess(await create(vpcEndpointService));
      expect(status).to.equal("Provisioning");
      await delay(provisioningDelayMs + 50);
      const item = `${collection()}/${id}`;
      expect(expectManagementSuccess(await harness.management("GET", item)).status).to.equal(
        "PendingAcceptance",
      );
      const listed = expectManagementSuccess(await harness.management("GET", collection()));
      expect(listed.map((endpoint: { status: string }) => endpoint.status)).to.deep.equal([
        "PendingAcceptance",
      ]);
    } finally {
      await harness.emulator.control.updateSettings({ reversePrivateEndpointOutcome: "Ready" });
    }
  });

  it("lists the service's endpoints only", async () => {
    const { id } = expectManagementSuccess(await create(vpcEndpointService));
    const listed = expectManagementSuccess(await harness.management("GET", collection()));
    expect(listed.map((endpoint: { id: string }) => endpoint.id)).to.deep.equal([id]);
    const other = `${harness.servicePath("secondary")}/dataPipesReversePrivateEndpoints`;
    expect(expectManagementSuccess(await harness.management("GET", other))).to.deep.equal([]);
    expectManagementError(await harness.management("GET", `${other}/${id}`), 404, "NOT_FOUND");
  });

  it("unknown and malformed endpoint ids are a 404 and a 400", async () => {
    const unknown = "22222222-2222-4222-8222-222222222222";
    expectManagementError(
      await harness.management("GET", `${collection()}/${unknown}`),
      404,
      "NOT_FOUND",
      unknown,
    );
    expectManagementError(await harness.management("DELETE", `${collection()}/${unknown}`), 404, "NOT_FOUND");
    expectManagementError(
      await harness.management("GET", `${collection()}/abc`),
      400,
      "BAD_REQUEST",
      "reversePrivateEndpointId",
    );
  });

  it("creating on an unknown service is a 404", async () => {
    const unknown = "33333333-3333-4333-8333-333333333333";
    const path = `${harness.orgPath}/services/${unknown}/dataPipesReversePrivateEndpoints`;
    expectManagementError(
      await harness.management("POST", path, { body: vpcEndpointService }),
      404,
      "NOT_FOUND",
    );
  });

  it("with no provisioning delay an endpoint is Ready at once", async () => {
    await harness.emulator.control.updateSettings({ provisioningDelayMs: 0 });
    try {
      expect(expectManagementSuccess(await create(vpcEndpointService)).status).to.equal("Ready");
    } finally {
      await harness.emulator.control.updateSettings({ provisioningDelayMs });
    }
  });
});
