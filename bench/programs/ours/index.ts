import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";
import { benchConfigKeys, benchKinds, type BenchFixtureIds, type BenchKind } from "./settings";

const config = new pulumi.Config("bench");
const setting = (key: string) => key.slice("bench:".length);
const kinds = config.getObject<BenchKind[]>(setting(benchConfigKeys.kinds)) ?? [...benchKinds];
const perKind = config.getNumber(setting(benchConfigKeys.perKind)) ?? 6;
const counts = config.getObject<Partial<Record<BenchKind, number>>>(setting(benchConfigKeys.counts)) ?? {};
const revision = config.getNumber(setting(benchConfigKeys.revision)) ?? 0;
const fixture = config.requireObject<BenchFixtureIds>(setting(benchConfigKeys.fixture));
const { services } = fixture;

/**
 * Scaling settings of six resources on the emulator's four services. Two resources that share a service manage
 * disjoint settings (memory bounds on one, replicas and idling on the other), so they never undo each other's
 * change and refresh shows no drift; each one still does the full work of a resource. `revision` moves one
 * setting of each, within the limits of its service (tier caps, first service of a warehouse).
 */
const scalingLayouts = (r: number): chc.ReplicaScalingArgs[] => [
  { serviceId: services.production, minReplicaMemoryGb: 16, maxReplicaMemoryGb: 128 + 4 * r },
  { serviceId: services.production, numReplicas: 3, idleScaling: true, idleTimeoutMinutes: 15 + r },
  { serviceId: services.secondary, minReplicaMemoryGb: 8, maxReplicaMemoryGb: 64 + 4 * r },
  { serviceId: services.secondary, numReplicas: 1, idleTimeoutMinutes: 10 + r },
  { serviceId: services.trial, minReplicaMemoryGb: 8, maxReplicaMemoryGb: 96 + 4 * r, numReplicas: 2 },
  { serviceId: services.development, numReplicas: 2, idleScaling: true, idleTimeoutMinutes: 20 + r },
];

/** Services for endpoints, alternating so that both paid production services carry some. */
const endpointService = (i: number) => (i % 2 === 0 ? services.production : services.secondary);

/** One resource of each kind per index; `revision` changes an input that updates in place where the API can. */
const builders: Record<BenchKind, (i: number) => pulumi.Resource> = {
  // Every field replaces: the revision in the description makes the figure's "update" a replacement.
  ReversePrivateEndpoint: (i) =>
    new chc.ReversePrivateEndpoint(`rpe-${i}`, {
      serviceId: endpointService(i),
      type: "VPC_ENDPOINT_SERVICE",
      vpcEndpointServiceName: `com.amazonaws.vpce.us-east-1.vpce-svc-0bench${i}`,
      description: `bench endpoint ${i} r${revision}`,
    }),
  ReplicaScaling: (i) => {
    const layouts = scalingLayouts(revision);
    if (i >= layouts.length)
      throw new Error(`at most ${layouts.length} ReplicaScaling resources: one per layout`);
    return new chc.ReplicaScaling(`scaling-${i}`, layouts[i]);
  },
  ApiKey: (i) => new chc.ApiKey(`key-${i}`, { name: `bench key ${i} r${revision}`, roles: ["developer"] }),
  PrivateEndpoint: (i) =>
    new chc.PrivateEndpoint(`endpoint-${i}`, {
      serviceId: endpointService(i),
      endpointId: `vpce-0bench${String(i).padStart(12, "0")}`,
      description: `bench private endpoint ${i} r${revision}`,
    }),
  Alert: (i) =>
    new chc.Alert(`alert-${i}`, {
      name: `bench alert ${i}`,
      source: "tile",
      dashboardId: fixture.dashboardId,
      tileId: fixture.tileId,
      threshold: 100 + i + revision,
      interval: "5m",
      thresholdType: "above",
      channel: { type: "webhook", webhookId: fixture.webhookId },
    }),
};

let resourceTotal = 0;
for (const kind of kinds) {
  const count = counts[kind] ?? perKind;
  for (let i = 0; i < count; i++) builders[kind](i);
  resourceTotal += count;
}

export const resourceCount = resourceTotal;
