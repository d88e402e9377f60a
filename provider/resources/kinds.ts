/**
 * The resource kinds this package serves, with the module of each one's type token: resources appear in state as
 * `pulumi-nodejs:dynamic/<module>:<Kind>`, so `pulumi stack` shows what each resource is.
 */
export const resourceKinds = {
  ReversePrivateEndpoint: { module: "clickhouse" },
  ReplicaScaling: { module: "clickhouse" },
  ApiKey: { module: "clickhouse" },
  PrivateEndpoint: { module: "clickhouse" },
  Alert: { module: "observability" },
} as const;

export type ResourceKind = keyof typeof resourceKinds;
