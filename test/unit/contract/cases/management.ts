/** The management API's envelopes and errors, common to every area. */
import { ANY_DATE_TIME, ANY_STRING, ANY_UUID, like, type CaseIds, type ContractCase } from "../contract";

const org = (ids: CaseIds) => `/v1/organizations/${ids.organizationId}`;
const service = (ids: CaseIds) => `${org(ids)}/services/${ids.services.production}`;
const unknownUuid = "0b7d7a3e-5f55-4c1e-8f0e-2b1f3c4d5e6f";

export const cases: ContractCase[] = [
  {
    behaviour: "a created reverse private endpoint comes back in the envelope, Provisioning",
    source:
      "the documented create: the endpoint object in the envelope; statuses from the ClickHouse OpenAPI spec",
    api: "management",
    request: {
      method: "POST",
      path: (ids) => `${service(ids)}/dataPipesReversePrivateEndpoints`,
      body: {
        type: "VPC_ENDPOINT_SERVICE",
        vpcEndpointServiceName: "com.amazonaws.vpce.us-east-1.vpce-svc-0a1b2c",
        description: "contract",
      },
    },
    response: {
      status: 200,
      body: {
        status: 200,
        requestId: ANY_UUID,
        result: {
          id: ANY_UUID,
          serviceId: ANY_UUID,
          description: "contract",
          type: "VPC_ENDPOINT_SERVICE",
          vpcEndpointServiceName: "com.amazonaws.vpce.us-east-1.vpce-svc-0a1b2c",
          endpointId: ANY_STRING,
          dnsNames: [ANY_STRING],
          privateDnsNames: [ANY_STRING],
          status: "Provisioning",
        },
      },
    },
    client: { outcome: "ok", resultSchema: "reversePrivateEndpoint" },
  },
  {
    behaviour: "an unknown reverse private endpoint is the API's NOT_FOUND envelope",
    source: "ClickHouse OpenAPI spec: error responses carry status, error and requestId",
    api: "management",
    request: {
      method: "GET",
      path: (ids) => `${service(ids)}/dataPipesReversePrivateEndpoints/${unknownUuid}`,
    },
    response: {
      status: 404,
      body: {
        status: 404,
        error: like(/^NOT_FOUND: /, "NOT_FOUND: Reverse private endpoint not found"),
        requestId: ANY_UUID,
      },
    },
    client: { outcome: "gone" },
  },
  {
    behaviour: "a wrong key secret is a 401 UNAUTHORIZED envelope",
    source: "ClickHouse OpenAPI spec: Basic auth with key id and secret; 401 on failure",
    api: "management",
    request: {
      method: "GET",
      path: org,
      auth: { authorization: `Basic ${Buffer.from("nokey:nosecret").toString("base64")}` },
    },
    response: {
      status: 401,
      body: {
        status: 401,
        error: like(/^UNAUTHORIZED: /, "UNAUTHORIZED: Invalid credentials"),
        requestId: ANY_UUID,
      },
    },
    client: { outcome: "error", message: /rejected the credentials/ },
  },
  {
    behaviour: "a scaling update out of range is a 400 BAD_REQUEST naming the field",
    source: "the documented scaling limits: numReplicas 1 <= x <= 20",
    api: "management",
    request: { method: "PATCH", path: (ids) => `${service(ids)}/replicaScaling`, body: { numReplicas: 30 } },
    response: {
      status: 400,
      body: {
        status: 400,
        error: like(/^BAD_REQUEST: .*numReplicas/, "BAD_REQUEST: numReplicas out of range"),
        requestId: ANY_UUID,
      },
    },
  },
  {
    behaviour: "a key's PATCH answers the key without its secret",
    source: "ClickHouse OpenAPI spec: PATCH /v1/organizations/{organizationId}/keys/{keyId}",
    api: "management",
    arrange: async (harness) => {
      const created = await harness.management("POST", `${harness.orgPath}/keys`, {
        body: { name: "contract", roles: ["developer"] },
      });
      return { keyId: (created.body as { result: { key: { id: string } } }).result.key.id };
    },
    request: {
      method: "PATCH",
      path: (ids) => `${org(ids)}/keys/${ids.made.keyId}`,
      body: { state: "disabled" },
    },
    response: {
      status: 200,
      body: {
        status: 200,
        requestId: ANY_UUID,
        result: {
          id: ANY_UUID,
          name: "contract",
          roles: ["developer"],
          state: "disabled",
          keySuffix: ANY_STRING,
          createdAt: ANY_DATE_TIME,
        },
      },
    },
    client: { outcome: "ok", resultSchema: "apiKey" },
  },
];
