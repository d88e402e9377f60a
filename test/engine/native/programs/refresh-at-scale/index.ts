/** Many alerts and API keys through the native plugin's type tokens; the test's refresh reads them all at once. */
import * as pulumi from "@pulumi/pulumi";

/** Ids of the fixture's objects the alerts refer to. */
interface Targets {
  dashboardId: string;
  tileId: string;
  webhookId: string;
}

const config = new pulumi.Config("e2e");
const targets = config.requireObject<Targets>("targets");
const alertCount = config.requireNumber("alertCount");
const keyCount = config.requireNumber("keyCount");

class PluginResource extends pulumi.CustomResource {}

const alerts = Array.from(
  { length: alertCount },
  (_, index) =>
    new PluginResource("clickhouse-cloud:index:Alert", `alert-${index}`, {
      name: `refresh alert ${index}`,
      source: "tile",
      dashboardId: targets.dashboardId,
      tileId: targets.tileId,
      threshold: 100 + index,
      thresholdType: "above",
      interval: "5m",
      channel: { type: "webhook", webhookId: targets.webhookId },
    }),
);

const keys = Array.from(
  { length: keyCount },
  (_, index) =>
    new PluginResource("clickhouse-cloud:index:ApiKey", `key-${index}`, {
      name: `refresh key ${index}`,
      roles: ["developer"],
    }),
);

export const alertIds = alerts.map((alert) => alert.id);
export const keyIds = keys.map((key) => key.id);
