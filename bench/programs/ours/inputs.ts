/**
 * The benchmark's resources as names and inputs, one builder per kind, shared by the program on our dynamic
 * classes (`ours`) and the one on the native plugin's type tokens (`native`), so both declare the same resources.
 */
import * as pulumi from "@pulumi/pulumi";
import type * as chc from "pulumi-clickhouse-cloud";
import type { BenchFixtureIds, BenchKind } from "./settings";

interface BenchArgs {
  ReversePrivateEndpoint: chc.ReversePrivateEndpointArgs;
  ReplicaScaling: chc.ReplicaScalingArgs;
  ApiKey: chc.ApiKeyArgs;
  PrivateEndpoint: chc.PrivateEndpointArgs;
  Alert: chc.AlertArgs;
  Webhook: chc.WebhookArgs;
  SavedSearch: chc.SavedSearchArgs;
  Dashboard: chc.DashboardArgs;
  Source: chc.SourceArgs;
}

export type BenchResource<K extends BenchKind> = { readonly name: string; readonly args: BenchArgs[K] };
export type BenchBuilders = { readonly [K in BenchKind]: (i: number) => BenchResource<K> };

/** One resource of each kind per index; `revision` changes an input that updates in place where the API can. */
export function benchResources(fixture: BenchFixtureIds, revision: number): BenchBuilders {
  const { services } = fixture;
  /**
   * Scaling settings of six resources on the emulator's four services. Two resources that share a service manage
   * disjoint settings (memory bounds on one, replicas and idling on the other), so they never undo each other's
   * change and refresh shows no drift; each one still does the full work of a resource. `revision` moves one
   * setting of each, within the limits of its service (tier caps, first service of a warehouse).
   */
  const r = revision;
  const scalingLayouts: chc.ReplicaScalingArgs[] = [
    { serviceId: services.production, minReplicaMemoryGb: 16, maxReplicaMemoryGb: 128 + 4 * r },
    { serviceId: services.production, numReplicas: 3, idleScaling: true, idleTimeoutMinutes: 15 + r },
    { serviceId: services.secondary, minReplicaMemoryGb: 8, maxReplicaMemoryGb: 64 + 4 * r },
    { serviceId: services.secondary, numReplicas: 1, idleTimeoutMinutes: 10 + r },
    { serviceId: services.trial, minReplicaMemoryGb: 8, maxReplicaMemoryGb: 96 + 4 * r, numReplicas: 2 },
    { serviceId: services.development, numReplicas: 2, idleScaling: true, idleTimeoutMinutes: 20 + r },
  ];
  /** Services for endpoints, alternating so that both paid production services carry some. */
  const endpointService = (i: number) => (i % 2 === 0 ? services.production : services.secondary);
  return {
    // Every field replaces: the revision in the description makes the figure's "update" a replacement.
    ReversePrivateEndpoint: (i) => ({
      name: `rpe-${i}`,
      args: {
        serviceId: endpointService(i),
        type: "VPC_ENDPOINT_SERVICE",
        vpcEndpointServiceName: `com.amazonaws.vpce.us-east-1.vpce-svc-0bench${i}`,
        description: `bench endpoint ${i} r${revision}`,
      },
    }),
    ReplicaScaling: (i) => {
      if (i >= scalingLayouts.length)
        throw new Error(`at most ${scalingLayouts.length} ReplicaScaling resources: one per layout`);
      return { name: `scaling-${i}`, args: scalingLayouts[i] };
    },
    ApiKey: (i) => ({
      name: `key-${i}`,
      args: { name: `bench key ${i} r${revision}`, roles: ["developer"] },
    }),
    PrivateEndpoint: (i) => ({
      name: `endpoint-${i}`,
      args: {
        serviceId: endpointService(i),
        endpointId: `vpce-0bench${String(i).padStart(12, "0")}`,
        description: `bench private endpoint ${i} r${revision}`,
      },
    }),
    Alert: (i) => ({
      name: `alert-${i}`,
      args: {
        name: `bench alert ${i}`,
        source: "tile",
        dashboardId: fixture.dashboardId,
        tileId: fixture.tileId,
        threshold: 100 + i + revision,
        interval: "5m",
        thresholdType: "above",
        channel: { type: "webhook", webhookId: fixture.webhookId },
      },
    }),
    // The observability objects: `revision` changes an input each one updates in place. A webhook's service and
    // name are unique in a team: the stack's name keeps the programs' webhooks apart.
    Webhook: (i) => ({
      name: `webhook-${i}`,
      args: {
        name: `bench webhook ${i} ${pulumi.getStack()}`,
        service: "generic",
        url: `https://hooks.example.com/bench/${i}/r${revision}`,
      },
    }),
    SavedSearch: (i) => ({
      name: `search-${i}`,
      args: {
        name: `bench search ${i} r${revision}`,
        sourceId: fixture.sourceId,
        where: "SeverityText:error",
        whereLanguage: "lucene",
      },
    }),
    Dashboard: (i) => ({
      name: `dashboard-${i}`,
      args: {
        name: `bench dashboard ${i} r${revision}`,
        tiles: [
          {
            name: "Errors",
            x: 0,
            y: 0,
            w: 12,
            h: 4,
            config: { displayType: "line", sourceId: fixture.sourceId, select: [{ aggFn: "count" }] },
          },
        ],
      },
    }),
    Source: (i) => ({
      name: `source-${i}`,
      args: {
        name: `bench source ${i} r${revision}`,
        kind: "log",
        connection: fixture.connectionId,
        from: { databaseName: "default", tableName: "otel_logs" },
        timestampValueExpression: "TimestampTime",
        defaultTableSelectExpression: "Timestamp, ServiceName, SeverityText, Body",
      },
    }),
  };
}
