/**
 * What a stack's state tracks, read from `pulumi stack export` (secrets stay encrypted; only types, ids,
 * resource names and service ids are read). A resource made with the dynamic classes appears in state as
 * `pulumi-nodejs:dynamic/<module>:<Kind>`, one served by the native plugin as `clickhouse-cloud:index:<Kind>`; on
 * both paths a resource's `id` is the object's id in the API (an API key's uuid, a reverse private endpoint's id,
 * an alert's id). Resources of an operation the engine started and never finished (`pending_operations`) count
 * too: an update or delete that was cut short still names its object.
 */

/** The kinds of object an interrupted run can leave behind untracked, by their module on the dynamic path. */
const orphanModules = {
  ApiKey: "clickhouse",
  ReversePrivateEndpoint: "clickhouse",
  Alert: "observability",
} as const;

export type OrphanKind = keyof typeof orphanModules;

const orphanKindNames = Object.keys(orphanModules) as OrphanKind[];

/** The type tokens a kind's resources have in state: the dynamic classes' and the native plugin's. */
function typeTokens(kind: string, dynamicModule: string): string[] {
  return [`pulumi-nodejs:dynamic/${dynamicModule}:${kind}`, `clickhouse-cloud:index:${kind}`];
}

const kindByType = new Map<string, OrphanKind>(
  orphanKindNames.flatMap((kind) =>
    typeTokens(kind, orphanModules[kind]).map((type) => [type, kind] as const),
  ),
);

/** Resources whose `serviceId` names a service whose reverse private endpoints are worth listing. */
const serviceTypes = new Set([
  ...typeTokens("ReversePrivateEndpoint", "clickhouse"),
  ...typeTokens("ReplicaScaling", "clickhouse"),
  ...typeTokens("PrivateEndpoint", "clickhouse"),
]);

export interface TrackedObjects {
  /** Ids tracked by any of the stacks, per kind. */
  readonly ids: Record<OrphanKind, Set<string>>;
  /** Ids tracked by any of the stacks, per kind, for every kind of this package (either path's type token). */
  readonly idsByKind: Map<string, Set<string>>;
  /** The resource names (the last part of each URN) the stacks use. */
  readonly names: Set<string>;
  /** Services the stacks' resources refer to, in the order first met. */
  readonly serviceIds: Set<string>;
}

export function emptyTracked(): TrackedObjects {
  return {
    ids: { ApiKey: new Set(), ReversePrivateEndpoint: new Set(), Alert: new Set() },
    idsByKind: new Map(),
    names: new Set(),
    serviceIds: new Set(),
  };
}

interface StateResource {
  urn?: unknown;
  type?: unknown;
  id?: unknown;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}

/** Adds what one stack export (the parsed JSON of `pulumi stack export`) tracks to `tracked`. */
export function addTrackedObjects(tracked: TrackedObjects, exported: unknown): void {
  for (const resource of stateResources(exported)) {
    const kind = kindOf(resource.type);
    if (kind !== undefined && typeof resource.id === "string" && resource.id !== "") {
      tracked.ids[kind].add(resource.id);
    }
    const anyKind = packageKindOf(resource.type);
    if (anyKind !== undefined && typeof resource.id === "string" && resource.id !== "") {
      const ids = tracked.idsByKind.get(anyKind) ?? new Set<string>();
      tracked.idsByKind.set(anyKind, ids.add(resource.id));
    }
    if (typeof resource.urn === "string" && resource.urn.includes("::")) {
      tracked.names.add(resource.urn.slice(resource.urn.lastIndexOf("::") + 2));
    }
    if (typeof resource.type === "string" && serviceTypes.has(resource.type)) {
      for (const serviceId of [resource.outputs?.serviceId, resource.inputs?.serviceId]) {
        if (typeof serviceId === "string" && serviceId !== "") tracked.serviceIds.add(serviceId);
      }
    }
  }
}

function kindOf(type: unknown): OrphanKind | undefined {
  return typeof type === "string" ? kindByType.get(type) : undefined;
}

/** The kind of a resource of this package on either path: the last part of its type token. */
function packageKindOf(type: unknown): string | undefined {
  if (typeof type !== "string") return undefined;
  return /^(?:clickhouse-cloud:index|pulumi-nodejs:dynamic\/[A-Za-z]+):([A-Za-z]+)$/.exec(type)?.[1];
}

/** The resources of a stack export and those of its pending operations; tolerant of fields it does not use. */
function stateResources(exported: unknown): StateResource[] {
  const deployment = objectField(exported, "deployment");
  const resources = arrayField(deployment, "resources");
  const pending = arrayField(deployment, "pending_operations").map((operation) =>
    objectField(operation, "resource"),
  );
  return [...resources, ...pending].filter(
    (resource): resource is StateResource => typeof resource === "object" && resource !== null,
  );
}

function objectField(value: unknown, field: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[field] : undefined;
}

function arrayField(value: unknown, field: string): unknown[] {
  const array = objectField(value, field);
  return Array.isArray(array) ? array : [];
}
