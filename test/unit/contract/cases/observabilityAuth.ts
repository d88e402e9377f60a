/**
 * Every operation of the observability API needs its bearer token (the API documents that every
 * operation requires the Authorization header of its API); without it each one, whatever its method, gets the
 * bearer-token middleware's plain-text 401 before its body is looked at.
 */
import type { Fixture } from "../../../../emulator";
import type { EmulatorHarness } from "../../../support/httpRequests";
import type { ContractCase } from "../contract";

const source =
  "every operation requires the Authorization header; HyperDX external API: bearer-token middleware answers 401 Unauthorized";
const unauthorized = { status: 401, contentType: "text/plain", body: "Unauthorized" };

const tileAlert = (ids: Fixture) => ({
  threshold: 5,
  interval: "5m",
  source: "tile",
  thresholdType: "above",
  channel: { type: "webhook", webhookId: ids.webhooks[0].id },
  dashboardId: ids.dashboards[0].id,
  tileId: ids.dashboards[0].tileIds[0],
});

async function anAlert(harness: EmulatorHarness): Promise<Record<string, string>> {
  return { alert: String((await harness.createTileAlert()).id) };
}

export const cases: ContractCase[] = [
  {
    behaviour: "creating an alert without a token is a plain-text 401",
    source,
    api: "observability",
    request: { method: "POST", path: () => "/api/v2/alerts", body: tileAlert, auth: "none" },
    response: unauthorized,
    client: { outcome: "error", message: /rejected the credentials/ },
  },
  {
    behaviour: "replacing an alert without a token is a plain-text 401",
    source,
    api: "observability",
    arrange: anAlert,
    request: {
      method: "PUT",
      path: (ids) => `/api/v2/alerts/${ids.made.alert}`,
      body: tileAlert,
      auth: "none",
    },
    response: unauthorized,
    client: { outcome: "error", message: /rejected the credentials/ },
  },
  {
    behaviour: "deleting an alert without a token is a plain-text 401",
    source,
    api: "observability",
    arrange: anAlert,
    request: { method: "DELETE", path: (ids) => `/api/v2/alerts/${ids.made.alert}`, auth: "none" },
    response: unauthorized,
    client: { outcome: "error", message: /rejected the credentials/ },
  },
  {
    behaviour: "a series query without a token is a plain-text 401",
    source,
    api: "observability",
    request: {
      method: "POST",
      path: () => "/api/v2/charts/series",
      body: (ids: Fixture) => ({
        series: [{ sourceId: ids.sources[0].id, aggFn: "count", where: "", groupBy: [] }],
        startTime: Date.UTC(2025, 2, 3),
        endTime: Date.UTC(2025, 2, 4),
        granularity: "1d",
      }),
      auth: "none",
    },
    response: unauthorized,
    client: { outcome: "error", message: /rejected the credentials/ },
  },
];
