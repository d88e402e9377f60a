/**
 * Webhooks, saved searches, dashboards and sources, as HyperDX's external API v2 serves them. The specification
 * shows none of these kinds, so both wires speak the same shapes and every case runs on both. Sources in
 * hyperdxio/hyperdx (commit b52a6fa8) under `packages/api/src/`: `routers/external-api/v2/{webhooks,savedSearches,
 * dashboards,sources}.ts`, `utils/zod.ts`, `utils/validators.ts`, `controllers/connection.ts`,
 * `routers/external-api/v2/utils/dashboards.ts`, `utils/enhancedErrors.ts`.
 */
import type { ApiDialect } from "../../../../schemas/dialects";
import type { EmulatorHarness } from "../../../support/httpRequests";
import { ANY_DATE_TIME, ANY_OBJECT_ID, ANY_STRING, like, type CaseIds, type ContractCase } from "../contract";

const v2 = "HyperDX packages/api/src/routers/external-api/v2";
const zod = "HyperDX packages/api/src/utils/zod.ts";
const missingId = "65a1f0c2b3d4e5f60718293a";

const webhook = { name: "pager", service: "generic", url: "https://hooks.example.com/pager", body: "{}" };

async function made(harness: EmulatorHarness, path: string, body: unknown): Promise<string> {
  const response = await harness.observability("POST", path, { body });
  if (response.status !== 200)
    throw new Error(`arrange: POST ${path} answered ${response.status}: ${response.text}`);
  return (response.body as { data: { id: string } }).data.id;
}

const aWebhook = async (harness: EmulatorHarness) => ({
  webhook: await made(harness, "/api/v2/webhooks", webhook),
});
const logs = (ids: CaseIds) => ids.sources[0]?.id as string;
const markdownTile = {
  name: "notes",
  x: 0,
  y: 0,
  w: 24,
  h: 2,
  config: { displayType: "markdown", markdown: "hi" },
};

function casesOn(dialect: ApiDialect): ContractCase[] {
  const on = { api: "observability" as const, dialect };
  return [
    {
      ...on,
      behaviour:
        "a webhook is shown without headers or query parameters, and with its body (generic service)",
      source: `${zod}:749-781 (externalWebhookSchema); ${v2}/webhooks.ts:476-512`,
      request: {
        method: "POST",
        path: () => "/api/v2/webhooks",
        body: { ...webhook, headers: { Authorization: "Bearer x" }, queryParams: { k: "v" } },
      },
      response: {
        status: 200,
        body: {
          data: {
            id: ANY_OBJECT_ID,
            name: "pager",
            service: "generic",
            url: webhook.url,
            body: "{}",
            createdAt: ANY_DATE_TIME,
            updatedAt: ANY_DATE_TIME,
          },
        },
      },
      client: { outcome: "ok", resultSchema: "webhook" },
    },
    {
      ...on,
      behaviour: "the webhook list is paged: meta and X-Total-Count",
      source: `${v2}/webhooks.ts:329-356; HyperDX packages/api/src/utils/pagination.ts`,
      request: { method: "GET", path: () => "/api/v2/webhooks?limit=1&offset=0" },
      response: {
        status: 200,
        body: {
          data: [{ id: ANY_OBJECT_ID, name: ANY_STRING, service: ANY_STRING }],
          meta: { total: 2, limit: 1, offset: 0 },
        },
        headers: { "x-total-count": { pattern: /^2$/, example: "2" } },
      },
      client: { outcome: "ok", resultSchema: "webhook", many: true },
    },
    {
      ...on,
      behaviour: "a slack webhook refuses headers, query parameters and a body",
      source: `${zod}:843-884; HyperDX packages/api/src/utils/enhancedErrors.ts:65-110`,
      request: {
        method: "POST",
        path: () => "/api/v2/webhooks",
        body: { name: "chat", service: "slack", url: "https://hooks.slack.com/x", body: "{}" },
      },
      response: {
        status: 400,
        body: {
          message: "Body validation failed: body: body is not supported for the slack webhook service",
        },
      },
      client: { outcome: "error", message: /body is not supported for the slack webhook service/ },
    },
    {
      ...on,
      behaviour: "a webhook URL on a private or loopback address is refused",
      source:
        "HyperDX packages/api/src/utils/validators.ts:124-165; routers/external-api/v2/webhooks.ts:31-38",
      request: {
        method: "POST",
        path: () => "/api/v2/webhooks",
        body: { ...webhook, url: "http://127.0.0.1:8080/x" },
      },
      response: { status: 400, body: { message: "Webhook URL resolves to a private or reserved address." } },
      client: { outcome: "error", message: /private or reserved address/ },
    },
    {
      ...on,
      behaviour:
        "a webhook that alerts do not use is deleted with {}; a missing one is 404 Webhook not found",
      source: `${v2}/webhooks.ts:688-709`,
      arrange: aWebhook,
      request: { method: "DELETE", path: (ids) => `/api/v2/webhooks/${ids.made.webhook}` },
      response: { status: 200, body: {} },
      client: { outcome: "ok" },
    },
    {
      ...on,
      behaviour: "a PUT of a missing webhook is 404 Webhook not found",
      source: `${v2}/webhooks.ts:583-611`,
      request: { method: "PUT", path: () => `/api/v2/webhooks/${missingId}`, body: webhook },
      response: { status: 404, body: { message: "Webhook not found" } },
      client: { outcome: "gone" },
    },
    {
      ...on,
      behaviour: "a saved search is shown with the defaults of what its create left out",
      source: `${v2}/savedSearches.ts:86-108, 510-550; HyperDX packages/api/src/models/savedSearch.ts:83-100`,
      request: {
        method: "POST",
        path: () => "/api/v2/saved-searches",
        body: (ids: CaseIds) => ({ name: "s", sourceId: logs(ids) }),
      },
      response: {
        status: 200,
        body: {
          data: {
            id: ANY_OBJECT_ID,
            name: "s",
            sourceId: ANY_OBJECT_ID,
            select: "",
            where: "",
            whereLanguage: "lucene",
            orderBy: "",
            tags: [],
            filters: [],
            teamId: ANY_OBJECT_ID,
          },
        },
      },
      client: { outcome: "ok", resultSchema: "savedSearch" },
    },
    {
      ...on,
      behaviour: "a saved search on a source the team does not have is refused",
      source: `${v2}/savedSearches.ts:119-139`,
      request: {
        method: "POST",
        path: () => "/api/v2/saved-searches",
        body: { name: "s", sourceId: missingId },
      },
      response: { status: 400, body: { message: "sourceId must be an existing source id" } },
      client: { outcome: "error", message: /sourceId must be an existing source id/ },
    },
    {
      ...on,
      behaviour: "a missing saved search is 404 Saved search not found",
      source: `${v2}/savedSearches.ts:444-466`,
      request: { method: "GET", path: () => `/api/v2/saved-searches/${missingId}` },
      response: { status: 404, body: { message: "Saved search not found" } },
      client: { outcome: "gone" },
    },
    {
      ...on,
      behaviour: "a dashboard's tiles get ids of the API's own; tags and filters default to []",
      source: `${v2}/dashboards.ts:2472-2530; ${v2}/utils/dashboards.ts:1320-1344, 613-642`,
      request: {
        method: "POST",
        path: () => "/api/v2/dashboards",
        body: { name: "d", tiles: [{ ...markdownTile, id: "mine" }] },
      },
      response: {
        status: 200,
        body: {
          data: {
            id: ANY_OBJECT_ID,
            name: "d",
            tiles: [{ ...markdownTile, id: like(/^[0-9a-f]{24}$/, missingId) }],
            tags: [],
            filters: [],
            savedQuery: null,
          },
        },
      },
      client: { outcome: "ok", resultSchema: "dashboard" },
    },
    {
      ...on,
      behaviour: "a dashboard whose tile names a source the team does not have is refused",
      source: `${v2}/utils/dashboards.ts:1409-1436`,
      request: {
        method: "POST",
        path: () => "/api/v2/dashboards",
        body: {
          name: "d",
          tiles: [
            {
              ...markdownTile,
              config: { displayType: "line", sourceId: missingId, select: [{ aggFn: "count" }] },
            },
          ],
        },
      },
      response: { status: 400, body: { message: `Could not find the following source IDs: ${missingId}` } },
      client: { outcome: "error", message: /Could not find the following source IDs/ },
    },
    {
      ...on,
      behaviour: "a tile off the 24-column grid is refused",
      source: `${zod}:624-630`,
      request: {
        method: "POST",
        path: () => "/api/v2/dashboards",
        body: { name: "d", tiles: [{ ...markdownTile, x: 24 }] },
      },
      response: {
        status: 400,
        body: {
          message: like(
            /^Body validation failed: tiles\.0\.x: /,
            "Body validation failed: tiles.0.x: too big",
          ),
        },
      },
      client: { outcome: "error", message: /tiles\.0\.x/ },
    },
    {
      ...on,
      behaviour:
        "a missing dashboard is Express's plain-text Not Found (the dashboards client takes it as gone)",
      source: `${v2}/dashboards.ts:2188-2210 (res.sendStatus(404))`,
      request: { method: "GET", path: () => `/api/v2/dashboards/${missingId}` },
      response: { status: 404, body: "Not Found", contentType: "text/plain" },
    },
    {
      ...on,
      behaviour: "a DELETE of a dashboard answers {} whether or not it existed",
      source: `${v2}/dashboards.ts:2841-2860; HyperDX packages/api/src/controllers/dashboard.ts:187-195`,
      request: { method: "DELETE", path: () => `/api/v2/dashboards/${missingId}` },
      response: { status: 200, body: {} },
      client: { outcome: "ok" },
    },
    {
      ...on,
      behaviour: "a source on a connection the team does not have is refused",
      source: `${v2}/sources.ts:94-110, 1078-1090; HyperDX packages/api/src/controllers/connection.ts:9-36`,
      request: {
        method: "POST",
        path: () => "/api/v2/sources",
        body: {
          name: "L",
          kind: "log",
          connection: missingId,
          from: { databaseName: "default", tableName: "logs" },
          timestampValueExpression: "Timestamp",
          defaultTableSelectExpression: "Body",
        },
      },
      response: { status: 400, body: { message: "connection must be an existing connection id" } },
      client: { outcome: "error", message: /connection must be an existing connection id/ },
    },
    {
      ...on,
      behaviour: "sources are listed in one answer, without paging",
      source: `${v2}/sources.ts:928-942`,
      request: { method: "GET", path: () => "/api/v2/sources" },
      response: {
        status: 200,
        body: {
          data: [
            { id: ANY_OBJECT_ID, name: "Logs", kind: "log" },
            { id: ANY_OBJECT_ID, name: "Traces", kind: "trace" },
            { id: ANY_OBJECT_ID, name: "Metrics", kind: "metric" },
          ],
        },
      },
      client: { outcome: "ok", resultSchema: "source", many: true },
    },
    {
      ...on,
      behaviour: "a missing source is 404 Source not found",
      source: `${v2}/sources.ts:991-1010`,
      request: { method: "GET", path: () => `/api/v2/sources/${missingId}` },
      response: { status: 404, body: { message: "Source not found" } },
      client: { outcome: "gone" },
    },
  ];
}

export const cases: ContractCase[] = [...casesOn("spec"), ...casesOn("production")];
