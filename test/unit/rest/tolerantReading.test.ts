/**
 * Management responses are read for what the provider uses: unknown fields, null where a field is expected
 * absent (and the reverse), and unused fields of another shape never fail a read.
 */
import type { ReversePrivateEndpointInputs } from "../../../provider/resources/reversePrivateEndpoint/shapes";
import { expect } from "chai";
import { endpointOutputs } from "../../../provider/resources/reversePrivateEndpoint/remote";
import { CannedServer } from "../../support/cannedServer";
import { managementClientFor } from "../../support/clients";
import { apiErrorOf, testOptions } from "../../support/restHarness";

const ORG = "0f8e5a52-6c1d-4a7e-9d0b-3c2f1e4d5a6b";
const SERVICE = "5b2d9c4e-1a3f-4e6d-8b7c-9a0e1f2d3c4b";
const ENDPOINT = "7c3e1a2b-4d5f-4a6b-8c9d-0e1f2a3b4c5d";
const KEY = "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a";

describe("tolerant reading of management responses", () => {
  let server: CannedServer;
  let result: unknown;
  before(async () => {
    server = await new CannedServer(() => ({
      status: 200,
      body: JSON.stringify({ status: 200, requestId: "r-1", result, futureEnvelopeField: { any: 1 } }),
    })).start();
  });
  after(async () => {
    await server.stop();
  });
  const client = () => managementClientFor(server.url, testOptions([], { retry: { maxAttempts: 1 } }));

  const sparseEndpoint = {
    id: ENDPOINT,
    status: "PendingAcceptance",
    serviceId: null,
    endpointId: null,
    dnsNames: null,
    privateDnsNames: "not-a-list",
    description: null,
    type: "GCP_PSC_SERVICE_ATTACHMENT",
    vpcEndpointServiceName: null,
    gcpServiceAttachment: "projects/p/regions/r/serviceAttachments/s",
    customPrivateDnsMappings: [{ privateDnsName: "db.internal.example" }],
  };

  it("reads a reverse private endpoint with nulls, unknown fields and a type added later", async () => {
    result = sparseEndpoint;
    const endpoint = await client().reversePrivateEndpoints.get(ORG, SERVICE, ENDPOINT);
    expect(endpoint).to.include({ id: ENDPOINT, status: "PendingAcceptance" });
    result = [sparseEndpoint, { id: ENDPOINT, status: "Ready" }];
    expect(await client().reversePrivateEndpoints.list(ORG, SERVICE)).to.have.length(2);
  });

  it("still refuses an endpoint without the id or status every operation acts on", async () => {
    result = { ...sparseEndpoint, status: null };
    const error = await apiErrorOf(client().reversePrivateEndpoints.get(ORG, SERVICE, ENDPOINT));
    expect(error.message).to.contain("result.status");
  });

  it("reads a service with nulls, unknown fields and unused fields of another shape", async () => {
    result = {
      id: SERVICE,
      name: null,
      state: "idle",
      createdAt: null,
      endpoints: [{ protocol: "https", port: "8443" }],
      numReplicas: null,
      minReplicaMemoryGb: null,
      isPrimary: null,
      privateEndpointIds: null,
      scalingSchedule: { entries: [] },
    };
    const service = await client().services.get(ORG, SERVICE);
    expect(service).to.include({ id: SERVICE, state: "idle" });
  });

  it("reads a key with a role added later, nulls and unknown fields", async () => {
    result = {
      id: KEY,
      name: "ci",
      roles: ["admin", "org_billing"],
      assignedRoleIds: ["r-1"],
      state: "enabled",
      keySuffix: null,
      createdAt: null,
      expireAt: null,
      usedAt: null,
      ipAccessList: null,
    };
    expect((await client().keys.get(ORG, KEY)).roles).to.deep.equal(["admin", "org_billing"]);
  });

  it("reads an organization and a private endpoint registration with nulls and unknown fields", async () => {
    result = {
      id: ORG,
      name: null,
      tier: "SCALE",
      privateEndpoints: [{ id: "vpce-1", description: null, cloudProvider: null, region: null, extra: true }],
    };
    expect((await client().organizations.get(ORG)).privateEndpoints?.[0]?.id).to.equal("vpce-1");
    result = { id: ORG, privateEndpoints: null };
    expect((await client().organizations.get(ORG)).id).to.equal(ORG);
    result = { description: null, registeredAt: "2026-01-01" };
    await client().privateEndpoints.create(ORG, SERVICE, { id: "vpce-1", description: "x" });
  });
});

describe("reverse private endpoint outputs from a tolerant read", () => {
  const inputs: ReversePrivateEndpointInputs = {
    serviceId: SERVICE,
    type: "VPC_ENDPOINT_SERVICE",
    vpcEndpointServiceName: "com.amazonaws.vpce.us-east-1.vpce-svc-0a",
    description: "orders",
    readyTimeoutSeconds: 30,
  };

  it("keep the requested value where the API reports null or leaves a field out, and only known fields", () => {
    const outputs = endpointOutputs(inputs, ORG, {
      id: ENDPOINT,
      status: "Ready",
      serviceId: null,
      endpointId: "vpce-0abc",
      dnsNames: null,
      privateDnsNames: ["a.example", 7],
      description: null,
      customPrivateDnsMappings: [],
    } as never);
    expect(outputs).to.deep.equal({
      ...inputs,
      endpointId: "vpce-0abc",
      dnsNames: [],
      privateDnsNames: ["a.example"],
      customPrivateDnsNames: [],
      status: "Ready",
      organizationId: ORG,
    });
  });

  it("read the custom private DNS names the endpoint shows, skipping a mapping without a name; null is none", () => {
    const shown = (customPrivateDnsMappings: unknown) =>
      endpointOutputs({ ...inputs, customPrivateDnsNames: ["kept.example.com"] }, ORG, {
        id: ENDPOINT,
        status: "Ready",
        customPrivateDnsMappings,
      }).customPrivateDnsNames;
    expect(shown([{ privateDnsName: "DB.example.com" }, { privateDnsName: 7 }, null, {}])).to.deep.equal([
      "DB.example.com",
    ]);
    // The names the endpoint has, never the requested ones: cleared elsewhere, they show as none.
    expect(shown(null)).to.deep.equal([]);
    expect(shown(undefined)).to.deep.equal([]);
  });

  it("are the same whether the API sends nulls or leaves the fields out", () => {
    const withNulls = endpointOutputs(inputs, ORG, {
      id: ENDPOINT,
      status: "Ready",
      serviceId: SERVICE,
      endpointId: "vpce-0abc",
      dnsNames: null,
      privateDnsNames: null,
      mskClusterArn: null,
      mskAuthentication: null,
      vpcResourceShareArn: null,
    });
    const withoutThem = endpointOutputs(inputs, ORG, {
      id: ENDPOINT,
      status: "Ready",
      serviceId: SERVICE,
      endpointId: "vpce-0abc",
      unknownField: { nested: null },
    } as never);
    expect(withNulls).to.deep.equal(withoutThem);
  });

  it("show a value the API reports that differs from the request, so drift is seen", () => {
    const outputs = endpointOutputs(inputs, ORG, { id: ENDPOINT, status: "Ready", description: "changed" });
    expect(outputs.description).to.equal("changed");
  });
});
