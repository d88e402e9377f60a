import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

/**
 * One resource of each kind. `e2e:step` moves the program on, one kind of engine step at a time:
 * - "create": the five resources;
 * - "update": the alert's threshold and the scaling's replica count change (updates in place);
 * - "replace": the reverse private endpoint's description changes (every change of it replaces the endpoint);
 * - "delete": the API key and the alert leave the program (deletes).
 */
const config = new pulumi.Config("e2e");
const step = config.require("step");
const serviceId = config.require("serviceId");
const changed = step !== "create";

new chc.ReplicaScaling("scaling", { serviceId, numReplicas: changed ? 6 : 5, idleTimeoutMinutes: 15 });

new chc.PrivateEndpoint("private-endpoint", {
  serviceId,
  endpointId: "vpce-0interrupted0000001",
  description: "interrupted run",
});

new chc.ReversePrivateEndpoint("endpoint", {
  serviceId,
  type: "VPC_ENDPOINT_SERVICE",
  vpcEndpointServiceName: "com.amazonaws.vpce.us-east-1.vpce-svc-0interrupted",
  description: step === "replace" || step === "delete" ? "interrupted run, replaced" : "interrupted run",
});

if (step !== "delete") {
  new chc.ApiKey("key", { name: "interrupted-run", roles: ["developer"] });
  new chc.Alert("alert", {
    name: "interrupted run",
    source: "tile",
    dashboardId: config.require("dashboardId"),
    tileId: config.require("tileId"),
    threshold: changed ? 20 : 10,
    thresholdType: "above",
    interval: "5m",
    channel: { type: "webhook", webhookId: config.require("webhookId") },
  });
}
