/**
 * Resource operations against answers the emulator never gives, as a loopback server hands them out: an API error
 * without a request id, a key object that leaves its state or usedAt out, an endpoint the organization does not
 * list, fields a schema does not check with another type than their outputs'. The real API may give each of them,
 * as its specification does not promise otherwise, and the provider must read them without failing, or refuse
 * them saying what is missing where an output that is always set has nothing to take its value from.
 */
import type { Clock } from "../../../provider/clock";
import type { IncomingMessage } from "node:http";
import { expect } from "chai";
import { providerOf } from "../../support/providers";
import { configureKindsForCannedServer } from "../../support/providerConfig";
import { failureOf } from "../../support/failureOf";
import { withProgressLines } from "../../support/progressLines";
import { CannedServer, type CannedResponse } from "../../support/cannedServer";
import { managementClientFor } from "../../support/clients";
import { untilDeleted } from "../../../provider/resources/reversePrivateEndpoint/deletion";

const organizationId = "0f8e5a52-6c1d-4a7e-9d0b-3c2f1e4d5a6b";
const serviceId = "5b2d9c4e-1a3f-4e6d-8b7c-9a0e1f2d3c4b";
const keyUuid = "3c1d7e2a-9b4f-4a6e-8d2c-1f0e9a8b7c6d";
const endpointId = "vpce-0a1b2c3d4e5f60718";

/** A management API success: its envelope around `result`. */
const success = (result: unknown): CannedResponse => ({
  status: 200,
  body: JSON.stringify({ status: 200, requestId: "7b4c6c1e-3f51-4f0e-9d2f-0c8f5f3b2a11", result }),
});

describe("resources: answers the emulator never gives", function () {
  this.timeout(30_000);
  let server: CannedServer;
  let restoreKinds: () => Promise<void>;
  let answer: (request: IncomingMessage) => CannedResponse;

  before(async () => {
    server = await new CannedServer((_index, request) => answer(request)).start();
    restoreKinds = await configureKindsForCannedServer(
      ["ReplicaScaling", "ApiKey", "PrivateEndpoint", "Source"],
      server.url,
      organizationId,
    );
  });

  after(async () => {
    await server.stop();
    await restoreKinds();
  });

  it("a refused scaling setting without a request id says what was refused, and no request id", async () => {
    answer = () => ({
      status: 400,
      body: JSON.stringify({ status: 400, error: "BAD_REQUEST: numReplicas must be at most 2" }),
    });
    const refused = await failureOf(() => providerOf("ReplicaScaling").create({ serviceId, numReplicas: 3 }));
    expect(refused.message).to.contain(
      `the API refused the scaling settings of service ${serviceId} (numReplicas=3): numReplicas must be at most 2. Limits`,
    );
  });

  it("a service without a name is refused, naming the service: the scaling outputs always have one", async () => {
    answer = () => success({ id: serviceId, numReplicas: 3, idleScaling: true });
    const refused = await failureOf(() => providerOf("ReplicaScaling").create({ serviceId, numReplicas: 3 }));
    expect(refused.message).to.equal(
      `the API's answer for service ${serviceId} has no name (\`name\` is absent), so its scaling settings ` +
        "cannot be reported",
    );
  });

  it("a service's fields the schema does not check are scaling outputs only when they have the outputs' types", async () => {
    answer = () =>
      success({
        id: serviceId,
        name: "analytics",
        numReplicas: 3,
        minTotalMemoryGb: "24",
        maxTotalMemoryGb: 48,
        isPrimary: "yes",
      });
    const created = await providerOf("ReplicaScaling").create({ serviceId, numReplicas: 3 });
    expect(created.outs).to.include({ name: "analytics", numReplicas: 3, maxTotalMemoryGb: 48 });
    expect(created.outs).to.not.have.any.keys("minTotalMemoryGb", "isPrimary");
  });

  it("a created key whose object leaves its state out is enabled, the state a new key has", async () => {
    const key = {
      id: keyUuid,
      name: "ci",
      roles: ["developer"],
      keySuffix: "abcd",
      createdAt: "2026-11-25T20:00:00Z",
    };
    answer = (request) =>
      request.method === "PATCH"
        ? success(key)
        : success({ key, keyId: "canned-new-key-id", keySecret: "canned-new-key-secret" });
    const created = await providerOf("ApiKey").create({ name: "ci", roles: ["developer"] });
    expect(created.id).to.equal(keyUuid);
    expect(created.outs).to.include({ state: "enabled", name: "ci" });
    // Absent, the IP access list allows any address: the empty list.
    expect(created.outs?.ipAccessList).to.deep.equal([]);
  });

  it("a created key whose object leaves out or nulls its name, roles and keySuffix has the requested ones", async () => {
    const key = {
      id: keyUuid,
      name: null,
      roles: ["developer", "a-role-the-api-does-not-list"],
      state: "enabled",
      createdAt: "2026-11-25T20:00:00Z",
      ipAccessList: [{ source: "10.0.0.0/8", description: null, note: "unread" }],
    };
    answer = (request) =>
      request.method === "PATCH"
        ? success(key)
        : success({ key, keyId: "canned-new-key-id", keySecret: "canned-new-key-secret" });
    const created = await providerOf("ApiKey").create({ name: "ci", roles: ["developer"] });
    expect(created.outs).to.deep.include({
      name: "ci",
      roles: ["developer"],
      // The last 4 characters of the key id, as the API shows them.
      keySuffix: "y-id",
      ipAccessList: [{ source: "10.0.0.0/8" }],
    });
  });

  it("a created key whose object has no createdAt is deleted, and the create fails saying so", async () => {
    const key = { id: keyUuid, name: "ci", roles: ["developer"], state: "enabled", keySuffix: "abcd" };
    answer = (request) => {
      if (request.method === "POST") return success({ key, keyId: "canned-key", keySecret: "canned-secret" });
      return success(request.method === "DELETE" ? null : key);
    };
    const sentBefore = server.received.length;
    const error = await failureOf(() => providerOf("ApiKey").create({ name: "ci", roles: ["developer"] }));
    expect(error.message).to.equal(
      `API key "ci" was created but the API's answer for API key ${keyUuid} has no createdAt; it was deleted, ` +
        "so the next `pulumi up` starts clean",
    );
    expect(error.message).to.not.contain("canned-secret");
    const sent = server.received.slice(sentBefore).map((request) => `${request.method} ${request.url}`);
    expect(sent).to.deep.equal([
      `POST /v1/organizations/${organizationId}/keys`,
      `PATCH /v1/organizations/${organizationId}/keys/${keyUuid}`,
      `DELETE /v1/organizations/${organizationId}/keys/${keyUuid}`,
    ]);
  });

  it("a key read without keySuffix and createdAt keeps the recorded ones, which never change", async () => {
    answer = () => success({ id: keyUuid, name: "ci", roles: ["developer"], state: "disabled" });
    const recorded = {
      name: "ci",
      roles: ["developer"],
      state: "enabled",
      keySuffix: "abcd",
      createdAt: "2026-11-25T20:00:00Z",
      ipAccessList: [],
      organizationId,
    };
    const read = await providerOf("ApiKey").read(keyUuid, recorded);
    expect(read.props).to.deep.include({ ...recorded, state: "disabled" });
  });

  it("an adopted key without keySuffix is refused: nothing else tells the key id's last characters", async () => {
    answer = () =>
      success({
        id: keyUuid,
        name: "ci",
        roles: ["developer"],
        state: "enabled",
        createdAt: "2026-11-25T20:00:00Z",
      });
    const error = await failureOf(() =>
      providerOf("ApiKey").create({ name: "ci", roles: ["developer"], adoptId: keyUuid }),
    );
    expect(error.message).to.equal(`the API's answer for API key ${keyUuid} has no keySuffix`);
  });

  it("a source's fields of another type than their outputs' (null, say) are only in `fields`", async () => {
    const sourceId = "65f5e4a3b9e77c001a000001";
    const source = {
      id: sourceId,
      name: "Logs",
      kind: "log",
      connection: "65f5e4a3b9e77c001a000002",
      from: { databaseName: "otel", tableName: "logs" },
      timestampValueExpression: "Timestamp",
      section: null,
      durationPrecision: "3",
      logSourceId: "65f5e4a3b9e77c001a000003",
    };
    answer = () => ({ status: 200, body: JSON.stringify({ data: source }) });
    const read = await providerOf("Source").read(sourceId, { name: "Logs", kind: "log" });
    const { id: _id, ...fields } = source;
    expect(read.props).to.deep.include({
      name: "Logs",
      from: source.from,
      logSourceId: source.logSourceId,
      fields,
    });
    expect(read.props).to.not.have.any.keys("section", "durationPrecision");
  });

  it("a key that a lost reply made is found, and deleted, though its object leaves usedAt out", async () => {
    const lookalike = {
      id: keyUuid,
      name: "lost",
      roles: ["developer"],
      keySuffix: "abcd",
      state: "enabled",
      createdAt: new Date(Date.now() + 1_000).toISOString(),
    };
    let posts = 0;
    const receivedBefore = server.received.length;
    /** The name the provider sent with its first create: the key that create made carries it. */
    const firstPostName = () => {
      const post = server.received.slice(receivedBefore).find((r) => r.method === "POST");
      return (JSON.parse(post?.body ?? "{}") as { name?: string }).name;
    };
    answer = (request) => {
      if (request.method === "POST" && ++posts === 1) return { status: 200, body: "", drop: true };
      if (request.method === "GET") return success([{ ...lookalike, name: firstPostName() }]);
      if (request.method === "DELETE") return success(null);
      if (request.method === "PATCH")
        return success({ ...lookalike, id: "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a" });
      return success({
        key: {
          ...lookalike,
          id: "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a",
          createdAt: new Date().toISOString(),
        },
        keyId: "canned-new-key-id",
        keySecret: "canned-new-key-secret",
      });
    };
    const sentBefore = server.received.length;
    const { lines } = await withProgressLines(() =>
      providerOf("ApiKey").create({ name: "lost", roles: ["developer"] }),
    );
    const sent = server.received.slice(sentBefore).map((request) => `${request.method} ${request.url}`);
    expect(sent).to.include(`DELETE /v1/organizations/${organizationId}/keys/${keyUuid}`);
    expect(firstPostName()).to.match(/^lost ~creating-[0-9a-f]{12}$/);
    expect(lines).to.include(
      `[ApiKey] the reply to creating API key "${firstPostName()}" was lost, so its secret is unknown; deleting what it made (${keyUuid})`,
    );
  });

  it("a key whose rename to its own name is refused is deleted, and the create fails saying so", async () => {
    const key = { id: keyUuid, name: "ci ~creating-0123456789ab", roles: ["developer"], keySuffix: "abcd" };
    answer = (request) => {
      if (request.method === "POST") return success({ key, keyId: "canned-key", keySecret: "canned-secret" });
      if (request.method === "PATCH")
        return { status: 400, body: JSON.stringify({ status: 400, error: "BAD_REQUEST: name refused" }) };
      return success(null);
    };
    const sentBefore = server.received.length;
    const error = await failureOf(() => providerOf("ApiKey").create({ name: "ci", roles: ["developer"] }));
    expect(error.message).to.contain('API key "ci" was created but could not be given its name (');
    expect(error.message).to.contain("it was deleted, so the next `pulumi up` starts clean");
    expect(error.message).to.not.contain("canned-secret");
    const sent = server.received.slice(sentBefore).map((request) => `${request.method} ${request.url}`);
    expect(sent).to.deep.equal([
      `POST /v1/organizations/${organizationId}/keys`,
      `PATCH /v1/organizations/${organizationId}/keys/${keyUuid}`,
      `DELETE /v1/organizations/${organizationId}/keys/${keyUuid}`,
    ]);
  });

  it("a create reply that fails validation while it carries the new key's secret never shows the secret", async () => {
    const secret = "4b1dCannedSecretThatMustNeverShow0123456789";
    const badReplies: unknown[] = [
      { key: { name: "ci", roles: ["developer"] }, keyId: "canned-key", keySecret: secret },
      { key: { id: 7, name: secret }, keyId: "canned-key", keySecret: secret },
      { key: "not an object", keyId: secret, keySecret: secret },
    ];
    for (const reply of badReplies) {
      answer = () => success(reply);
      const { result: error, lines } = await withProgressLines(() =>
        failureOf(() => providerOf("ApiKey").create({ name: "ci", roles: ["developer"] })),
      );
      expect(error.message, JSON.stringify(reply)).to.contain("unexpected response");
      const everything = [error.message, String(error.stack), ...lines].join("\n");
      expect(everything, JSON.stringify(reply)).to.not.contain(secret);
    }
  });

  describe("a private endpoint the organization does not list", () => {
    beforeEach(() => {
      answer = (request) => {
        if (request.method === "GET" && request.url === `/v1/organizations/${organizationId}`)
          return success({ id: organizationId, privateEndpoints: [] });
        if (request.method === "GET") return success({ id: serviceId, privateEndpointIds: [endpointId] });
        return success({ id: endpointId, description: "from the canned server" });
      };
    });

    it("is gone on read, though the service still lists it", async () => {
      const found = await providerOf("PrivateEndpoint").read(`${serviceId}/${endpointId}`, {
        serviceId,
        endpointId,
        organizationId,
      });
      expect(found.id).to.equal("");
    });

    it("is made with the endpoint id and description that were sent, right after its create", async () => {
      const created = await providerOf("PrivateEndpoint").create({
        serviceId,
        endpointId,
        description: "sent",
      });
      expect(created.outs).to.include({ endpointId, description: "sent", serviceId });
    });
  });
});

describe("resources: a reverse private endpoint that stays Deleting", () => {
  let server: CannedServer;

  before(async () => {
    server = await new CannedServer(() =>
      success({ id: endpointId, status: "Deleting", description: "on its way out" }),
    ).start();
  });

  after(() => server.stop());

  it("ends the wait after 600 s with an error naming the endpoint and the time waited", async () => {
    // Each poll's interval passes at once and counts as ten minutes and a second.
    let skippedMs = 0;
    const clock: Clock = {
      now: () => skippedMs,
      sleep: async () => {
        skippedMs += 601_000;
      },
    };
    const api = managementClientFor(server.url, { retry: { maxAttempts: 1 } }).reversePrivateEndpoints;
    const failure = await failureOf(() => untilDeleted(api, organizationId, serviceId, endpointId, clock));
    expect(failure.message).to.equal(`reverse private endpoint ${endpointId} was still deleting after 600 s`);
  });
});
