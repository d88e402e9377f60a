/**
 * HTTP edges both servers handle before, or around, the API's own logic: trailing slashes, the case of ids, the
 * observability server's Express middleware order (JSON parser, rate limiter, token check), paths that cannot be
 * decoded and headers over Node's limit.
 */
import { ANY_OBJECT_ID, ANY_UUID, like, type CaseIds, type ContractCase } from "../contract";
import type { EmulatorHarness } from "../../../support/httpRequests";

const org = (ids: CaseIds) => `/v1/organizations/${ids.organizationId}`;
const hyperdxApp =
  "HyperDX packages/api/src/api-app.ts (express.json for every route, then the routers) and middleware/error.ts";
const hyperdxRouter =
  "HyperDX packages/api/src/routers/external-api/v2/index.ts: rate limiter, then validateUserAccessKey, per router";
const oversized = { "x-padding": "p".repeat(20 * 1024) };

async function createAlert(harness: EmulatorHarness): Promise<Record<string, string>> {
  return { alert: (await harness.createTileAlert()).id };
}

export const cases: ContractCase[] = [
  {
    behaviour: "malformed JSON is a 400 Invalid JSON payload before the token is checked",
    source: hyperdxApp,
    api: "observability",
    request: {
      method: "POST",
      path: () => "/api/v2/alerts",
      rawBody: '{"threshold":',
      headers: { "content-type": "application/json" },
      auth: "none",
    },
    response: { status: 400, body: { message: "Invalid JSON payload" } },
  },
  {
    behaviour: "the Bearer scheme is case-sensitive: the right token after 'bearer' is refused",
    source: "HyperDX packages/api/src/middleware/auth.ts: the token is what follows 'Bearer ' in the header",
    api: "observability",
    request: {
      method: "GET",
      path: () => "/api/v2/alerts",
      auth: { authorization: (ids) => `bearer ${ids.observabilityToken}` },
    },
    response: { status: 401, contentType: "text/plain", body: "Unauthorized" },
  },
  {
    behaviour:
      "the rate limiter answers before the token check: express's text/html 429 with RateLimit headers",
    source: `${hyperdxRouter}; express-rate-limit ^6.7.1 with standardHeaders (draft 6)`,
    api: "observability",
    arrange: async (harness) => {
      await harness.control("PUT", "/settings", { body: { rateLimits: true } });
      const wrongToken = { headers: { authorization: "Bearer not-a-token" } };
      for (let index = 0; index < 100; index += 1) {
        await harness.observability("GET", "/api/v2/alerts", wrongToken);
      }
      return {};
    },
    restore: async (harness) => {
      await harness.control("PUT", "/settings", { body: { rateLimits: false } });
    },
    request: {
      method: "GET",
      path: () => "/api/v2/alerts",
      auth: { authorization: "Bearer not-a-token" },
    },
    response: {
      status: 429,
      contentType: "text/html",
      body: "Too many requests, please try again later.",
      headers: {
        "ratelimit-policy": { pattern: /^100;w=60$/, example: "100;w=60" },
        "ratelimit-limit": { pattern: /^100$/, example: "100" },
        "ratelimit-remaining": { pattern: /^0$/, example: "0" },
        "ratelimit-reset": { pattern: /^\d+$/, example: "42" },
        "retry-after": { pattern: /^\d+$/, example: "42" },
      },
    },
    client: { outcome: "error", message: /rate limiting these requests.*The limit resets in 42 s/ },
  },
  {
    behaviour: "a trailing slash reaches the same route (management)",
    source:
      "Express and fastify match with or without a trailing slash when configured so; assumed for the ClickHouse API",
    api: "management",
    request: { method: "GET", path: (ids) => `${org(ids)}/` },
    response: { status: 200, body: { status: 200, requestId: ANY_UUID, result: { id: ANY_UUID } } },
  },
  {
    behaviour: "a trailing slash reaches the same route (observability)",
    source:
      "Express routers are not strict by default: /alerts/ is /alerts (HyperDX packages/api/src/api-app.ts)",
    api: "observability",
    arrange: createAlert,
    request: { method: "GET", path: (ids) => `/api/v2/alerts/${ids.made.alert}/` },
    response: { status: 200, body: { data: { id: ANY_OBJECT_ID } } },
  },
  {
    behaviour: "upper-case uuids in the path find the same service",
    source: "uuids are case-insensitive (RFC 9562); the ClickHouse OpenAPI spec types path ids as uuid",
    api: "management",
    request: {
      method: "GET",
      path: (ids) =>
        `/v1/organizations/${ids.organizationId.toUpperCase()}/services/${ids.services.production.toUpperCase()}`,
    },
    response: {
      status: 200,
      body: {
        status: 200,
        requestId: ANY_UUID,
        result: { id: like(/^[0-9a-f-]{36}$/, "3f0c2a5e-8a51-4d7e-9c43-0b8f6e2d7a19") },
      },
    },
  },
  {
    behaviour: "an upper-case ObjectId finds the same alert",
    source:
      "HyperDX utils/zod.ts objectIdSchema (mongoose ObjectId.isValid): ObjectIds are parsed from hex in any case",
    api: "observability",
    arrange: createAlert,
    request: { method: "GET", path: (ids) => `/api/v2/alerts/${ids.made.alert.toUpperCase()}` },
    response: { status: 200, body: { data: { id: like(/^[0-9a-f]{24}$/, "65a1f0c2b3d4e5f60718293a") } } },
  },
  {
    behaviour: "a path id that cannot be percent-decoded is a 400 after the token check",
    source: "Express 4 router: a param it cannot decode is a 400 error; HyperDX middleware/error.ts words it",
    api: "observability",
    request: { method: "GET", path: () => "/api/v2/alerts/%zz" },
    response: { status: 400, body: { message: "Something went wrong :(" } },
  },
  {
    behaviour: "a path that cannot be percent-decoded is a BAD_REQUEST envelope",
    source: "ClickHouse OpenAPI spec: errors carry status, error and requestId",
    api: "management",
    request: { method: "GET", path: (ids) => `${org(ids)}/services/%zz` },
    response: {
      status: 400,
      body: {
        status: 400,
        error: like(/^BAD_REQUEST: /, "BAD_REQUEST: The request path is not valid"),
        requestId: ANY_UUID,
      },
    },
  },
  {
    behaviour: "an over-long path id is the API's 400 for a bad id, not a framework error",
    source: "ClickHouse OpenAPI spec: path ids are uuids; an invalid one is BAD_REQUEST",
    api: "management",
    request: { method: "GET", path: (ids) => `${org(ids)}/keys/${"a".repeat(2000)}` },
    response: {
      status: 400,
      body: {
        status: 400,
        error: like(/^BAD_REQUEST: .*keyId/, "BAD_REQUEST: Params validation failed: keyId: must be a UUID"),
        requestId: ANY_UUID,
      },
    },
  },
  {
    behaviour: "an over-long alert id is the API's Params validation 400",
    source: "HyperDX routers/external-api/v2/alerts.ts validates params.id with objectIdSchema",
    api: "observability",
    request: { method: "GET", path: () => `/api/v2/alerts/${"a".repeat(2000)}` },
    response: {
      status: 400,
      body: {
        message: like(/^Params validation failed: .*id/, "Params validation failed: id: Invalid ObjectId"),
      },
    },
  },
  {
    behaviour: "headers over 16 KiB are a 431 in the management envelope",
    source: "Node's HTTP parser refuses headers over 16 KiB; the envelope of the ClickHouse OpenAPI spec",
    api: "management",
    request: { method: "GET", path: org, headers: oversized },
    response: {
      status: 431,
      body: {
        status: 431,
        error: like(/^REQUEST_HEADER_FIELDS_TOO_LARGE: /, "REQUEST_HEADER_FIELDS_TOO_LARGE: too large"),
        requestId: ANY_UUID,
      },
    },
  },
  {
    behaviour: "headers over 16 KiB are Node's bare 431, which Express never sees",
    source: "Node http server: HPE_HEADER_OVERFLOW is answered with a 431 status line and no body",
    api: "observability",
    request: { method: "GET", path: () => "/api/v2/alerts", headers: oversized },
    response: { status: 431, contentType: "", body: "" },
  },
];
