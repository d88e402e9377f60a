import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

const config = new pulumi.Config("e2e");

const scaling = new chc.ReplicaScaling("scaling", { serviceId: config.require("serviceId"), numReplicas: 3 });

const key = new chc.ApiKey("key", { name: config.require("keyName"), roles: ["developer"] });

const alert = new chc.Alert("alert", {
  name: "upgrade",
  source: "search",
  savedSearchId: config.require("savedSearchId"),
  threshold: 5,
  thresholdType: "above",
  interval: "15m",
  channel: { type: "webhook", webhookId: config.require("webhookId") },
});

export const numReplicas = scaling.numReplicas;
export const keyId = key.id;
export const keyName = key.name;
export const alertId = alert.id;
