/**
 * The management API's production wire (the emulator's `--dialect production`): where ClickHouse Cloud's API differs
 * from the specification. Sources: its OpenAPI specification, as published in ClickHouse/clickhousectl
 * `crates/clickhouse-cloud-api/clickhouse_cloud_openapi.json` (commit d966006c), and the official Terraform
 * provider's client, ClickHouse/terraform-provider-clickhouse `internal/api/` (commit c320db99).
 */
import {
  ANY_STRING,
  ANY_UUID,
  like,
  type CaseIds,
  type ContractCase,
  type ContractResponse,
  type Template,
} from "../contract";

const openApi = "clickhousectl crates/clickhouse-cloud-api/clickhouse_cloud_openapi.json";
const service = (ids: CaseIds) =>
  `/v1/organizations/${ids.organizationId}/services/${ids.services.production}`;
const secondary = (ids: CaseIds) =>
  `/v1/organizations/${ids.organizationId}/services/${ids.services.secondary}`;
const endpoints = (ids: CaseIds) => `${service(ids)}/clickpipesReversePrivateEndpoints`;
const endpointBody = {
  type: "VPC_ENDPOINT_SERVICE",
  vpcEndpointServiceName: "com.amazonaws.vpce.us-east-1.vpce-svc-0a1b2c",
  description: "contract",
};
const bare: ContractResponse = { status: 200, body: { status: 200, requestId: ANY_UUID } };
const envelope = (result: Record<string, Template>): ContractResponse => ({
  status: 200,
  body: { status: 200, requestId: ANY_UUID, result },
});

export const cases: ContractCase[] = [
  {
    behaviour: "reverse private endpoints live at clickpipesReversePrivateEndpoints",
    source: `${openApi}:14923; terraform-provider-clickhouse internal/api/clickpipe_reverse_private_endpoint.go:116`,
    api: "management",
    dialect: "production",
    request: { method: "POST", path: endpoints, body: endpointBody },
    response: envelope({
      id: ANY_UUID,
      type: "VPC_ENDPOINT_SERVICE",
      description: "contract",
      status: "Provisioning",
    }),
    client: { outcome: "ok", resultSchema: "reversePrivateEndpoint" },
  },
  {
    behaviour: "a DELETE of a reverse private endpoint answers status and requestId, without result",
    source: `${openApi}:15155 (the DELETE's 200 schema has no result)`,
    api: "management",
    dialect: "production",
    arrange: async (harness) => {
      const created = await harness.management("POST", endpoints(harness.fixture as CaseIds), {
        body: endpointBody,
      });
      return { endpoint: String(created.body.result.id) };
    },
    request: { method: "DELETE", path: (ids) => `${endpoints(ids)}/${ids.made.endpoint}` },
    response: bare,
    client: { outcome: "ok" },
  },
  {
    behaviour:
      "a GCP_PSC_SERVICE_ATTACHMENT endpoint is made with its service attachment and custom private DNS names",
    source: `${openApi}:19803 (CreateReversePrivateEndpoint: gcpServiceAttachment, customPrivateDnsMappings); terraform-provider-clickhouse internal/api/clickpipe_reverse_private_endpoint_models.go`,
    api: "management",
    dialect: "production",
    request: {
      method: "POST",
      path: endpoints,
      body: {
        type: "GCP_PSC_SERVICE_ATTACHMENT",
        gcpServiceAttachment: "projects/analytics/regions/us-east1/serviceAttachments/orders-db",
        customPrivateDnsMappings: [{ privateDnsName: "db.example.com" }],
      },
    },
    response: envelope({
      id: ANY_UUID,
      type: "GCP_PSC_SERVICE_ATTACHMENT",
      gcpServiceAttachment: "projects/analytics/regions/us-east1/serviceAttachments/orders-db",
      customPrivateDnsMappings: [{ privateDnsName: "db.example.com" }],
      status: "Provisioning",
    }),
    client: { outcome: "ok", resultSchema: "reversePrivateEndpoint" },
  },
  {
    behaviour:
      "a PATCH of an endpoint replaces its custom private DNS names with the list sent, and answers the endpoint",
    source: `${openApi}:15391-15518 (clickPipeReversePrivateEndpointUpdate: "a full replacement list. Use an empty array to clear mappings."); terraform-provider-clickhouse internal/api/clickpipe_reverse_private_endpoint.go:134-156`,
    api: "management",
    dialect: "production",
    arrange: async (harness) => {
      const created = await harness.management("POST", endpoints(harness.fixture as CaseIds), {
        body: { ...endpointBody, customPrivateDnsMappings: [{ privateDnsName: "old.example.com" }] },
      });
      return { endpoint: String(created.body.result.id) };
    },
    request: {
      method: "PATCH",
      path: (ids) => `${endpoints(ids)}/${ids.made.endpoint}`,
      body: { customPrivateDnsMappings: [{ privateDnsName: "*.example.com" }] },
    },
    response: envelope({
      id: ANY_UUID,
      description: "contract",
      customPrivateDnsMappings: [{ privateDnsName: "*.example.com" }],
      status: ANY_STRING,
    }),
    client: { outcome: "ok", resultSchema: "reversePrivateEndpoint" },
  },
  {
    behaviour:
      "a PATCH giving custom private DNS names to an MSK multi-VPC endpoint is refused (guess: status and words ours)",
    source: `${openApi}:19794 (CustomPrivateDnsMapping: "Not supported for MSK multi-VPC")`,
    api: "management",
    dialect: "production",
    arrange: async (harness) => {
      const created = await harness.management("POST", endpoints(harness.fixture as CaseIds), {
        body: {
          type: "MSK_MULTI_VPC",
          mskClusterArn: "arn:aws:kafka:us-east-1:123456789012:cluster/c/abc",
          mskAuthentication: "SASL_IAM",
        },
      });
      return { endpoint: String(created.body.result.id) };
    },
    request: {
      method: "PATCH",
      path: (ids) => `${endpoints(ids)}/${ids.made.endpoint}`,
      body: { customPrivateDnsMappings: [{ privateDnsName: "kafka.example.com" }] },
    },
    response: {
      status: 400,
      body: {
        status: 400,
        error: like(
          /^BAD_REQUEST: customPrivateDnsMappings: .*MSK_MULTI_VPC/,
          "BAD_REQUEST: customPrivateDnsMappings: not supported for MSK_MULTI_VPC endpoints",
        ),
        requestId: ANY_UUID,
      },
    },
    client: { outcome: "error", message: /customPrivateDnsMappings/ },
  },
  {
    behaviour: "a DELETE of an API key answers status and requestId, without result",
    source: `${openApi}:5392 (the DELETE's 200 schema has no result)`,
    api: "management",
    dialect: "production",
    arrange: async (harness) => {
      const created = await harness.management("POST", `${harness.orgPath}/keys`, {
        body: { name: "contract", roles: ["developer"] },
      });
      return { key: String(created.body.result.key.id) };
    },
    request: {
      method: "DELETE",
      path: (ids) => `/v1/organizations/${ids.organizationId}/keys/${ids.made.key}`,
    },
    response: bare,
    client: { outcome: "ok" },
  },
  {
    behaviour: "a service shows clickhouseVersion and the scaling in effect (currentScaling)",
    source: `${openApi}:18867 (Service.clickhouseVersion), :18713 (CurrentScaling)`,
    api: "management",
    dialect: "production",
    request: { method: "GET", path: service },
    response: envelope({
      id: ANY_UUID,
      clickhouseVersion: ANY_STRING,
      autoscalingMode: "vertical",
      currentScaling: { effectiveAutoscalingMode: "vertical" },
    }),
    client: { outcome: "ok", resultSchema: "service" },
  },
  {
    behaviour: "the replica-scaling PATCH takes the horizontal band and answers currentScaling",
    source: `${openApi}:2481 (ServiceReplicaScalingPatchRequest, ServiceScalingPatchResponse at :32254); terraform-provider-clickhouse internal/api/scaling.go:10-19`,
    api: "management",
    dialect: "production",
    request: {
      method: "PATCH",
      path: (ids) => `${secondary(ids)}/replicaScaling`,
      body: {
        autoscalingMode: "horizontal",
        minReplicas: 1,
        maxReplicas: 4,
        minReplicaMemoryGb: 16,
        maxReplicaMemoryGb: 16,
      },
    },
    response: envelope({
      id: ANY_UUID,
      autoscalingMode: "horizontal",
      minReplicas: 1,
      maxReplicas: 4,
      currentScaling: {
        effectiveAutoscalingMode: "horizontal",
        effectiveMinReplicas: 1,
        effectiveMaxReplicas: 4,
      },
    }),
    client: { outcome: "ok", resultSchema: "service" },
  },
  {
    behaviour:
      "a vertical service's deprecated memory totals are three replicas' worth whatever its number of replicas",
    source: `${openApi}:18896-18913 (Service.minTotalMemoryGb: "Minimum memory of three workers", "inaccurate for services with non-default numbers of replicas", a multiple of 12 from 24; absent for horizontal services)`,
    api: "management",
    dialect: "production",
    request: {
      method: "PATCH",
      path: (ids) => `${secondary(ids)}/replicaScaling`,
      body: { minReplicaMemoryGb: 16, maxReplicaMemoryGb: 32 },
    },
    response: envelope({
      id: ANY_UUID,
      numReplicas: 1,
      minReplicaMemoryGb: 16,
      maxReplicaMemoryGb: 32,
      minTotalMemoryGb: 48,
      maxTotalMemoryGb: 96,
    }),
    client: { outcome: "ok", resultSchema: "service" },
  },
  {
    behaviour: "the replica-scaling PATCH refuses numReplicas with a band",
    source: `${openApi}:2481 (numReplicas: "Mutually exclusive with minReplicas/maxReplicas")`,
    api: "management",
    dialect: "production",
    request: {
      method: "PATCH",
      path: (ids) => `${secondary(ids)}/replicaScaling`,
      body: { numReplicas: 2, minReplicas: 1, maxReplicas: 4 },
    },
    response: {
      status: 400,
      body: {
        status: 400,
        error: like(/^BAD_REQUEST: .*numReplicas/, "BAD_REQUEST: numReplicas: cannot be combined"),
        requestId: ANY_UUID,
      },
    },
    client: { outcome: "error", message: /numReplicas/ },
  },
  {
    behaviour: "registering a private endpoint answers its cloud provider and region",
    source: `${openApi}:2721 (InstancePrivateEndpoint at :19209); terraform-provider-clickhouse internal/api/private_endpoints.go:10-15`,
    api: "management",
    dialect: "production",
    request: {
      method: "POST",
      path: (ids) => `${service(ids)}/privateEndpoint`,
      body: { id: "vpce-0c0ffee0c0ffee000", description: "contract" },
    },
    response: envelope({
      id: "vpce-0c0ffee0c0ffee000",
      description: "contract",
      cloudProvider: ANY_STRING,
      region: ANY_STRING,
    }),
    client: { outcome: "ok", resultSchema: "privateEndpoint" },
  },
  {
    behaviour: "a service's private endpoint configuration names its endpoint service and private DNS host",
    source: `${openApi}:1794 (PrivateEndpointConfig); terraform-provider-clickhouse internal/api/private_endpoints.go:26-44`,
    api: "management",
    dialect: "production",
    request: { method: "GET", path: (ids) => `${service(ids)}/privateEndpointConfig` },
    response: envelope({ endpointServiceId: ANY_STRING, privateDnsHostname: ANY_STRING }),
    client: { outcome: "ok", resultSchema: "privateEndpointConfig" },
  },
];
