/**
 * A service, and alerting on its managed ClickStack: a source, a webhook, a saved search and an alert on it, each
 * naming the service by its id (`clickstackServiceId: service.id`), which only exists once the service is made
 * (`e2e:webhookServiceId` names another service for the webhook).
 * Through the package's classes (`e2e:frontEnd` dynamic) or the native plugin's type tokens (native). Each object's
 * id and recorded service are the stack's outputs.
 */
import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

const config = new pulumi.Config("e2e");
const prefix = config.require("prefix");
const native = config.require("frontEnd") === "native";

/** CustomResource is abstract in the SDK's typings; a resource of the plugin needs nothing more. */
class PluginResource extends pulumi.CustomResource {}

type Kind = "Service" | "Source" | "Webhook" | "SavedSearch" | "Alert";

/** An object of either front end, with the outputs the program reads. */
interface Made {
  readonly id: pulumi.Output<string>;
  readonly clickstackServiceId: pulumi.Output<string | undefined>;
}

/** A resource of the plugin, with the output the program reads named (as undefined) next to its inputs. */
function pluginResource(kind: Kind, name: string, inputs: pulumi.Inputs): Made {
  const made = new PluginResource(`clickhouse-cloud:index:${kind}`, name, {
    clickstackServiceId: undefined,
    ...inputs,
  }) as pulumi.CustomResource & { clickstackServiceId: pulumi.Output<string | undefined> };
  return made;
}

const service = native
  ? new PluginResource("clickhouse-cloud:index:Service", "service", {
      name: `${prefix} service`,
      provider: "aws",
      region: "eu-central-1",
    })
  : new chc.Service("service", { name: `${prefix} service`, provider: "aws", region: "eu-central-1" });
const clickstackServiceId = service.id;

const sourceArgs: chc.SourceArgs = {
  name: `${prefix} logs`,
  kind: "log",
  connection: config.require("connectionId"),
  from: { databaseName: "default", tableName: "otel_logs" },
  timestampValueExpression: "TimestampTime",
  defaultTableSelectExpression: "Timestamp, ServiceName, Body",
  clickstackServiceId,
};
const source: Made = native
  ? pluginResource("Source", "logs", sourceArgs)
  : new chc.Source("logs", sourceArgs);

const webhookArgs: chc.WebhookArgs = {
  name: `${prefix} pager`,
  service: "generic",
  url: "https://hooks.example.com/managed",
  // A test moves the webhook to another service's ClickStack by naming that service.
  clickstackServiceId: config.get("webhookServiceId") ?? clickstackServiceId,
};
const webhook: Made = native
  ? pluginResource("Webhook", "pager", webhookArgs)
  : new chc.Webhook("pager", webhookArgs);

const searchArgs: chc.SavedSearchArgs = {
  name: `${prefix} errors`,
  sourceId: source.id,
  where: "SeverityText:error",
  clickstackServiceId,
};
const search: Made = native
  ? pluginResource("SavedSearch", "errors", searchArgs)
  : new chc.SavedSearch("errors", searchArgs);

const alertArgs: chc.AlertArgs = {
  name: `${prefix} on search`,
  source: "search",
  savedSearchId: search.id,
  threshold: 1,
  interval: "1h",
  thresholdType: "below",
  channel: { type: "webhook", webhookId: webhook.id },
  clickstackServiceId,
};
const alert: Made = native
  ? pluginResource("Alert", "on-search", alertArgs)
  : new chc.Alert("on-search", alertArgs);

export const serviceId = service.id;
export const ids = { sourceId: source.id, webhookId: webhook.id, searchId: search.id, alertId: alert.id };
export const recordedServices = {
  source: source.clickstackServiceId,
  webhook: webhook.clickstackServiceId,
  search: search.clickstackServiceId,
  alert: alert.clickstackServiceId,
};
