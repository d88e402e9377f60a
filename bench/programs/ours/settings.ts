/**
 * The stack config of the `ours` program, shared by the program and the runner that sets it. One program serves
 * figures 1 to 4: the kinds, how many of each, and a revision that changes one updatable input of every resource.
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
] as const;
export type BenchKind = (typeof benchKinds)[number];

/** The emulator's pre-existing objects that resources refer to. */
export interface BenchFixtureIds {
  services: { production: string; development: string; secondary: string; trial: string };
  dashboardId: string;
  tileId: string;
  webhookId: string;
  /** A source for saved searches and tiles, and the connection new sources read from. */
  sourceId: string;
  connectionId: string;
}

/** Keys in the `bench` namespace. */
export const benchConfigKeys = {
  kinds: "bench:kinds",
  perKind: "bench:perKind",
  /** Optional count per kind (a JSON object), over `perKind`: figure 6 sizes stacks that do not split evenly. */
  counts: "bench:counts",
  revision: "bench:revision",
  fixture: "bench:fixture",
} as const;
