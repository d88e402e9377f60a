import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

const config = new pulumi.Config("e2e");
const serviceId = config.require("serviceId");

const endpoint = new chc.ReversePrivateEndpoint("endpoint", {
  serviceId,
  type: "VPC_ENDPOINT_SERVICE",
  description: "previous release",
  vpcEndpointServiceName: "com.amazonaws.vpce.us-east-1.vpce-svc-0a1b2c3d4e5f60718",
});
const scaling = new chc.ReplicaScaling("scaling", { serviceId, numReplicas: 3, idleTimeoutMinutes: 10 });
const issuedKey = new chc.ApiKey("issued-key", { name: config.require("keyName"), roles: ["developer"] });
const ownKey = new chc.ApiKey("own-key", {
  name: "own credentials",
  roles: ["query_endpoints"],
  keyId: "previous-release-key",
  keySecret: config.requireSecret("keySecret"),
});
const privateLink = new chc.PrivateEndpoint("private-link", {
  serviceId,
  endpointId: "vpce-0f1e2d3c4b5a69788",
  description: "previous release",
});
const alert = new chc.Alert("alert", {
  name: "previous release",
  source: "search",
  savedSearchId: config.require("savedSearchId"),
  threshold: 5,
  thresholdType: "above",
  interval: "15m",
  channel: { type: "webhook", webhookId: config.require("webhookId") },
});

export const endpointId = endpoint.id;
export const numReplicas = scaling.numReplicas;
export const issuedKeyId = issuedKey.id;
export const ownKeyId = ownKey.id;
export const privateLinkId = privateLink.id;
export const alertId = alert.id;
