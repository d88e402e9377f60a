/** The observability API's bodies and errors, common to every area. */
import { ANY_OBJECT_ID, like, type CaseIds, type ContractCase } from "../contract";

const unknownObjectId = "65a1f0c2b3d4e5f607182930";

export const cases: ContractCase[] = [
  {
    behaviour: "an unknown alert is a 404 with the API's own message",
    source: "HyperDX packages/api/src/routers/external-api/v2/alerts.ts",
    api: "observability",
    request: { method: "GET", path: () => `/api/v2/alerts/${unknownObjectId}` },
    response: { status: 404, body: { message: "Alert not found" } },
    client: { outcome: "gone" },
  },
  {
    behaviour: "a request without a token is a plain-text 401",
    source: "HyperDX external API: bearer-token middleware answers 401 Unauthorized",
    api: "observability",
    request: { method: "GET", path: () => "/api/v2/alerts", auth: "none" },
    response: { status: 401, contentType: "text/plain", body: "Unauthorized" },
    client: { outcome: "error", message: /rejected the credentials/ },
  },
  {
    behaviour: "an alert without a threshold is a 400 naming the field",
    source: "the documented alert fields: threshold is required; HyperDX zod body validation",
    api: "observability",
    request: {
      method: "POST",
      path: () => "/api/v2/alerts",
      body: (ids: CaseIds) => ({
        interval: "5m",
        source: "tile",
        thresholdType: "above",
        channel: { type: "webhook", webhookId: ids.webhooks[0].id },
        dashboardId: ids.dashboards[0].id,
        tileId: ids.dashboards[0].tileIds[0],
      }),
    },
    response: {
      status: 400,
      body: {
        message: like(/^Body validation failed: .*threshold/, "Body validation failed: threshold: Required"),
      },
    },
  },
  {
    behaviour: "a created alert comes back under data, inactive",
    source: "the documented create: the alert object under data, state inactive",
    api: "observability",
    request: {
      method: "POST",
      path: () => "/api/v2/alerts",
      body: (ids: CaseIds) => ({
        threshold: 100,
        interval: "5m",
        source: "tile",
        thresholdType: "above",
        channel: { type: "webhook", webhookId: ids.webhooks[0].id },
        dashboardId: ids.dashboards[0].id,
        tileId: ids.dashboards[0].tileIds[0],
      }),
    },
    response: {
      status: 200,
      body: {
        data: {
          id: ANY_OBJECT_ID,
          threshold: 100,
          interval: "5m",
          source: "tile",
          thresholdType: "above",
          state: "inactive",
        },
      },
    },
  },
];
