import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

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

const alerts = Array.from(
  { length: alertCount },
  (_, index) =>
    new chc.Alert(`alert-${index}`, {
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
  (_, index) => new chc.ApiKey(`key-${index}`, { name: `refresh key ${index}`, roles: ["developer"] }),
);

export const alertIds = alerts.map((alert) => alert.id);
export const keyIds = keys.map((key) => key.id);
