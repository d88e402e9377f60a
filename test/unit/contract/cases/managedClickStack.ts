/**
 * ClickStack managed by ClickHouse Cloud, on the production wire: the observability API's alert routes without
 * `/api/v2` under the service's `clickstack` path of the Cloud API, in the Cloud envelope, and the gateway's HTML page
 * for a route it does not serve. Source: the official Terraform provider, ClickHouse/terraform-provider-clickhouse
 * `internal/service/clickstack/client/client.go` (commit c320db99).
 */
import { tileAlertBody } from "../../../support/alertBodies";
import { ANY_OBJECT_ID, ANY_UUID, like, type CaseIds, type ContractCase } from "../contract";

const client = "terraform-provider-clickhouse internal/service/clickstack/client/client.go";
const clickstack = (ids: CaseIds) =>
  `/v1/organizations/${ids.organizationId}/services/${ids.services.production}/clickstack`;

export const cases: ContractCase[] = [
  {
    behaviour:
      "managed ClickStack creates an alert under the service's clickstack path, in the Cloud envelope",
    source: `${client}:98-126 (NewCloud: the path and Basic auth), :128-147 (rewrapCloudEnvelope: result)`,
    api: "management",
    dialect: "production",
    request: {
      method: "POST",
      path: (ids) => `${clickstack(ids)}/alerts`,
      body: (ids: CaseIds) => tileAlertBody(ids),
    },
    response: {
      status: 200,
      body: { status: 200, requestId: ANY_UUID, result: { id: ANY_OBJECT_ID, threshold: 5, interval: "5m" } },
    },
    client: { outcome: "ok", resultSchema: "alert" },
  },
  {
    behaviour: "managed ClickStack answers a missing alert with a JSON 404: the alert is gone",
    source: `${client}:197-209 (a JSON 404 is ErrNotFound)`,
    api: "management",
    dialect: "production",
    request: { method: "GET", path: (ids) => `${clickstack(ids)}/alerts/65a1f0c2b3d4e5f607182931` },
    response: {
      status: 404,
      body: { status: 404, error: like(/^NOT_FOUND: /, "NOT_FOUND: Alert not found"), requestId: ANY_UUID },
    },
    client: { outcome: "gone" },
  },
  {
    behaviour:
      "the Cloud gateway answers a ClickStack route it does not serve with an HTML page: an error, not 'gone'",
    source: `${client}:197-206 (a 404 that is not JSON is errRouteNotFound, never ErrNotFound)`,
    api: "management",
    dialect: "production",
    request: { method: "POST", path: (ids) => `${clickstack(ids)}/charts/series`, body: {} },
    response: {
      status: 404,
      contentType: "text/html",
      body: like(
        /<pre>Cannot POST \/v1\/organizations\/\S+\/clickstack\/charts\/series<\/pre>/,
        "<pre>Cannot POST /v1/organizations/o/services/s/clickstack/charts/series</pre>",
      ),
    },
    client: { outcome: "error", message: /answered 404/ },
  },
];
