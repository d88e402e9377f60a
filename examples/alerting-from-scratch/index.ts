import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

const config = new pulumi.Config();

// Where the logs live: a table of a connection (a ClickHouse server) the observability API knows.
const logs = new chc.Source("logs", {
  name: "App logs",
  kind: "log",
  connection: config.require("connectionId"),
  from: { databaseName: "default", tableName: "otel_logs" },
  timestampValueExpression: "TimestampTime",
  defaultTableSelectExpression: "Timestamp, ServiceName, SeverityText, Body",
  serviceNameExpression: "ServiceName",
  severityTextExpression: "SeverityText",
});

// Where notifications go. The header is a secret: the API never shows it, and the state keeps it encrypted.
const pager = new chc.Webhook("pager", {
  name: "App on-call",
  service: "generic",
  url: config.get("webhookUrl") ?? "https://hooks.example.com/on-call",
  headers: { Authorization: config.requireSecret("webhookToken") },
  body: '{"text": "{{title}}: {{body}}"}',
});

const errors = new chc.SavedSearch("errors", {
  name: "Errors",
  sourceId: logs.id,
  where: "SeverityText:error",
  whereLanguage: "lucene",
});

const countOf = (where: string) => ({
  displayType: "line",
  sourceId: logs.id,
  select: [{ aggFn: "count", where, whereLanguage: "lucene" }],
});
const health = new chc.Dashboard("health", {
  name: "App health",
  tiles: [
    { name: "Errors", x: 0, y: 0, w: 12, h: 4, config: countOf("SeverityText:error") },
    { name: "Requests", x: 12, y: 0, w: 12, h: 4, config: countOf("") },
  ],
});

const channel = { type: "webhook" as const, webhookId: pager.id };

// The API gives each tile its id; `tileIds` maps the tiles' names to them.
const errorsOnTile = new chc.Alert("errors-on-tile", {
  name: "Error spike",
  source: "tile",
  dashboardId: health.id,
  tileId: health.tileIds.apply((ids) => String(ids["Errors"])),
  threshold: 50,
  interval: "5m",
  thresholdType: "above",
  channel,
});

const errorsOnSearch = new chc.Alert("errors-on-search", {
  name: "Errors keep coming",
  source: "search",
  savedSearchId: errors.id,
  threshold: 10,
  interval: "1h",
  thresholdType: "above",
  channel,
});

export const sourceId = logs.id;
export const webhookId = pager.id;
export const savedSearchId = errors.id;
export const dashboardId = health.id;
export const tileIds = health.tileIds;
export const alertIds = [errorsOnTile.id, errorsOnSearch.id];
