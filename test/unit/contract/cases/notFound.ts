/**
 * Which 404s mean "the object is gone": only each API's own not-found answer. A proxy's or gateway's page for a
 * route it does not know is an error naming the URL, so refresh and delete keep the resource.
 */
import { ANY_UUID, like, type CaseIds, type ContractCase } from "../contract";
import type { EmulatorHarness } from "../../../support/httpRequests";

const endpointsPath = (ids: CaseIds) =>
  `/v1/organizations/${ids.organizationId}/services/${ids.services.production}/dataPipesReversePrivateEndpoints`;
const endpointRoute =
  "/v1/organizations/:organizationId/services/:serviceId/dataPipesReversePrivateEndpoints/:reversePrivateEndpointId";
const unknownUuid = "0b7d7a3e-5f55-4c1e-8f0e-2b1f3c4d5e6f";
const unknownObjectId = "65a1f0c2b3d4e5f607182931";

const proxyPage = like(
  /^<html>\s*<head><title>404 Not Found<\/title><\/head>/,
  "<html>\r\n<head><title>404 Not Found</title></head>\r\n<body>\r\n<center><h1>404 Not Found</h1></center>\r\n" +
    "<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n",
);

/** The next request of `route` gets a proxy's HTML 404 page. */
function proxyNotFoundOn(route: string): (harness: EmulatorHarness) => Promise<Record<string, string>> {
  return async (harness) => {
    await harness.emulator.control.setFaults({ script: [{ route, kinds: ["404html"] }] });
    return {};
  };
}

export const cases: ContractCase[] = [
  {
    behaviour: "deleting an unknown reverse private endpoint is the API's NOT_FOUND envelope: already gone",
    source: "ClickHouse OpenAPI spec: error responses carry status, error and requestId",
    api: "management",
    request: { method: "DELETE", path: (ids) => `${endpointsPath(ids)}/${unknownUuid}` },
    response: {
      status: 404,
      body: { status: 404, error: like(/^NOT_FOUND: /, "NOT_FOUND: not found"), requestId: ANY_UUID },
    },
    client: { outcome: "gone" },
  },
  {
    behaviour: "a proxy's HTML 404 page on a management route is an error naming the URL, not gone",
    source:
      "terraform-provider-clickhouse internal/service/clickstack/client/client.go: a 404 that is not the API's JSON " +
      "error shape is a route the gateway does not serve, kept apart from 'resource deleted'",
    api: "management",
    arrange: proxyNotFoundOn(`GET ${endpointRoute}`),
    request: { method: "GET", path: (ids) => `${endpointsPath(ids)}/${unknownUuid}` },
    response: { status: 404, contentType: "text/html", body: proxyPage },
    client: {
      outcome: "error",
      message:
        /^GET http:\/\/\S+\/dataPipesReversePrivateEndpoints\/\S+ answered 404 \(an HTML page .*not the management API's own not-found answer/,
    },
  },
  {
    behaviour: "a proxy's HTML 404 page on DELETE is an error, so the delete keeps the resource",
    source:
      "terraform-provider-clickhouse internal/service/clickstack/client/client.go (route 404 vs not-found)",
    api: "management",
    arrange: proxyNotFoundOn(`DELETE ${endpointRoute}`),
    request: { method: "DELETE", path: (ids) => `${endpointsPath(ids)}/${unknownUuid}` },
    response: { status: 404, contentType: "text/html", body: proxyPage },
    client: { outcome: "error", message: /^DELETE \S+ answered 404 .*not the management API's own/ },
  },
  {
    behaviour: "deleting an unknown alert is the API's {message: 'Alert not found'}: already gone",
    source: "HyperDX packages/api/src/routers/external-api/v2/alerts.ts (DELETE /:id)",
    api: "observability",
    request: { method: "DELETE", path: () => `/api/v2/alerts/${unknownObjectId}` },
    response: { status: 404, body: { message: "Alert not found" } },
    client: { outcome: "gone" },
  },
  {
    behaviour: "a proxy's HTML 404 page on an observability route is an error naming the URL, not gone",
    source:
      "terraform-provider-clickhouse internal/service/clickstack/client/client.go: the Cloud gateway answers an " +
      "unserved path with an HTML page, a missing alert with JSON",
    api: "observability",
    arrange: proxyNotFoundOn("GET /api/v2/alerts/:id"),
    request: { method: "GET", path: () => `/api/v2/alerts/${unknownObjectId}` },
    response: { status: 404, contentType: "text/html", body: proxyPage },
    client: {
      outcome: "error",
      message: /^GET http:\/\/\S+\/api\/v2\/alerts\/\S+ answered 404 .*not the observability API's own/,
    },
  },
];
