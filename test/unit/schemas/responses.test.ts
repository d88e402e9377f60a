import { expect } from "chai";
import { validate } from "../../../provider/validation/validate";
import { expectOnlyProblem, expectValid } from "./expectations";

const uuid = "0f3b6f9e-2c4d-4b8a-9e1f-7a6b5c4d3e2f";
const otherUuid = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";

describe("schemas: management responses", () => {
  const endpoint = {
    id: uuid,
    serviceId: otherUuid,
    endpointId: "vpce-0abc",
    dnsNames: ["a.example"],
    privateDnsNames: [],
    status: "Ready",
    type: "VPC_RESOURCE",
    description: null,
    vpcResourceShareArn: "arn:x",
  };

  it("accepts a reverse private endpoint with extra fields", () => {
    expectValid("reversePrivateEndpoint", { ...endpoint, region: "us-east-1" });
  });

  it("reports a missing or mistyped id or status, the fields every operation acts on", () => {
    const { status: _s, ...withoutStatus } = endpoint;
    expectOnlyProblem("reversePrivateEndpoint", withoutStatus, "status", "status is required");
    expectOnlyProblem("reversePrivateEndpoint", { ...endpoint, status: 1 }, "status", "must be a string");
    expectOnlyProblem("reversePrivateEndpoint", { ...endpoint, id: "" }, "id", "must not be empty");
  });

  it("accepts an endpoint whose unused fields are absent, null or of another shape", () => {
    expectValid("reversePrivateEndpoint", { id: uuid, status: "PendingAcceptance" });
    expectValid("reversePrivateEndpoint", {
      ...endpoint,
      serviceId: null,
      endpointId: null,
      dnsNames: null,
      privateDnsNames: "private.example",
      type: "GCP_PSC_SERVICE_ATTACHMENT",
      customPrivateDnsMappings: [{ privateDnsName: "a.example" }],
    });
  });

  it("accepts a sparse service and a full one with nulls where real services send them", () => {
    expectValid("service", { id: uuid, name: "prod" });
    expectValid("service", {
      id: uuid,
      name: "prod",
      engineVersion: "24.8",
      endpoints: [{ protocol: "mysql", host: "h.example", port: 3306, username: "u" }],
      minReplicaMemoryGb: 8,
      maxReplicaMemoryGb: 120,
      numReplicas: 3,
      idleScaling: true,
      idleTimeoutMinutes: 15,
      ipAccessList: [{ source: "0.0.0.0/0", description: "anywhere" }],
      createdAt: "2024-05-01T10:00:00Z",
      byocId: null,
      privateEndpointIds: ["vpce-1"],
      isPrimary: true,
      tier: "production",
    });
  });

  it("reports a service's mistyped used fields, one each, and tolerates the unused ones", () => {
    const problems = validate("service", { id: uuid, numReplicas: "3", idleScaling: 1, state: 7 });
    expect(problems.map((problem) => problem.property)).to.have.members([
      "numReplicas",
      "idleScaling",
      "state",
    ]);
    expectOnlyProblem("service", { name: "x" }, "id", "id is required");
    expectValid("service", {
      id: uuid,
      name: null,
      endpoints: [{ port: "3306" }],
      createdAt: null,
      isPrimary: null,
      numReplicas: null,
      minReplicaMemoryGb: null,
      privateEndpointIds: null,
      state: "idle",
      horizontalScaling: { min: 1 },
    });
  });

  const key = {
    id: uuid,
    name: "ci",
    roles: ["admin"],
    keySuffix: "abcd",
    state: "enabled",
    createdAt: "2024-05-01T10:00:00Z",
    expireAt: null,
    usedAt: null,
  };

  it("accepts a key and a create result with or without keyId and keySecret", () => {
    expectValid("apiKey", { ...key, ipAccessList: [] });
    expectValid("apiKeyCreateResult", { key, keyId: "KEYID", keySecret: "s3cr3t", extra: 1 });
    expectValid("apiKeyCreateResult", { key });
  });

  it("reports problems inside the key by dotted path and never echoes the secret", () => {
    const { id: _id, ...withoutId } = key;
    expectOnlyProblem("apiKeyCreateResult", { key: withoutId }, "key.id", "id is required");
    expectOnlyProblem("apiKeyCreateResult", { keyId: "x" }, "key", "key is required");
    const problem = expectOnlyProblem("apiKeyCreateResult", { key, keySecret: 123456 }, "keySecret");
    expect(problem.reason).to.equal("keySecret must be a string");
  });

  it("accepts a key with a role added later, unused fields of another shape, and nulls", () => {
    expectValid("apiKey", { ...key, roles: ["owner"], createdAt: "yesterday", keySuffix: null, usedAt: 0 });
    expectValid("apiKey", { id: uuid, name: null, roles: null, state: null, ipAccessList: null });
    expectOnlyProblem("apiKey", { ...key, roles: "admin" }, "roles", "must be an array");
  });

  it("accepts private endpoints and organizations, and reports a missing id the provider needs", () => {
    expectValid("privateEndpoint", { id: "vpce-1", description: "x", cloudProvider: "aws" });
    expectValid("privateEndpoint", { description: null });
    expectValid("organization", {
      id: uuid,
      name: "acme",
      privateEndpoints: [{ id: "vpce-1", description: "x", cloudProvider: "aws", region: "us-east-1" }],
      tier: "SCALE",
    });
    expectValid("organization", { id: uuid });
    expectValid("organization", { id: uuid, name: null, privateEndpoints: null });
    expectValid("organization", {
      id: uuid,
      privateEndpoints: [{ id: "vpce-1", description: null, cloudProvider: null, region: 1 }],
    });
    expectOnlyProblem(
      "organization",
      { id: uuid, name: "acme", privateEndpoints: [{ description: "x" }] },
      "privateEndpoints[0].id",
      "is required",
    );
  });
});

describe("schemas: observability responses", () => {
  const alert = {
    id: "65f0c0ffee0000000000000a",
    name: null,
    threshold: 1,
    interval: "5m",
    thresholdType: "above",
    source: "tile",
    state: "inactive",
    channel: { type: "webhook", webhookId: "w" },
    team: "t",
    tileId: "tile-1",
    dashboard: "d",
    silenced: false,
    createdAt: "2024-05-01T10:00:00.000Z",
    updatedAt: "2024-05-01T10:00:00.000Z",
  };

  it("accepts an alert with extra fields", () => {
    expectValid("alert", { ...alert, __v: 0 });
  });

  it("reports a mistyped threshold and a missing id, the fields the resource cannot do without", () => {
    expectOnlyProblem("alert", { ...alert, threshold: "1" }, "threshold", "must be a number");
    const { id: _id, ...withoutId } = alert;
    expectOnlyProblem("alert", withoutId, "id", "id is required");
  });

  it("accepts what the real API's versions send: a silence object, their own names, nulls, no channel", () => {
    const { channel: _channel, dashboard: _dashboard, team: _team, ...rest } = alert;
    expectValid("alert", {
      ...rest,
      source: "saved_search",
      thresholdType: "above_exclusive",
      state: "ALERT",
      teamId: "t",
      dashboardId: "d",
      channels: [{ type: "webhook", webhookId: "w" }],
      silenced: { by: "u", at: "2026-03-19T08:00:00.000Z", until: "2026-03-20T08:00:00.000Z" },
      executionErrors: [],
      createdAt: null,
      updatedAt: null,
    });
    expectValid("alert", { ...alert, silenced: null, channel: null, groupBy: null });
  });

  it("accepts series rows with one column per series, a group and extra fields", () => {
    expectValid("seriesRows", [
      {
        ts_bucket: 1_700_000_000_000,
        group: ["api"],
        "series_0.data": 3,
        "series_1.data": 0.5,
        service: "api",
      },
      { ts_bucket: 1_700_000_300_000, "series_0.data": 0, "series_1.data": 1 },
    ]);
    expectValid("seriesRows", []);
  });

  it("accepts values sent as strings or null, as the API sends counts and missing values", () => {
    expectValid("seriesRows", [
      { ts_bucket: 1_700_000_000_000, group: [], "series_0.data": "42", "series_1.data": null },
    ]);
  });

  it("accepts the database rows of a column answer", () => {
    expectValid("seriesRows", [
      { __hdx_time_bucket: "2023-11-14T22:13:20Z", series_0: "2", ServiceName: "api" },
    ]);
  });

  it("reports a row without ts_bucket and a series value that is neither number nor string by row index", () => {
    const problems = validate("seriesRows", [
      { "series_0.data": 1 },
      { ts_bucket: 1, "series_0.data": { value: 1 } },
    ]);
    expect(problems).to.have.length(2);
    expect(problems[0]).to.deep.equal({ property: "[0].ts_bucket", reason: "[0].ts_bucket is required" });
    expect(problems[1]?.property).to.equal("[1].series_0.data");
    expect(problems[1]?.reason).to.include("must be a number or a string or null");
  });

  it("reports a data value that is not an array", () => {
    expectOnlyProblem("seriesRows", { rows: [] }, "", "must be an array; got an object");
  });
});
