/**
 * The five kinds, first as the package's dynamic-provider classes, then (stack config `e2e:served` = native) as
 * the native plugin's types, each with an alias to its dynamic type so the engine sees the same resources.
 */
import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

const config = new pulumi.Config("e2e");
const native = config.require("served") === "native";

/** CustomResource is abstract in the SDK's typings; a resource of the plugin needs nothing more. */
class PluginResource extends pulumi.CustomResource {}

/**
 * The same resource served either way: the dynamic class, or the plugin's type aliased to the dynamic type
 * (`pulumi-nodejs:dynamic/<module>:<kind>`). The Node SDK gives a CustomResource an output property only for the
 * keys of its props, so the outputs the program exports are named (as undefined) next to the inputs.
 */
function served<Args extends object>(
  kind: string,
  module: string,
  name: string,
  args: Args,
  outputNames: string[],
  dynamic: (name: string, args: Args) => pulumi.CustomResource,
): pulumi.CustomResource & Record<string, pulumi.Output<unknown>> {
  const resource = native
    ? new PluginResource(
        `clickhouse-cloud:index:${kind}`,
        name,
        { ...Object.fromEntries(outputNames.map((output) => [output, undefined])), ...args },
        { aliases: [{ type: `pulumi-nodejs:dynamic/${module}:${kind}` }] },
      )
    : dynamic(name, args);
  return resource as pulumi.CustomResource & Record<string, pulumi.Output<unknown>>;
}

const key = served(
  "ApiKey",
  "clickhouse",
  "key",
  { name: config.require("keyName"), roles: ["developer" as const] },
  ["keySecret"],
  (name, args) => new chc.ApiKey(name, args),
);

// Credentials the program chose: secret inputs as well as secret outputs.
const ownKey = served(
  "ApiKey",
  "clickhouse",
  "own-key",
  {
    name: `${config.require("keyName")}-own`,
    roles: ["query_endpoints" as const],
    keyId: config.require("ownKeyId"),
    keySecret: config.requireSecret("ownKeySecret"),
  },
  ["keySecret"],
  (name, args) => new chc.ApiKey(name, args),
);

const alert = served(
  "Alert",
  "observability",
  "alert",
  {
    name: config.require("alertName"),
    source: "tile" as const,
    dashboardId: config.require("dashboardId"),
    tileId: config.require("tileId"),
    threshold: 10,
    interval: "5m" as const,
    thresholdType: "above" as const,
    channel: { type: "webhook" as const, webhookId: config.require("webhookId") },
  },
  [],
  (name, args) => new chc.Alert(name, args),
);

const endpoint = served(
  "PrivateEndpoint",
  "clickhouse",
  "endpoint",
  {
    serviceId: config.require("endpointServiceId"),
    endpointId: config.require("endpointId"),
    description: "migrated endpoint",
  },
  [],
  (name, args) => new chc.PrivateEndpoint(name, args),
);

const reverseEndpoint = served(
  "ReversePrivateEndpoint",
  "clickhouse",
  "reverse-endpoint",
  {
    serviceId: config.require("reverseServiceId"),
    type: "VPC_ENDPOINT_SERVICE" as const,
    vpcEndpointServiceName: "com.amazonaws.vpce.us-east-1.vpce-svc-0123456789",
    description: config.require("reverseDescription"),
  },
  [],
  (name, args) => new chc.ReversePrivateEndpoint(name, args),
);

const scaling = served(
  "ReplicaScaling",
  "clickhouse",
  "scaling",
  { serviceId: config.require("scalingServiceId"), numReplicas: 3 },
  [],
  (name, args) => new chc.ReplicaScaling(name, args),
);

export const keyUuid = key.id;
export const keySecret = key.keySecret;
export const ownKeyUuid = ownKey.id;
export const alertId = alert.id;
export const endpointResourceId = endpoint.id;
export const reverseEndpointId = reverseEndpoint.id;
export const scalingId = scaling.id;
