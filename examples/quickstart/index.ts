import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

// Ids of things that exist before this program runs: a service, a dashboard tile, a webhook and a source of
// request spans (with a Duration field).
// `npm run demo` sets them from the emulator's fixture; against the real APIs, `pulumi config set serviceId ...`.
const config = new pulumi.Config();
const serviceId = config.require("serviceId");
const dashboardId = config.require("dashboardId");
const tileId = config.require("tileId");
const webhookId = config.require("webhookId");
const sourceId = config.require("sourceId");

// Reach an MSK cluster in another VPC from the service; `pulumi up` waits until the endpoint is Ready.
const mskEndpoint = new chc.ReversePrivateEndpoint("orders-msk", {
  serviceId,
  type: "MSK_MULTI_VPC",
  description: "orders topic in the shared MSK cluster",
  mskClusterArn: "arn:aws:kafka:us-east-1:123456789012:cluster/orders/6f1c7b1e-1b2c-4d5e-8f90-0a1b2c3d4e5f-1",
  mskAuthentication: "SASL_IAM",
});

// Only the settings named here are managed; the rest of the service is left as it is.
const scaling = new chc.ReplicaScaling("scaling", {
  serviceId,
  minReplicaMemoryGb: 16,
  maxReplicaMemoryGb: 64,
  numReplicas: 3,
  idleScaling: true,
  idleTimeoutMinutes: 15,
});

// A key for the CI pipeline; its secret is a secret output, encrypted in state.
const ciKey = new chc.ApiKey("ci-key", {
  name: "ci-pipeline",
  roles: ["developer"],
  ipAccessList: [{ source: "10.0.0.0/8", description: "CI runners" }],
});

const privateLink = new chc.PrivateEndpoint("app-vpc", {
  serviceId,
  endpointId: "vpce-0a1b2c3d4e5f60718",
  description: "application VPC",
});

// Alert when p95 latency goes 20% above its worst day of the last full week. The window is aligned to days so
// the threshold, and with it the plan, stays the same all day.
const dayMs = 24 * 60 * 60 * 1000;
const endTime = Math.floor(Date.now() / dayMs) * dayMs;
const lastWeek = chc.getSeriesOutput({
  series: [{ sourceId, aggFn: "quantile", level: 0.95, field: "Duration", where: "service:checkout" }],
  startTime: endTime - 7 * dayMs,
  endTime,
  granularity: "1d",
});
const weeklyPeak = lastWeek.apply((result) => Math.max(...result.series[0].map((point) => point.value)));

const latencyAlert = new chc.Alert("checkout-latency", {
  name: "checkout p95 latency",
  message: "p95 latency is 20% above last week's peak",
  source: "tile",
  dashboardId,
  tileId,
  threshold: weeklyPeak.apply((peak) => Math.round(peak * 1.2)),
  thresholdType: "above",
  interval: "5m",
  channel: { type: "webhook", webhookId },
});

export const reversePrivateEndpointId = mskEndpoint.id;
export const reversePrivateEndpointStatus = mskEndpoint.status;
export const reversePrivateEndpointDnsNames = mskEndpoint.dnsNames;
export const serviceReplicas = scaling.numReplicas;
export const serviceMemoryGb = pulumi.interpolate`${scaling.minReplicaMemoryGb}..${scaling.maxReplicaMemoryGb}`;
export const apiKeyId = ciKey.keyId;
export const apiKeySecret = ciKey.keySecret;
export const privateEndpointId = privateLink.endpointId;
export const alertId = latencyAlert.id;
export const alertThreshold = latencyAlert.threshold;
export const alertState = latencyAlert.state;
export const thresholdSeries = lastWeek.apply((result) => result.series[0]);
