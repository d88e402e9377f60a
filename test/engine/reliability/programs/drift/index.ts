import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

const config = new pulumi.Config("e2e");
const serviceId = config.require("serviceId");

const scaling = new chc.ReplicaScaling("scaling", { serviceId, numReplicas: 3, idleTimeoutMinutes: 15 });

const key = new chc.ApiKey("key", { name: "drift-watch", roles: ["developer"], state: "enabled" });

const alert = new chc.Alert("alert", {
  name: "drift threshold",
  source: "tile",
  dashboardId: config.require("dashboardId"),
  tileId: config.require("tileId"),
  threshold: 100,
  thresholdType: "above",
  interval: "5m",
  channel: { type: "webhook", webhookId: config.require("webhookId") },
});

const endpoint = new chc.ReversePrivateEndpoint("endpoint", {
  serviceId,
  type: "VPC_ENDPOINT_SERVICE",
  vpcEndpointServiceName: "com.amazonaws.vpce.us-east-1.vpce-svc-0drift",
  description: "drift",
});

export const numReplicas = scaling.numReplicas;
export const keyId = key.id;
export const keyState = key.state;
export const alertId = alert.id;
export const alertThreshold = alert.threshold;
export const endpointId = endpoint.id;
