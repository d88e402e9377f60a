import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

const config = new pulumi.Config("e2e");

// Last week's daily 95th percentile of a source's durations; the alert fires when the value goes above the
// week's peak.
const lastWeek = chc.getSeriesOutput({
  series: [{ sourceId: config.require("sourceId"), aggFn: "quantile", level: 0.95, field: "Duration" }],
  startTime: config.requireNumber("startTime"),
  endTime: config.requireNumber("endTime"),
  granularity: "1d",
});

export const weeklyPeak = lastWeek.apply((result) =>
  Math.max(...result.series[0].map((point) => point.value)),
);
export const bucketCount = lastWeek.apply((result) => result.rows.length);

const alert = new chc.Alert("peak-alert", {
  name: config.require("name"),
  source: "tile",
  dashboardId: config.require("dashboardId"),
  tileId: config.require("tileId"),
  threshold: weeklyPeak,
  interval: "15m",
  thresholdType: "above",
  channel: { type: "webhook", webhookId: config.require("webhookId") },
});

export const alertId = alert.id;
export const alertThreshold = alert.threshold;
