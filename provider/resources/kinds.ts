/**
 * The resource kinds this package serves, and the type token each one gets in state. Tokens follow the dynamic
 * provider's `pulumi-nodejs:dynamic/<module>:<Name>` shape so that `pulumi stack` shows what each resource is.
 */
export const resourceKinds = {
  ReversePrivateEndpoint: { module: "clickhouse" },
  ReplicaScaling: { module: "clickhouse" },
  ApiKey: { module: "clickhouse" },
  PrivateEndpoint: { module: "clickhouse" },
  Alert: { module: "observability" },
} as const;

export type ResourceKind = keyof typeof resourceKinds;

export function typeToken(kind: ResourceKind): string {
  return `pulumi-nodejs:dynamic/${resourceKinds[kind].module}:${kind}`;
}
