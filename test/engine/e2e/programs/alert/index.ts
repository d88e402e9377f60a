import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

const config = new pulumi.Config("e2e");
const prefix = config.require("prefix");
const tile = { dashboardId: config.require("dashboardId"), tileId: config.require("tileId") };

const tileAlert = new chc.Alert("tile-alert", {
  name: `${prefix} tile`,
  source: "tile",
  ...tile,
  threshold: config.requireNumber("threshold"),
  interval: "5m",
  thresholdType: "above",
  channel: { type: "webhook", webhookId: config.require("webhookId") },
  message: config.require("message"),
});

// The e2e test switches this alert from a saved search to a tile to show that a source change is an update.
const watched =
  config.require("switchingSource") === "tile"
    ? { source: "tile" as const, ...tile }
    : { source: "search" as const, savedSearchId: config.require("savedSearchId"), groupBy: "service" };

const switchingAlert = new chc.Alert("switching-alert", {
  name: `${prefix} switching`,
  ...watched,
  threshold: 1,
  interval: "1h",
  thresholdType: "below",
  channel: { type: "webhook", webhookId: config.require("webhookId") },
});

export const tileAlertId = tileAlert.id;
export const tileThreshold = tileAlert.threshold;
export const tileState = tileAlert.state;
export const tileDashboard = tileAlert.dashboard;
export const switchingAlertId = switchingAlert.id;
export const switchingSource = switchingAlert.source;
export const switchingSavedSearch = switchingAlert.savedSearch;
