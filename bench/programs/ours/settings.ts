/**
 * The stack config of the `ours` program, shared by the program and the runner that sets it. One program serves
 * figures 1 to 4, 6 and 7: the kinds, how many of each, and a revision that changes one updatable input of every
 * resource.
 */

/** The resource kinds of this package, in the order the figures list them. */
export const benchKinds = [
  "ReversePrivateEndpoint",
  "ReplicaScaling",
  "ApiKey",
  "PrivateEndpoint",
  "Alert",
  "Webhook",
  "SavedSearch",
  "Dashboard",
  "Source",
  "Service",
  "ServiceQueryEndpoint",
  "UpgradeWindow",
  "ServiceClickHouseSettings",
  "ScalingSchedule",
] as const;
export type BenchKind = (typeof benchKinds)[number];

/** The emulator's four services, by the role each has in its fixture. */
export type FixtureService = "production" | "development" | "secondary" | "trial";

/** The emulator's pre-existing objects that resources refer to. */
export interface BenchFixtureIds {
  services: Record<FixtureService, string>;
  dashboardId: string;
  tileId: string;
  webhookId: string;
  /** A source for saved searches and tiles, and the connection new sources read from. */
  sourceId: string;
  connectionId: string;
  /** The seeded API key's id as the API lists keys: the key the query endpoints open to. */
  apiKeyId: string;
}

/** Keys in the `bench` namespace. */
export const benchConfigKeys = {
  kinds: "bench:kinds",
  /** How many of each kind, at most: a kind bound to the fixture's services has no more than they carry. */
  perKind: "bench:perKind",
  /** Optional count per kind (a JSON object), over `perKind`: figure 6 sizes stacks that do not split evenly. */
  counts: "bench:counts",
  revision: "bench:revision",
  fixture: "bench:fixture",
  /**
   * The day of the week (0 Sunday to 6 Saturday, UTC) the scaling schedules' windows fall on, chosen by the runner
   * three days ahead of its start: no window is active during the run, and every program run of the run declares
   * the same entries.
   */
  scheduleWeekday: "bench:scheduleWeekday",
} as const;
