import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

const config = new pulumi.Config("e2e");
const prefix = config.require("prefix");

const source = new chc.Source("logs", {
  name: `${prefix} logs`,
  kind: "log",
  connection: config.require("connectionId"),
  from: { databaseName: "default", tableName: "otel_logs" },
  timestampValueExpression: "TimestampTime",
  defaultTableSelectExpression: "Timestamp, ServiceName, Body",
});

const webhook = new chc.Webhook("pager", {
  name: `${prefix} pager`,
  service: "generic",
  url: config.require("webhookUrl"),
  headers: { Authorization: config.requireSecret("webhookToken") },
});

const search = new chc.SavedSearch("errors", {
  name: `${prefix} errors`,
  sourceId: source.id,
  where: "SeverityText:error",
});

const line = (name: string, x: number) => ({
  name,
  x,
  y: 0,
  w: 12,
  h: 4,
  config: { displayType: "line", sourceId: source.id, select: [{ aggFn: "count" }] },
});
const dashboard = new chc.Dashboard("health", {
  name: `${prefix} health`,
  tiles: [line(config.require("errorTileName"), 0), line("Volume", 12)],
});

const channel = { type: "webhook" as const, webhookId: webhook.id };
const tileAlert = new chc.Alert("on-tile", {
  name: `${prefix} on tile`,
  source: "tile",
  dashboardId: dashboard.id,
  tileId: dashboard.tileIds.apply((ids) => String(ids[config.require("errorTileName")])),
  threshold: 5,
  interval: "5m",
  thresholdType: "above",
  channel,
});
const searchAlert = new chc.Alert("on-search", {
  name: `${prefix} on search`,
  source: "search",
  savedSearchId: search.id,
  threshold: 1,
  interval: "1h",
  thresholdType: "below",
  channel,
});

export const sourceId = source.id;
export const webhookId = webhook.id;
export const webhookHeaders = webhook.headers;
export const searchId = search.id;
export const dashboardId = dashboard.id;
export const tileIds = dashboard.tileIds;
export const tileAlertId = tileAlert.id;
export const tileAlertTile = tileAlert.tileId;
export const searchAlertId = searchAlert.id;
