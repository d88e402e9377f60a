import { expect } from "chai";
import { validate } from "../../../provider/validation/validate";
import { EmulatorHarness, expectManagementError, expectManagementSuccess } from "../../support/httpRequests";

describe("emulator: private endpoints", () => {
  const harness = new EmulatorHarness().install();
  const register = (body: unknown, service: "production" | "secondary" = "production") =>
    harness.management("POST", `${harness.servicePath(service)}/privateEndpoint`, { body });
  const service = async (name: "production" | "secondary" = "production") =>
    expectManagementSuccess(await harness.management("GET", harness.servicePath(name)));
  const organization = async () => expectManagementSuccess(await harness.management("GET", harness.orgPath));

  it("POST registers the endpoint with the organization and attaches it to the service", async () => {
    const result = expectManagementSuccess(
      await register({ id: "vpce-0a1b2c3d4e5f60718", description: "app VPC" }),
    );
    expect(result).to.deep.equal({ id: "vpce-0a1b2c3d4e5f60718", description: "app VPC" });
    expect(validate("privateEndpoint", result)).to.deep.equal([]);
    expect((await service()).privateEndpointIds).to.deep.equal(["vpce-0a1b2c3d4e5f60718"]);
    const org = await organization();
    expect(validate("organization", org)).to.deep.equal([]);
    expect(org.privateEndpoints).to.deep.equal([
      { id: "vpce-0a1b2c3d4e5f60718", description: "app VPC", cloudProvider: "aws", region: "us-east-1" },
    ]);
    expect((await service("secondary")).availablePrivateEndpointIds).to.deep.equal([
      "vpce-0a1b2c3d4e5f60718",
    ]);
  });

  it("POSTing the same id again updates the description and stays attached once", async () => {
    await register({ id: "vpce-1", description: "first" });
    expect(
      expectManagementSuccess(await register({ id: "vpce-1", description: "second" })).description,
    ).to.equal("second");
    expect(expectManagementSuccess(await register({ id: "vpce-1" })).description).to.equal("second");
    expect((await service()).privateEndpointIds).to.deep.equal(["vpce-1"]);
    expect((await organization()).privateEndpoints).to.have.length(1);
  });

  it("rejects a missing or empty id and unknown fields with a 400 naming them", async () => {
    expectManagementError(await register({ description: "x" }), 400, "BAD_REQUEST", "id");
    expectManagementError(await register({ id: "" }), 400, "BAD_REQUEST", "id");
    expectManagementError(await register({ id: "vpce-1", region: "eu" }), 400, "BAD_REQUEST", "region");
  });

  it("service PATCH adds and removes registered endpoints", async () => {
    await register({ id: "vpce-a" });
    await register({ id: "vpce-b" }, "secondary");
    const patch = (body: unknown) => harness.management("PATCH", harness.servicePath(), { body });
    const added = expectManagementSuccess(await patch({ privateEndpointIds: { add: ["vpce-b"] } }));
    expect(validate("service", added)).to.deep.equal([]);
    expect(added.privateEndpointIds).to.deep.equal(["vpce-a", "vpce-b"]);
    const removed = expectManagementSuccess(await patch({ privateEndpointIds: { remove: ["vpce-a"] } }));
    expect(removed.privateEndpointIds).to.deep.equal(["vpce-b"]);
    expect(removed.availablePrivateEndpointIds).to.deep.equal(["vpce-a"]);
  });

  it("service PATCH rejects unregistered ids, ids both added and removed, and empty patches", async () => {
    await register({ id: "vpce-a" });
    const patch = (body: unknown) => harness.management("PATCH", harness.servicePath(), { body });
    expectManagementError(
      await patch({ privateEndpointIds: { add: ["vpce-unknown"] } }),
      400,
      "BAD_REQUEST",
      "privateEndpointIds.add[0]",
      "not registered",
    );
    expectManagementError(
      await patch({ privateEndpointIds: { add: ["vpce-a"], remove: ["vpce-a"] } }),
      400,
      "BAD_REQUEST",
      "both added and removed",
    );
    expectManagementError(await patch({ privateEndpointIds: {} }), 400, "BAD_REQUEST", "privateEndpointIds");
    expectManagementError(await patch({}), 400, "BAD_REQUEST", "privateEndpointIds");
  });

  it("registering on an unknown service is a 404", async () => {
    const path = `${harness.orgPath}/services/55555555-5555-4555-8555-555555555555/privateEndpoint`;
    expectManagementError(
      await harness.management("POST", path, { body: { id: "vpce-1" } }),
      404,
      "NOT_FOUND",
    );
  });
});
