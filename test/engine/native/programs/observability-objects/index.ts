/**
 * Alerting from scratch through the native plugin, written against the plugin's type tokens: a source, a webhook
 * with a secret header, a saved search, a dashboard with two tiles, and alerts on a tile and on the search that
 * name them by output. Driven by the tests through stack config.
 */
import * as pulumi from "@pulumi/pulumi";

const config = new pulumi.Config("e2e");
const prefix = config.require("prefix");

/** CustomResource is abstract in the SDK's typings; a resource of the plugin needs nothing more. */
class PluginResource extends pulumi.CustomResource {}

/** A resource of the plugin, with the outputs the program reads named (as undefined) next to its inputs. */
function pluginResource(kind: string, name: string, inputs: pulumi.Inputs, outputNames: string[] = []) {
  const props = { ...Object.fromEntries(outputNames.map((output) => [output, undefined])), ...inputs };
  return new PluginResource(`clickhouse-cloud:index:${kind}`, name, props) as pulumi.CustomResource &
    Record<string, pulumi.Output<unknown>>;
}

const source = pluginResource("Source", "logs", {
  name: `${prefix} logs`,
  kind: "log",
  connection: config.require("connectionId"),
  from: { databaseName: "default", tableName: "otel_logs" },
  timestampValueExpression: "TimestampTime",
  defaultTableSelectExpression: "Timestamp, ServiceName, Body",
});

const webhook = pluginResource(
  "Webhook",
  "pager",
  {
    name: `${prefix} pager`,
    service: "generic",
    url: config.require("webhookUrl"),
    headers: { Authorization: config.requireSecret("webhookToken") },
  },
  ["headers"],
);

const search = pluginResource("SavedSearch", "errors", {
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
const errorTileName = config.require("errorTileName");
const dashboard = pluginResource(
  "Dashboard",
  "health",
  {
    name: config.get("dashboardName") ?? `${prefix} health`,
    tiles: [line(errorTileName, 0), line("Volume", 12)],
  },
  ["tileIds"],
);

const channel = { type: "webhook", webhookId: webhook.id };
const tileAlert = pluginResource("Alert", "on-tile", {
  name: `${prefix} on tile`,
  source: "tile",
  dashboardId: dashboard.id,
  tileId: dashboard.tileIds.apply((ids) => String((ids as Record<string, string>)[errorTileName])),
  threshold: 5,
  interval: "5m",
  thresholdType: "above",
  channel,
});
const searchAlert = pluginResource("Alert", "on-search", {
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
export const searchAlertId = searchAlert.id;
