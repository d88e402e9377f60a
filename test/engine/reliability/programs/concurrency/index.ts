import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

/** Ids of the fixture's objects the resources refer to. */
interface Targets {
  services: { production: string; secondary: string; development: string; trial: string };
  dashboardId: string;
  tileIds: string[];
  savedSearchId: string;
  webhookId: string;
}

const config = new pulumi.Config("e2e");
const targets = config.requireObject<Targets>("targets");
const alertCount = config.requireNumber("alertCount");
const { production, secondary, development, trial } = targets.services;

// One ReplicaScaling per service: the fixture has four, and each service's settings are one resource's.
const scalings = [
  new chc.ReplicaScaling("scaling-production", {
    serviceId: production,
    numReplicas: 3,
    idleTimeoutMinutes: 15,
  }),
  new chc.ReplicaScaling("scaling-secondary", { serviceId: secondary, numReplicas: 1 }),
  new chc.ReplicaScaling("scaling-development", { serviceId: development, idleTimeoutMinutes: 10 }),
  new chc.ReplicaScaling("scaling-trial", { serviceId: trial, idleScaling: false }),
];

const keys = [1, 2, 3, 4].map(
  (n) =>
    new chc.ApiKey(`key-${n}`, { name: `parallel-key-${n}`, roles: n % 2 === 0 ? ["admin"] : ["developer"] }),
);

const privateEndpoints = [1, 2, 3, 4].map(
  (n) =>
    new chc.PrivateEndpoint(`private-endpoint-${n}`, {
      serviceId: production,
      endpointId: `vpce-0parallel00000000${n}`,
      description: `parallel ${n}`,
    }),
);

const reverseEndpoints = [1, 2].map(
  (n) =>
    new chc.ReversePrivateEndpoint(`reverse-endpoint-${n}`, {
      serviceId: production,
      type: "VPC_ENDPOINT_SERVICE",
      vpcEndpointServiceName: `com.amazonaws.vpce.us-east-1.vpce-svc-0parallel${n}`,
      description: `parallel ${n}`,
    }),
);

const alerts = Array.from({ length: alertCount }, (_, index) => {
  const watch =
    index % 2 === 0
      ? {
          source: "tile" as const,
          dashboardId: targets.dashboardId,
          tileId: targets.tileIds[index % targets.tileIds.length],
        }
      : { source: "search" as const, savedSearchId: targets.savedSearchId };
  return new chc.Alert(`alert-${index}`, {
    name: `parallel alert ${index}`,
    threshold: 10 * (index + 1),
    thresholdType: index % 3 === 0 ? "below" : "above",
    interval: "5m",
    channel: { type: "webhook", webhookId: targets.webhookId },
    ...watch,
  });
});

export const resourceCount =
  scalings.length + keys.length + privateEndpoints.length + reverseEndpoints.length + alerts.length;
export const endpointStatuses = reverseEndpoints.map((endpoint) => endpoint.status);
