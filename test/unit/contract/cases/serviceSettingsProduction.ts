/**
 * A service's query API endpoint and upgrade window on the production wire, as ClickHouse Cloud's OpenAPI
 * specification (clickhousectl `crates/clickhouse-cloud-api/clickhouse_cloud_openapi.json`, commit d966006c) and the
 * official Terraform provider's client (ClickHouse/terraform-provider-clickhouse `internal/api/`, commit c320db99)
 * give them. The specification's wire serves them the same way.
 */
import {
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
const queryEndpoint = (ids: CaseIds) => `${service(ids)}/serviceQueryEndpoint`;
const upgradeWindow = (ids: CaseIds) => `${service(ids)}/upgradeWindow`;
const bare: ContractResponse = { status: 200, body: { status: 200, requestId: ANY_UUID } };
const envelope = (result: Record<string, Template>): ContractResponse => ({
  status: 200,
  body: { status: 200, requestId: ANY_UUID, result },
});
const managementError = (status: number, error: Template): ContractResponse => ({
  status,
  body: { status, error, requestId: ANY_UUID },
});

/** The id the organization lists its first key under: what a query endpoint names keys by. */
async function firstKey(harness: Parameters<NonNullable<ContractCase["arrange"]>>[0]) {
  const keys = await harness.management("GET", `${harness.orgPath}/keys`);
  return String(keys.body.result[0].id);
}

export const cases: ContractCase[] = [
  {
    behaviour: "the query endpoint's upsert answers the endpoint with its id",
    source: `${openApi}:2124 (instanceQueryEndpointUpsert), :19107 (ServiceQueryAPIEndpoint); terraform-provider-clickhouse internal/api/query_endpoints.go:43`,
    api: "management",
    dialect: "production",
    arrange: async (harness) => ({ key: await firstKey(harness) }),
    request: {
      method: "POST",
      path: queryEndpoint,
      body: (ids: CaseIds) => ({
        roles: ["sql_console_admin"],
        openApiKeys: [ids.made.key],
        allowedOrigins: "",
      }),
    },
    response: envelope({
      id: like(/./, "endpoint-1"),
      roles: ["sql_console_admin"],
      openApiKeys: [ANY_UUID],
    }),
    client: { outcome: "ok", resultSchema: "serviceQueryEndpoint" },
  },
  {
    behaviour: "a service without a query endpoint answers 404 to its GET: the resource is gone",
    source:
      "terraform-provider-clickhouse internal/api/query_endpoints.go:24 (the API responds with 404 when there are no service query endpoints)",
    api: "management",
    dialect: "production",
    request: { method: "GET", path: queryEndpoint },
    response: managementError(404, like(/^NOT_FOUND: /, "NOT_FOUND: no query endpoint")),
    client: { outcome: "gone" },
  },
  {
    behaviour: "a DELETE of the query endpoint answers status and requestId, without result",
    source: `${openApi}:2018 (instanceQueryEndpointDelete: the 200 schema has no result)`,
    api: "management",
    dialect: "production",
    arrange: async (harness) => {
      const key = await firstKey(harness);
      await harness.management("POST", `${harness.servicePath()}/serviceQueryEndpoint`, {
        body: { roles: ["sql_console_read_only"], openApiKeys: [key] },
      });
      return { key };
    },
    request: { method: "DELETE", path: queryEndpoint },
    response: bare,
    client: { outcome: "ok" },
  },
  {
    behaviour: "the upgrade window's PUT answers the window with its 6-hour duration",
    source: `${openApi}:3412 (upgradeWindowUpdate), :31813 (UpgradeWindow: weekday, startHourUtc and duration required); terraform-provider-clickhouse internal/api/upgrade_window.go`,
    api: "management",
    dialect: "production",
    request: { method: "PUT", path: upgradeWindow, body: { weekday: 3, startHourUtc: 12 } },
    response: envelope({ weekday: 3, startHourUtc: 12, duration: 6 }),
    client: { outcome: "ok", resultSchema: "upgradeWindow" },
  },
  {
    behaviour: "a service without an upgrade window answers 404 to its GET: the resource is gone",
    source: `${openApi}:3303 (upgradeWindowGet: 404 when no upgrade window has been configured)`,
    api: "management",
    dialect: "production",
    request: { method: "GET", path: upgradeWindow },
    response: managementError(404, like(/^NOT_FOUND: /, "NOT_FOUND: no upgrade window")),
    client: { outcome: "gone" },
  },
  {
    behaviour: "the upgrade window's PUT on a secondary service is a 400 naming the secondary service",
    source: `${openApi}:3412 (400: the service is a secondary service); terraform-provider-clickhouse docs/resources/service_upgrade_window.md ("cannot set upgrade window on a secondary service")`,
    api: "management",
    dialect: "production",
    request: {
      method: "PUT",
      path: (ids) => `${secondary(ids)}/upgradeWindow`,
      body: { weekday: 1, startHourUtc: 6 },
    },
    response: managementError(
      400,
      like(
        /^BAD_REQUEST: .*secondary service/,
        "BAD_REQUEST: cannot set upgrade window on a secondary service",
      ),
    ),
    client: { outcome: "error", message: /secondary service/ },
  },
  {
    behaviour: "a DELETE of the upgrade window answers status and requestId, without result",
    source: `${openApi}:3530 (upgradeWindowDelete: the 200 schema has no result)`,
    api: "management",
    dialect: "production",
    arrange: async (harness) => {
      await harness.management("PUT", `${harness.servicePath()}/upgradeWindow`, {
        body: { weekday: 5, startHourUtc: 18 },
      });
      return {};
    },
    request: { method: "DELETE", path: upgradeWindow },
    response: bare,
    client: { outcome: "ok" },
  },
];
