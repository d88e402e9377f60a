/**
 * What a stack's state tracks, read from `pulumi stack export` (secrets stay encrypted; only types, ids,
 * resource names and service ids are read). A resource made with the dynamic classes appears in state as
 * `pulumi-nodejs:dynamic/<module>:<Kind>`, one served by the native plugin as `clickhouse-cloud:index:<Kind>`; on
 * both paths a resource's `id` is the object's id in the API (an API key's uuid, a reverse private endpoint's id,
 * an alert's id). An observability object's state also records, in `clickstackServiceId`, the service whose managed
 * ClickStack holds it when the program named one; it is then tracked as `<serviceId>/<objectId>`, so that an object
 * of one ClickStack is never taken for one of the same id elsewhere. Resources of an operation the engine started
 * and never finished (`pending_operations`) count too: an update or delete that was cut short still names its object.
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

/** The kinds whose objects can live on a service's managed ClickStack: those with a `clickstackServiceId` input. */
const clickStackKinds = new Set(
  (Object.keys(resources) as ResourceKind[]).filter((kind) =>
    Object.hasOwn(resources[kind].definition.inputs, "clickstackServiceId"),
  ),
);

export interface TrackedObjects {
  /**
   * Ids tracked by any of the stacks, per kind of this package (either path's type token): the id the state
   * records, or `<serviceId>/<objectId>` for an observability object whose state names the service whose managed
   * ClickStack holds it.
   */
  readonly idsByKind: Map<ResourceKind, Set<string>>;
  /** The resource names (the last part of each URN) the stacks use. */
  readonly names: Set<string>;
  /** Services the stacks' resources refer to, in the order first met. */
  readonly serviceIds: Set<string>;
  /** Services whose managed ClickStack the stacks' observability resources name, in the order first met. */
  readonly clickStackServiceIds: Set<string>;
}

export function emptyTracked(): TrackedObjects {
  return {
    idsByKind: new Map(),
    names: new Set(),
    serviceIds: new Set(),
    clickStackServiceIds: new Set(),
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
    const clickstackServiceId =
      kind !== undefined && clickStackKinds.has(kind) ? namedClickStack(resource) : undefined;
    if (clickstackServiceId !== undefined) tracked.clickStackServiceIds.add(clickstackServiceId);
    if (kind !== undefined && typeof resource.id === "string" && resource.id !== "") {
      const ids = tracked.idsByKind.get(kind) ?? new Set<string>();
      const id = clickstackServiceId === undefined ? resource.id : `${clickstackServiceId}/${resource.id}`;
      tracked.idsByKind.set(kind, ids.add(id));
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

/**
 * The service whose managed ClickStack holds an observability resource's object, as its state records it (the
 * native plugin's outputs, the dynamic classes' inputs); undefined when the stack's config decides.
 */
function namedClickStack(resource: StateResource): string | undefined {
  for (const serviceId of [resource.outputs?.clickstackServiceId, resource.inputs?.clickstackServiceId]) {
    if (typeof serviceId === "string" && serviceId !== "") return serviceId;
  }
  return undefined;
}

function kindOf(type: unknown): ResourceKind | undefined {
  return typeof type === "string" ? kindByType.get(type) : undefined;
}

/** The ids the stacks track of one kind, in the form of `idsByKind`. */
export function trackedIdsOf(tracked: TrackedObjects, kind: ResourceKind): ReadonlySet<string> {
  return tracked.idsByKind.get(kind) ?? new Set();
}

/** An object as a listing found it: its id, and the named service's managed ClickStack it was listed from, if any. */
export interface ListedObject {
  readonly id: string;
  readonly clickstackServiceId?: string;
}

/**
 * Whether a stack tracks `object` of `kind`. An observability object listed from the configured observability API
 * is tracked by a resource that leaves its ClickStack to the config; one listed from a service's managed ClickStack
 * by a resource that names that service. When the configured observability API is itself a service's managed
 * ClickStack (`configuredClickStackServiceId`), a resource that names that service tracks its objects too.
 */
export function isTracked(
  tracked: TrackedObjects,
  kind: ResourceKind,
  object: ListedObject,
  configuredClickStackServiceId?: string,
): boolean {
  const ids = trackedIdsOf(tracked, kind);
  if (!clickStackKinds.has(kind)) return ids.has(object.id);
  const onConfigured =
    object.clickstackServiceId === undefined || object.clickstackServiceId === configuredClickStackServiceId;
  const clickStack = object.clickstackServiceId ?? configuredClickStackServiceId;
  return (
    (onConfigured && ids.has(object.id)) ||
    (clickStack !== undefined && ids.has(`${clickStack}/${object.id}`))
  );
}

/**
 * The object ids the stacks track, of every kind and on whichever ClickStack: what `orphans --delete` refuses to
 * delete when another stack tracks it.
 */
export function everyTrackedObjectId(tracked: TrackedObjects): Set<string> {
  const objectIds = new Set<string>();
  for (const [kind, ids] of tracked.idsByKind) {
    for (const id of ids) objectIds.add(clickStackKinds.has(kind) ? id.slice(id.lastIndexOf("/") + 1) : id);
  }
  return objectIds;
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
