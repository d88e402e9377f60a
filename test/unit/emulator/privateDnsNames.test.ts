/**
 * The emulator's production wire: reverse private endpoints of type GCP_PSC_SERVICE_ATTACHMENT and custom private DNS
 * names (`customPrivateDnsMappings`), taken at create, shown on every endpoint, and replaced whole by
 * `PATCH .../clickpipesReversePrivateEndpoints/{id}` (ClickHouse Cloud's OpenAPI, clickPipeReversePrivateEndpointUpdate).
 */
import { promises as fs } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { expect } from "chai";
import { startEmulator } from "../../../emulator";
import {
  EmulatorHarness,
  basicAuth,
  expectManagementError,
  expectManagementSuccess,
  send,
} from "../../support/httpRequests";

const vpcService = {
  type: "VPC_ENDPOINT_SERVICE",
  vpcEndpointServiceName: "com.amazonaws.vpce.us-east-1.vpce-svc-0a1b2c3d4e5f60718",
};
const msk = {
  type: "MSK_MULTI_VPC",
  mskClusterArn: "arn:aws:kafka:us-east-1:123456789012:cluster/c/abc",
  mskAuthentication: "SASL_IAM",
};
const gcp = {
  type: "GCP_PSC_SERVICE_ATTACHMENT",
  gcpServiceAttachment: "projects/analytics/regions/us-east1/serviceAttachments/orders-db",
};
const mappings = (...names: string[]) => names.map((privateDnsName) => ({ privateDnsName }));

describe("emulator: custom private DNS names and GCP PSC endpoints (production wire)", () => {
  const production = new EmulatorHarness({ dialect: "production", provisioningDelayMs: 0 }).install();
  const spec = new EmulatorHarness({ provisioningDelayMs: 0 }).install();
  const collection = (service: "production" | "secondary" = "production") =>
    `${production.servicePath(service)}/clickpipesReversePrivateEndpoints`;
  const create = async (body: unknown, service: "production" | "secondary" = "production") =>
    expectManagementSuccess(await production.management("POST", collection(service), { body }));
  const patch = (id: string, body: unknown) =>
    production.management("PATCH", `${collection()}/${id}`, { body });
  const get = async (id: string) =>
    expectManagementSuccess(await production.management("GET", `${collection()}/${id}`));

  it("stores the names sent at create and shows them, and an empty list for an endpoint without", async () => {
    const named = await create({
      ...vpcService,
      customPrivateDnsMappings: mappings("db.example.com", "*.Example.org"),
    });
    expect(named.customPrivateDnsMappings).to.deep.equal(mappings("db.example.com", "*.Example.org"));
    expect((await get(named.id)).customPrivateDnsMappings).to.deep.equal(
      mappings("db.example.com", "*.Example.org"),
    );
    const plain = await create(vpcService);
    expect(plain).to.deep.include({ customPrivateDnsMappings: [], gcpServiceAttachment: null });
    const listed = expectManagementSuccess(await production.management("GET", collection()));
    expect(
      listed.map((endpoint: { customPrivateDnsMappings: unknown }) => endpoint.customPrivateDnsMappings),
    ).to.deep.equal([mappings("db.example.com", "*.Example.org"), []]);
  });

  it("creates a GCP_PSC_SERVICE_ATTACHMENT endpoint with its service attachment", async () => {
    const endpoint = await create(gcp);
    expect(endpoint).to.include(gcp);
    expect((await get(endpoint.id)).gcpServiceAttachment).to.equal(gcp.gcpServiceAttachment);
  });

  const refusedCreates: Array<[string, unknown, string]> = [
    ["a GCP endpoint without its service attachment", { type: gcp.type }, "gcpServiceAttachment"],
    [
      "a service attachment of another form",
      { ...gcp, gcpServiceAttachment: "orders-db" },
      "gcpServiceAttachment",
    ],
    [
      "a name that is no DNS name",
      { ...vpcService, customPrivateDnsMappings: mappings("db_1.example.com") },
      "customPrivateDnsMappings",
    ],
    [
      "a mapping that is null",
      { ...vpcService, customPrivateDnsMappings: [null] },
      "customPrivateDnsMappings",
    ],
    [
      "a mapping with another field",
      { ...vpcService, customPrivateDnsMappings: [{ privateDnsName: "a.example.com", ttl: 5 }] },
      "customPrivateDnsMappings",
    ],
    [
      "a name twice, in another case",
      { ...vpcService, customPrivateDnsMappings: mappings("db.example.com", "DB.example.com") },
      "DB.example.com is listed more than once",
    ],
    [
      "names on an MSK multi-VPC endpoint",
      { ...msk, customPrivateDnsMappings: mappings("kafka.example.com") },
      "not supported for MSK_MULTI_VPC",
    ],
  ];
  for (const [what, body, mention] of refusedCreates) {
    it(`refuses a create with ${what}: 400 naming it`, async () => {
      const response = await production.management("POST", collection(), { body });
      expectManagementError(response, 400, "BAD_REQUEST", mention);
    });
  }

  it("takes an MSK multi-VPC endpoint with an empty list", async () => {
    expect((await create({ ...msk, customPrivateDnsMappings: [] })).customPrivateDnsMappings).to.deep.equal(
      [],
    );
  });

  it("replaces the names with a PATCH of the whole list and answers the endpoint; an empty list clears them", async () => {
    const endpoint = await create({
      ...vpcService,
      description: "orders",
      customPrivateDnsMappings: mappings("a.example.com"),
    });
    const replaced = expectManagementSuccess(
      await patch(endpoint.id, { customPrivateDnsMappings: mappings("b.example.com", "*.c.example.com") }),
    );
    expect(replaced).to.include({ id: endpoint.id, description: "orders", status: "Ready" });
    expect(replaced.customPrivateDnsMappings).to.deep.equal(mappings("b.example.com", "*.c.example.com"));
    expect((await get(endpoint.id)).customPrivateDnsMappings).to.deep.equal(
      mappings("b.example.com", "*.c.example.com"),
    );
    const cleared = expectManagementSuccess(await patch(endpoint.id, { customPrivateDnsMappings: [] }));
    expect(cleared.customPrivateDnsMappings).to.deep.equal([]);
    expect((await get(endpoint.id)).customPrivateDnsMappings).to.deep.equal([]);
  });

  it("takes an endpoint's own names again, in another case, in the same PATCH", async () => {
    const endpoint = await create({ ...vpcService, customPrivateDnsMappings: mappings("db.example.com") });
    const again = expectManagementSuccess(
      await patch(endpoint.id, { customPrivateDnsMappings: mappings("DB.example.com", "api.example.com") }),
    );
    expect(again.customPrivateDnsMappings).to.deep.equal(mappings("DB.example.com", "api.example.com"));
  });

  it("refuses a name another endpoint of the service holds, in any case, but not one of another service", async () => {
    const holder = await create({ ...vpcService, customPrivateDnsMappings: mappings("db.example.com") });
    const other = await create(vpcService);
    expectManagementError(
      await patch(other.id, { customPrivateDnsMappings: mappings("api.example.com", "DB.EXAMPLE.COM") }),
      400,
      "BAD_REQUEST",
      `customPrivateDnsMappings: db.example.com is already a private DNS name of reverse private endpoint ${holder.id}`,
    );
    expectManagementError(
      await production.management("POST", collection(), {
        body: { ...vpcService, customPrivateDnsMappings: mappings("db.example.com") },
      }),
      400,
      "BAD_REQUEST",
      holder.id,
    );
    expect((await get(other.id)).customPrivateDnsMappings).to.deep.equal([]);
    const elsewhere = await create(
      { ...vpcService, customPrivateDnsMappings: mappings("db.example.com") },
      "secondary",
    );
    expect(elsewhere.customPrivateDnsMappings).to.deep.equal(mappings("db.example.com"));
  });

  it("takes names that no other endpoint of the service holds, at create and in a PATCH", async () => {
    await create({ ...vpcService, customPrivateDnsMappings: mappings("db.example.com") });
    const second = await create({ ...vpcService, customPrivateDnsMappings: mappings("api.example.com") });
    expect(second.customPrivateDnsMappings).to.deep.equal(mappings("api.example.com"));
    const patched = expectManagementSuccess(
      await patch(second.id, { customPrivateDnsMappings: mappings("web.example.com") }),
    );
    expect(patched.customPrivateDnsMappings).to.deep.equal(mappings("web.example.com"));
  });

  it("refuses names on an MSK multi-VPC endpoint, and takes an empty list", async () => {
    const endpoint = await create(msk);
    expectManagementError(
      await patch(endpoint.id, { customPrivateDnsMappings: mappings("kafka.example.com") }),
      400,
      "BAD_REQUEST",
      "customPrivateDnsMappings: custom private DNS names are not supported for MSK_MULTI_VPC endpoints",
    );
    expectManagementSuccess(await patch(endpoint.id, { customPrivateDnsMappings: [] }));
  });

  const malformed: Array<[string, unknown, string]> = [
    ["an unknown field", { customPrivateDnsMappings: [], description: "renamed" }, "description"],
    ["no field at all", {}, ""],
    ["mappings that are no list", { customPrivateDnsMappings: "db.example.com" }, "customPrivateDnsMappings"],
    ["a mapping without a name", { customPrivateDnsMappings: [{}] }, "customPrivateDnsMappings"],
    [
      "a name that is no DNS name",
      { customPrivateDnsMappings: mappings("db..example.com") },
      "customPrivateDnsMappings",
    ],
    [
      "a name listed twice",
      { customPrivateDnsMappings: mappings("a.example.com", "a.example.com") },
      "listed more than once",
    ],
    ["a body that is not JSON", "{customPrivateDnsMappings", ""],
  ];
  for (const [what, body, mention] of malformed) {
    it(`answers a PATCH with ${what} with the API's 400 error body, changing nothing`, async () => {
      const endpoint = await create({
        ...vpcService,
        customPrivateDnsMappings: mappings("kept.example.com"),
      });
      const response = await production.management("PATCH", `${collection()}/${endpoint.id}`, {
        body,
        ...(typeof body === "string" ? { headers: { "content-type": "application/json" } } : {}),
      });
      expectManagementError(response, 400, "BAD_REQUEST", ...(mention === "" ? [] : [mention]));
      expect((await get(endpoint.id)).customPrivateDnsMappings).to.deep.equal(mappings("kept.example.com"));
    });
  }

  it("answers a PATCH of an unknown endpoint with 404, and one on an idle service with 424", async () => {
    const unknown = "0b0c2a3e-7c57-4d0e-9d9a-000000000001";
    expectManagementError(await patch(unknown, { customPrivateDnsMappings: [] }), 404, "NOT_FOUND", unknown);
    const endpoint = await create(vpcService);
    await production.control("PUT", `/services/${production.fixture.services.production}/state`, {
      body: { state: "idle" },
    });
    expectManagementError(
      await patch(endpoint.id, { customPrivateDnsMappings: [] }),
      424,
      "FAILED_DEPENDENCY",
      "Current state: idle",
    );
  });

  it("leaves both fields and the PATCH to the production wire: the specification's endpoint has neither", async () => {
    const specCollection = `${spec.servicePath()}/dataPipesReversePrivateEndpoints`;
    const endpoint = expectManagementSuccess(
      await spec.management("POST", specCollection, { body: vpcService }),
    );
    expect(endpoint).not.to.have.any.keys("customPrivateDnsMappings", "gcpServiceAttachment");
    expectManagementError(
      await spec.management("POST", specCollection, {
        body: { ...vpcService, customPrivateDnsMappings: [] },
      }),
      400,
      "BAD_REQUEST",
      "customPrivateDnsMappings",
    );
    expectManagementError(
      await spec.management("POST", specCollection, { body: gcp }),
      400,
      "BAD_REQUEST",
      "type",
    );
    const patched = await spec.management("PATCH", `${specCollection}/${endpoint.id}`, {
      body: { customPrivateDnsMappings: [] },
    });
    expect(patched.status).to.equal(405);
  });
});

describe("emulator: custom private DNS names of endpoints from a state file written before them", () => {
  let directory: string;
  afterEach(async () => {
    await fs.rm(directory, { recursive: true, force: true });
  });

  it("reads an endpoint without customPrivateDnsMappings as holding no name", async () => {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), "emulator-dns-names-"));
    const statePath = path.join(directory, "state.json");
    const options = { dialect: "production" as const, provisioningDelayMs: 0, statePath };
    const call = async (
      emulator: Awaited<ReturnType<typeof startEmulator>>,
      method: string,
      suffix: string,
      body?: unknown,
    ) =>
      send(
        `${emulator.url}/v1/organizations/${emulator.fixture.organizationId}/services/` +
          `${emulator.fixture.services.production}/clickpipesReversePrivateEndpoints${suffix}`,
        method,
        {
          headers: { authorization: basicAuth(emulator.fixture.tokenKey, emulator.fixture.tokenSecret) },
          body,
        },
      );

    const first = await startEmulator(options);
    const old = expectManagementSuccess(await call(first, "POST", "", vpcService));
    await first.close();
    // The state file of an emulator that did not know the field yet.
    const written = JSON.parse(await fs.readFile(statePath, "utf8"));
    for (const endpoint of written.current.reversePrivateEndpoints) delete endpoint.customPrivateDnsMappings;
    await fs.writeFile(statePath, JSON.stringify(written));

    const second = await startEmulator(options);
    try {
      const named = await call(second, "POST", "", {
        ...vpcService,
        customPrivateDnsMappings: mappings("db.example.com"),
      });
      expect(expectManagementSuccess(named).customPrivateDnsMappings).to.deep.equal(
        mappings("db.example.com"),
      );
      const read = expectManagementSuccess(await call(second, "GET", `/${old.id}`));
      expect(read.customPrivateDnsMappings).to.deep.equal([]);
    } finally {
      await second.close();
    }
  });
});
