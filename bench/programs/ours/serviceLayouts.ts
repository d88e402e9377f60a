/**
 * The kinds that manage something of an existing service, and what each of their resources sets on which of the
 * emulator's four services (a layout). Such a resource names its service, and a service carries only so many: one
 * query API endpoint, one scaling schedule, one upgrade window (a warehouse's primary service only: the secondary
 * service follows its primary's), while its replica scaling settings and its ClickHouse settings can be split
 * between two resources that manage disjoint settings, which never undo each other's change, so refresh sees no
 * drift, and each of which still does every request a resource does. A kind's layouts are as many resources of it
 * as a program can declare. `revision` moves one updatable input of each, within its service's limits (a trial
 * service's 120 GB cap, the first service of a warehouse's 2 replicas minimum, no memory bounds on development).
 */
import type * as chc from "pulumi-clickhouse-cloud";
import type { BenchKind, FixtureService } from "./settings";

/** What a layout's inputs depend on besides its service. */
export interface LayoutContext {
  readonly revision: number;
  /** The API key the query endpoints open to. */
  readonly apiKeyId: string;
  /** The day the scaling schedules' windows fall on (see `bench:scheduleWeekday`). */
  readonly scheduleWeekday: number;
}

export interface ServiceLayout<Args> {
  readonly service: FixtureService;
  readonly inputs: (context: LayoutContext) => Omit<Args, "serviceId">;
}

const allServices: readonly FixtureService[] = ["production", "development", "secondary", "trial"];
/** The first service of each of the fixture's three warehouses; `secondary` shares `production`'s. */
const primaryServices: readonly FixtureService[] = ["production", "development", "trial"];

const replicaScaling: readonly ServiceLayout<chc.ReplicaScalingArgs>[] = [
  {
    service: "production",
    inputs: ({ revision: r }) => ({ minReplicaMemoryGb: 16, maxReplicaMemoryGb: 128 + 4 * r }),
  },
  {
    service: "production",
    inputs: ({ revision: r }) => ({ numReplicas: 3, idleScaling: true, idleTimeoutMinutes: 15 + r }),
  },
  {
    service: "secondary",
    inputs: ({ revision: r }) => ({ minReplicaMemoryGb: 8, maxReplicaMemoryGb: 64 + 4 * r }),
  },
  { service: "secondary", inputs: ({ revision: r }) => ({ numReplicas: 1, idleTimeoutMinutes: 10 + r }) },
  {
    service: "trial",
    inputs: ({ revision: r }) => ({ minReplicaMemoryGb: 8, maxReplicaMemoryGb: 96 + 4 * r, numReplicas: 2 }),
  },
  {
    service: "development",
    inputs: ({ revision: r }) => ({ numReplicas: 2, idleScaling: true, idleTimeoutMinutes: 20 + r }),
  },
];

/** Two disjoint sets of ClickHouse settings (none of them one whose change the API warns of). */
const queryLimits = ({ revision: r }: LayoutContext) => ({
  settings: { max_memory_usage: "10000000000", max_execution_time: String(300 + r) },
});
const joinsAndDdl = ({ revision: r }: LayoutContext) => ({
  settings: { join_use_nulls: "1", distributed_ddl_task_timeout: String(180 + r) },
});
const clickHouseSettings: readonly ServiceLayout<chc.ServiceClickHouseSettingsArgs>[] = [
  { service: "production", inputs: queryLimits },
  { service: "production", inputs: joinsAndDdl },
  { service: "secondary", inputs: queryLimits },
  { service: "secondary", inputs: joinsAndDdl },
  { service: "trial", inputs: queryLimits },
  { service: "development", inputs: joinsAndDdl },
];

const queryEndpoints: readonly ServiceLayout<chc.ServiceQueryEndpointArgs>[] = allServices.map((service) => ({
  service,
  inputs: ({ revision: r, apiKeyId }) => ({
    roles: ["sql_console_read_only"],
    openApiKeys: [apiKeyId],
    allowedOrigins: `https://bench-r${r}.example.com`,
  }),
}));

const upgradeWindows: readonly ServiceLayout<chc.UpgradeWindowArgs>[] = primaryServices.map((service) => ({
  service,
  inputs: ({ revision: r }) => ({ weekday: 2 + r, startHourUtc: 6 }),
}));

/** One window a week, on a day no run is on, with a replica count every service allows. */
const scalingSchedules: readonly ServiceLayout<chc.ScalingScheduleArgs>[] = allServices.map((service) => ({
  service,
  inputs: ({ revision: r, scheduleWeekday }) => ({
    entries: [
      {
        name: "weekly peak",
        weekdays: [scheduleWeekday],
        startHourUtc: 8,
        endHourUtc: 18 + r,
        numReplicas: 2,
      },
    ],
  }),
}));

export const serviceLayouts = {
  ReplicaScaling: replicaScaling,
  ServiceClickHouseSettings: clickHouseSettings,
  ServiceQueryEndpoint: queryEndpoints,
  UpgradeWindow: upgradeWindows,
  ScalingSchedule: scalingSchedules,
} as const satisfies Partial<Record<BenchKind, readonly ServiceLayout<object>[]>>;

export type ServiceBoundKind = keyof typeof serviceLayouts;

/** The kinds bound to the fixture's services and how many resources of each the fixture carries. */
export const serviceBoundCapacity: Readonly<Record<ServiceBoundKind, number>> = {
  ReplicaScaling: replicaScaling.length,
  ServiceClickHouseSettings: clickHouseSettings.length,
  ServiceQueryEndpoint: queryEndpoints.length,
  UpgradeWindow: upgradeWindows.length,
  ScalingSchedule: scalingSchedules.length,
};

export function isServiceBound(kind: BenchKind): kind is ServiceBoundKind {
  return Object.hasOwn(serviceLayouts, kind);
}
