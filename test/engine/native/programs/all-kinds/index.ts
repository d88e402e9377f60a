/**
 * All five resource kinds and getSeries through the native plugin, written against the plugin's type tokens
 * (as a program without a generated SDK would), driven by the tests through stack config.
 */
import * as pulumi from "@pulumi/pulumi";

const config = new pulumi.Config("e2e");
/** Resource names to the ids of existing objects to import instead of creating them (`pulumi import` in code). */
const importIds = config.getObject<Record<string, string>>("importIds") ?? {};

/** CustomResource is abstract in the SDK's typings; a resource of the plugin needs nothing more. */
class PluginResource extends pulumi.CustomResource {}

/**
 * A resource of the plugin. The Node SDK gives a CustomResource an output property only for the keys of its
 * props, so the outputs the program reads are named (as undefined) next to the inputs.
 */
function nativeResource(
  kind: string,
  name: string,
  inputs: pulumi.Inputs,
  outputNames: string[],
  opts?: pulumi.CustomResourceOptions,
): pulumi.CustomResource & Record<string, pulumi.Output<unknown>> {
  const props = { ...Object.fromEntries(outputNames.map((output) => [output, undefined])), ...inputs };
  const importId = importIds[name];
  const options = importId === undefined ? opts : { ...opts, import: importId };
  return new PluginResource(`clickhouse-cloud:index:${kind}`, name, props, options) as pulumi.CustomResource &
    Record<string, pulumi.Output<unknown>>;
}

const key = nativeResource(
  "ApiKey",
  "key",
  {
    name: config.require("keyName"),
    roles: ["developer"],
    rotationTrigger: config.get("rotationTrigger"),
  },
  ["keyId", "keySecret", "state", "keySuffix"],
);

const alert = nativeResource(
  "Alert",
  "alert",
  {
    name: config.require("alertName"),
    source: "tile",
    dashboardId: config.require("dashboardId"),
    tileId: config.require("tileId"),
    threshold: config.requireNumber("threshold"),
    interval: "5m",
    thresholdType: "above",
    channel: { type: "webhook", webhookId: config.require("webhookId") },
  },
  ["state"],
);

const endpoint = nativeResource(
  "PrivateEndpoint",
  "endpoint",
  {
    serviceId: config.require("endpointServiceId"),
    endpointId: config.require("endpointId"),
    description: config.require("endpointDescription"),
  },
  ["cloudProvider", "region"],
);

const reverseEndpoint = nativeResource(
  "ReversePrivateEndpoint",
  "reverse-endpoint",
  {
    serviceId: config.require("reverseServiceId"),
    type: "VPC_ENDPOINT_SERVICE",
    vpcEndpointServiceName: "com.amazonaws.vpce.us-east-1.vpce-svc-0123456789",
    description: config.require("reverseDescription"),
  },
  ["status", "dnsNames"],
);

const scaling = nativeResource(
  "ReplicaScaling",
  "scaling",
  {
    serviceId: config.require("scalingServiceId"),
    numReplicas: config.requireNumber("numReplicas"),
    // More settings to manage, e.g. all of them, as a program written for an imported service has.
    ...config.getObject<Record<string, unknown>>("moreScalingSettings"),
  },
  ["managedFields"],
);

const series = pulumi.runtime.invokeOutput<{ rows: unknown[]; series: { ts: number; value: number }[][] }>(
  "clickhouse-cloud:index:getSeries",
  {
    series: [{ sourceId: config.require("sourceId"), aggFn: "count" }],
    startTime: config.requireNumber("startTime"),
    endTime: config.requireNumber("endTime"),
    granularity: "1h",
  },
);

export const keyUuid = key.id;
export const keyId = key.keyId;
export const keySecret = key.keySecret;
export const keyState = key.state;
export const alertId = alert.id;
export const endpointResourceId = endpoint.id;
export const endpointRegion = endpoint.region;
export const reverseEndpointId = reverseEndpoint.id;
export const reverseStatus = reverseEndpoint.status;
export const scalingId = scaling.id;
export const scalingManaged = scaling.managedFields;
export const seriesPoints = series.apply((result) => result.series[0]);
