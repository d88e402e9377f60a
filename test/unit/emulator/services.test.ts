import { expect } from "chai";
import { validate } from "../../../provider/validation/validate";
import { EmulatorHarness, expectManagementError, expectManagementSuccess } from "../../support/httpRequests";

describe("emulator: services and replica scaling", () => {
  const harness = new EmulatorHarness().install();
  const scale = (
    body: unknown,
    service: "production" | "development" | "secondary" | "trial" = "production",
  ) => harness.management("PATCH", `${harness.servicePath(service)}/replicaScaling`, { body });

  it("GET a service returns every field of the service object, matching the service schema", async () => {
    const service = expectManagementSuccess(await harness.management("GET", harness.servicePath()));
    expect(validate("service", service)).to.deep.equal([]);
    expect(service.id).to.equal(harness.fixture.services.production);
    for (const field of [
      "name",
      "engineVersion",
      "endpoints",
      "minTotalMemoryGb",
      "maxTotalMemoryGb",
      "minReplicaMemoryGb",
      "maxReplicaMemoryGb",
      "numReplicas",
      "idleScaling",
      "idleTimeoutMinutes",
      "ipAccessList",
      "createdAt",
      "encryptionKey",
      "encryptionAssumedRoleIdentifier",
      "iamRole",
      "privateEndpointIds",
      "availablePrivateEndpointIds",
      "dataWarehouseId",
      "isPrimary",
      "isReadonly",
      "byocId",
      "hasTransparentDataEncryption",
      "transparentDataEncryptionKeyId",
      "encryptionRoleId",
    ]) {
      expect(service, field).to.have.property(field);
    }
    expect(service.endpoints.map((endpoint: { protocol: string }) => endpoint.protocol)).to.include("mysql");
  });

  it("lists the organization's four fixture services", async () => {
    const services = expectManagementSuccess(await harness.management("GET", `${harness.orgPath}/services`));
    expect(services.map((service: { id: string }) => service.id).sort()).to.deep.equal(
      Object.values(harness.fixture.services).sort(),
    );
  });

  it("an unknown service is a 404, a malformed id a 400 naming serviceId", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    expectManagementError(
      await harness.management("GET", `${harness.orgPath}/services/${unknown}`),
      404,
      "NOT_FOUND",
      unknown,
    );
    expectManagementError(
      await harness.management("GET", `${harness.orgPath}/services/not-a-uuid`),
      400,
      "BAD_REQUEST",
      "serviceId",
    );
  });

  it("PATCH replicaScaling updates the service and returns it", async () => {
    const service = expectManagementSuccess(
      await scale({
        minReplicaMemoryGb: 16,
        maxReplicaMemoryGb: 64,
        numReplicas: 4,
        idleScaling: false,
        idleTimeoutMinutes: 30,
      }),
    );
    expect(validate("service", service)).to.deep.equal([]);
    expect(service).to.include({
      minReplicaMemoryGb: 16,
      maxReplicaMemoryGb: 64,
      numReplicas: 4,
      idleScaling: false,
      idleTimeoutMinutes: 30,
      minTotalMemoryGb: 64,
      maxTotalMemoryGb: 256,
    });
    const again = expectManagementSuccess(await harness.management("GET", harness.servicePath()));
    expect(again.numReplicas).to.equal(4);
  });

  it("an empty PATCH changes nothing and succeeds", async () => {
    const before = expectManagementSuccess(await harness.management("GET", harness.servicePath()));
    expect(expectManagementSuccess(await scale({}))).to.deep.equal(before);
    expect(expectManagementSuccess(await harness.management("GET", harness.servicePath()))).to.deep.equal(
      before,
    );
  });

  const rejected: Array<[string, unknown, string, string?]> = [
    ["memory not a multiple of 4", { minReplicaMemoryGb: 10 }, "minReplicaMemoryGb", "multiple of 4"],
    ["memory below 8", { minReplicaMemoryGb: 4 }, "minReplicaMemoryGb"],
    ["memory above 356", { maxReplicaMemoryGb: 360 }, "maxReplicaMemoryGb"],
    ["min above max", { minReplicaMemoryGb: 64, maxReplicaMemoryGb: 32 }, "maxReplicaMemoryGb"],
    ["min above the current max", { minReplicaMemoryGb: 200 }, "minReplicaMemoryGb", "must not exceed"],
    ["more than 20 replicas", { numReplicas: 21 }, "numReplicas"],
    ["0 replicas", { numReplicas: 0 }, "numReplicas"],
    ["fractional replicas", { numReplicas: 2.5 }, "numReplicas"],
    ["1 replica for the first service of a warehouse", { numReplicas: 1 }, "numReplicas", "first service"],
    ["idle timeout below 5", { idleTimeoutMinutes: 4 }, "idleTimeoutMinutes"],
    ["idleScaling not a boolean", { idleScaling: "yes" }, "idleScaling"],
    ["an unknown field", { replicas: 3 }, "replicas"],
    ["a body that is not an object", [1], "request body must be a JSON object"],
  ];
  for (const [rule, body, field, words] of rejected) {
    it(`rejects ${rule} with a 400 naming ${field}`, async () => {
      expectManagementError(await scale(body), 400, "BAD_REQUEST", field, ...(words ? [words] : []));
    });
  }

  it("reports every bad field of one request together", async () => {
    expectManagementError(
      await scale({ numReplicas: 30, idleTimeoutMinutes: 1 }),
      400,
      "BAD_REQUEST",
      "numReplicas",
      "idleTimeoutMinutes",
    );
  });

  it("a service created in an existing warehouse may have 1 replica", async () => {
    expect(expectManagementSuccess(await scale({ numReplicas: 1 }, "secondary")).numReplicas).to.equal(1);
  });

  it("caps maxReplicaMemoryGb at 120 for a non-paid service and 356 for a paid one", async () => {
    expectManagementError(await scale({ maxReplicaMemoryGb: 124 }, "trial"), 400, "BAD_REQUEST", "120");
    expect(
      expectManagementSuccess(await scale({ maxReplicaMemoryGb: 120 }, "trial")).maxReplicaMemoryGb,
    ).to.equal(120);
    expect(expectManagementSuccess(await scale({ maxReplicaMemoryGb: 356 })).maxReplicaMemoryGb).to.equal(
      356,
    );
  });

  it("memory bounds apply only to production services", async () => {
    expectManagementError(
      await scale({ minReplicaMemoryGb: 8, maxReplicaMemoryGb: 16 }, "development"),
      400,
      "BAD_REQUEST",
      "minReplicaMemoryGb",
      "maxReplicaMemoryGb",
      "production",
    );
    expect(
      expectManagementSuccess(await scale({ idleTimeoutMinutes: 10 }, "development")).idleTimeoutMinutes,
    ).to.equal(10);
  });

  it("a rejected PATCH is a 400 and changes nothing, not even its valid fields", async () => {
    const before = expectManagementSuccess(await harness.management("GET", harness.servicePath()));
    expectManagementError(
      await scale({ numReplicas: 5, idleScaling: false, idleTimeoutMinutes: 2 }),
      400,
      "BAD_REQUEST",
      "idleTimeoutMinutes",
    );
    const after = expectManagementSuccess(await harness.management("GET", harness.servicePath()));
    expect(after).to.deep.equal(before);
    expect(after).to.include({ numReplicas: 3, idleScaling: true });
  });
});
