import { expect } from "chai";
import { RequestValidationError } from "../../../provider/validation/validate";
import { managementClientFor } from "../../support/clients";
import { useEmulator } from "../../support/emulator";
import { CannedServer } from "../../support/cannedServer";
import { apiErrorOf, loggedRequests, testOptions } from "../../support/restHarness";

describe("management client against the emulator", () => {
  const setup = useEmulator();
  const logs: string[] = [];
  const client = () => managementClientFor(setup.emulator.fixture, testOptions(logs));
  const ids = () => {
    const { organizationId, services } = setup.emulator.fixture;
    return { org: organizationId, service: services.production };
  };

  it("creates, gets, lists and deletes a reverse private endpoint, unwrapping the result", async () => {
    const { org, service } = ids();
    const api = client().reversePrivateEndpoints;
    const created = await api.create(org, service, {
      type: "VPC_RESOURCE",
      description: "to the lake",
      vpcResourceConfigurationId: "rcfg-0123",
      vpcResourceShareArn: "arn:aws:ram:us-east-1:123456789012:resource-share/abc",
    });
    expect(created.serviceId).to.equal(service);
    expect(created.type).to.equal("VPC_RESOURCE");
    expect(created.dnsNames).to.be.an("array");
    expect((await api.get(org, service, created.id)).id).to.equal(created.id);
    expect((await api.list(org, service)).map((e) => e.id)).to.deep.equal([created.id]);
    await api.delete(org, service, created.id);
    expect(await loggedRequests(setup.emulator)).to.deep.equal([
      `POST /v1/organizations/${org}/services/${service}/dataPipesReversePrivateEndpoints 200`,
      `GET /v1/organizations/${org}/services/${service}/dataPipesReversePrivateEndpoints/${created.id} 200`,
      `GET /v1/organizations/${org}/services/${service}/dataPipesReversePrivateEndpoints 200`,
      `DELETE /v1/organizations/${org}/services/${service}/dataPipesReversePrivateEndpoints/${created.id} 200`,
    ]);
  });

  it("reads a service, updates its replica scaling and its private endpoints", async () => {
    const { org, service } = ids();
    const api = client();
    expect((await api.services.get(org, service)).id).to.equal(service);
    const scaled = await api.services.updateReplicaScaling(org, service, {
      numReplicas: 4,
      idleTimeoutMinutes: 15,
    });
    expect(scaled.numReplicas).to.equal(4);
    expect(scaled.idleTimeoutMinutes).to.equal(15);
    const registered = await api.privateEndpoints.create(org, service, {
      id: "vpce-0abc",
      description: "app VPC",
    });
    expect(registered).to.deep.equal({ id: "vpce-0abc", description: "app VPC" });
    expect((await api.organizations.get(org)).privateEndpoints?.map((e) => e.id)).to.deep.equal([
      "vpce-0abc",
    ]);
    const detached = await api.services.updatePrivateEndpointIds(org, service, {
      privateEndpointIds: { remove: ["vpce-0abc"] },
    });
    expect(detached.privateEndpointIds).to.deep.equal([]);
  });

  it("creates, lists, gets, updates and deletes an API key", async () => {
    const { org } = ids();
    const keys = client().keys;
    const created = await keys.create(org, { name: "ci", roles: ["developer"] });
    expect(created.keyId).to.be.a("string");
    expect(created.keySecret).to.be.a("string");
    expect(created.key.name).to.equal("ci");
    expect((await keys.list(org)).map((k) => k.name)).to.include("ci");
    expect((await keys.get(org, created.key.id)).roles).to.deep.equal(["developer"]);
    expect((await keys.update(org, created.key.id, { state: "disabled" })).state).to.equal("disabled");
    await keys.delete(org, created.key.id);
    const gone = await apiErrorOf(keys.get(org, created.key.id));
    expect(gone.status).to.equal(404);
  });

  it("URL-encodes path parameters", async () => {
    const { org } = ids();
    await client()
      .keys.get(org, "a/b c?d")
      .catch(() => undefined);
    expect(await loggedRequests(setup.emulator)).to.have.length(1);
    expect((await loggedRequests(setup.emulator))[0]).to.contain(`/keys/a%2Fb%20c%3Fd `);
  });

  it("validates a request body before sending it", async () => {
    const { org, service } = ids();
    const attempt = client().services.updateReplicaScaling(org, service, { maxReplicaMemoryGb: 10 });
    const error = await attempt.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(RequestValidationError);
    expect((error as RequestValidationError).message).to.contain("maxReplicaMemoryGb");
    expect(String(error)).to.match(/^RequestValidationError: the body of PATCH /);
    expect(await loggedRequests(setup.emulator)).to.deep.equal([]);
  });

  it("reports a 404 naming what was not found and what to check", async () => {
    const { org, service } = ids();
    const missing = "6a1f3e2c-0000-4000-8000-000000000000";
    const error = await apiErrorOf(client().reversePrivateEndpoints.get(org, service, missing));
    expect(error).to.include({ status: 404, code: "NOT_FOUND", method: "GET", api: "management" });
    expect(error.requestId).to.match(/^[0-9a-f-]{36}$/);
    expect(error.message).to.contain(
      `reverse private endpoint ${missing} of service ${service} was not found`,
    );
    expect(error.message).to.contain("clickhouse:organizationId");
    expect(error.message).to.contain(`requestId ${error.requestId}`);
  });

  it("reports a 400 with the API's own explanation", async () => {
    const { org } = ids();
    const development = setup.emulator.fixture.services.development;
    const error = await apiErrorOf(
      client().services.updateReplicaScaling(org, development, { maxReplicaMemoryGb: 128 }),
    );
    expect(error).to.include({ status: 400, code: "BAD_REQUEST", method: "PATCH" });
    expect(error.detail).to.contain("production");
    expect(error.path).to.equal(`/v1/organizations/${org}/services/${development}/replicaScaling`);
  });

  it("reports rejected credentials with the settings to fix", async () => {
    const { fixture } = setup.emulator;
    const wrong = managementClientFor({ ...fixture, tokenSecret: "not-the-secret" }, testOptions(logs));
    const error = await apiErrorOf(wrong.organizations.get(fixture.organizationId));
    expect(error).to.include({ status: 401, code: "UNAUTHORIZED" });
    for (const hint of [
      "clickhouse:tokenKey",
      "clickhouse:tokenSecret",
      "CLICKHOUSE_TOKEN_KEY",
      "CLICKHOUSE_TOKEN_SECRET",
    ]) {
      expect(error.message).to.contain(hint);
    }
    expect(error.message).not.to.contain("not-the-secret");
  });
});

describe("management client: what each read names in its errors", () => {
  const ORG = "0f8e5a52-6c1d-4a7e-9d0b-3c2f1e4d5a6b";
  const KEY = "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a";
  let server: CannedServer;
  before(async () => {
    server = await new CannedServer(() => ({
      status: 403,
      body: JSON.stringify({ status: 403, error: "FORBIDDEN: not allowed", requestId: "r-1" }),
    })).start();
  });
  after(async () => {
    await server.stop();
  });
  const client = () => managementClientFor(server.url, testOptions([], { retry: { maxAttempts: 1 } }));

  it("the method, the path and the object of a key list, a key read and an organization read", async () => {
    const cases: Array<[() => Promise<unknown>, string]> = [
      [
        () => client().keys.list(ORG),
        `organization ${ORG}: not allowed (403 FORBIDDEN from GET /v1/organizations/${ORG}/keys,`,
      ],
      [
        () => client().keys.get(ORG, KEY),
        `API key ${KEY}: not allowed (403 FORBIDDEN from GET /v1/organizations/${ORG}/keys/${KEY},`,
      ],
      [
        () => client().organizations.get(ORG),
        `organization ${ORG}: not allowed (403 FORBIDDEN from GET /v1/organizations/${ORG},`,
      ],
    ];
    for (const [call, named] of cases) {
      const error = await apiErrorOf(call());
      expect(error.method).to.equal("GET");
      expect(error.message).to.contain(`the management API refused the request for ${named} requestId r-1)`);
    }
  });
});
