/**
 * What a stack's state tracks, read from `pulumi stack export` (secrets stay encrypted; only types, ids,
 * resource names and service ids are read). A resource made with the dynamic classes appears in state as
 * `pulumi-nodejs:dynamic/<module>:<Kind>`, one served by the native plugin as `clickhouse-cloud:index:<Kind>`; on
 * both paths a resource's `id` is the object's id in the API (an API key's uuid, a reverse private endpoint's id,
 * an alert's id). Resources of an operation the engine started and never finished (`pending_operations`) count
 * too: an update or delete that was cut short still names its object.
 */
import { resourceDefinitions, resources, type ResourceKind } from "../resources/registry";
import { typeTokensOf } from "../resources/typeTokens";

/** Each kind of the registry by both of its type tokens. */
const kindByType = new Map<string, ResourceKind>(
  (Object.keys(resources) as ResourceKind[]).flatMap((kind) =>
    typeTokensOf(resources[kind].definition).map((type) => [type, kind] as const),
  ),
);

/** Resources whose `serviceId` names a service whose objects are worth listing: the kinds that live in a service. */
const serviceTypes = new Set(
  resourceDefinitions
    .filter((definition) => Object.hasOwn(definition.inputs, "serviceId"))
    .flatMap((definition) => typeTokensOf(definition)),
);

export interface TrackedObjects {
  /** Ids tracked by any of the stacks, per kind of this package (either path's type token). */
  readonly idsByKind: Map<ResourceKind, Set<string>>;
  /** The resource names (the last part of each URN) the stacks use. */
  readonly names: Set<string>;
  /** Services the stacks' resources refer to, in the order first met. */
  readonly serviceIds: Set<string>;
}

export function emptyTracked(): TrackedObjects {
  return {
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
      const ids = tracked.idsByKind.get(kind) ?? new Set<string>();
      tracked.idsByKind.set(kind, ids.add(resource.id));
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

function kindOf(type: unknown): ResourceKind | undefined {
  return typeof type === "string" ? kindByType.get(type) : undefined;
}

/** The ids the stacks track of one kind. */
export function trackedIdsOf(tracked: TrackedObjects, kind: ResourceKind): ReadonlySet<string> {
  return tracked.idsByKind.get(kind) ?? new Set();
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
