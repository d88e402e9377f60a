import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

const config = new pulumi.Config();
const sourceId = config.require("sourceId");
const savedSearchId = config.require("savedSearchId");
const webhookId = config.require("webhookId");

// Last full week of error counts, hourly. The window ends at the start of today, so the threshold (and the plan)
// only changes once a day.
const hourMs = 60 * 60 * 1000;
const endTime = Math.floor(Date.now() / (24 * hourMs)) * 24 * hourMs;
const errors = chc.getSeriesOutput({
  series: [{ sourceId, aggFn: "count", where: "level:error" }],
  startTime: endTime - 7 * 24 * hourMs,
  endTime,
  granularity: "1h",
});

// Alert when an interval's error count exceeds the weekly mean by three standard deviations.
const threshold = errors.apply(({ series }) => {
  const values = series[0].map((point) => point.value);
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const deviation = Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length);
  return Math.ceil(mean + 3 * deviation);
});

const errorSpike = new chc.Alert("error-spike", {
  name: "error spike",
  message: "errors are 3 standard deviations above last week's mean",
  source: "search",
  savedSearchId,
  threshold,
  thresholdType: "above",
  interval: "1h",
  channel: { type: "webhook", webhookId },
});

export const alertId = errorSpike.id;
export const alertThreshold = errorSpike.threshold;
export const hourlyBuckets = errors.apply(({ rows }) => rows.length);
