/**
 * Objects of the organization that no listed stack tracks, of the kinds an interrupted run can leave behind (API
 * keys, reverse private endpoints of the given services, alerts: each kind's entry says whether it is one). A run
 * killed between the API's reply and the engine's checkpoint leaves such objects; an untracked API key is a live
 * credential nobody will rotate.
 */
import { resources, type ResourceKind } from "../resources/registry";
import type { ExistingObject } from "../resources/adoption/existingObjects";
import { listingScope, type OrganizationAccess } from "./listingScope";
import { isTracked, type TrackedObjects } from "./trackedObjects";
import { UsageError } from "./usageError";

export type { OrganizationAccess } from "./listingScope";

export interface OrganizationObject {
  readonly kind: ResourceKind;
  readonly id: string;
  /** An API key's or alert's name, a reverse private endpoint's description. */
  readonly name: string;
  /** When the API says (reverse private endpoints carry no creation time). */
  readonly createdAt?: string;
  /** An API key's state, an endpoint's status, an alert's state. */
  readonly state?: string;
  /** The service of a reverse private endpoint. */
  readonly serviceId?: string;
  /** Set on the API key whose last four characters of key id match the credentials in use: deleting it locks out. */
  readonly inUse?: boolean;
}

export interface Listing {
  readonly objects: OrganizationObject[];
  /** What could not be listed, with why (a stopped service's endpoints, alerts without settings). */
  readonly notListed: string[];
}

/** The kinds whose entries delete orphans, in the order the listing shows them. */
const orphanKinds = (Object.keys(resources) as ResourceKind[]).filter(
  (kind) => resources[kind].existing.deleteOrphan !== undefined,
);

/** The object as the listing shows it, with only the fields the API gave. */
function organizationObject(kind: ResourceKind, object: ExistingObject): OrganizationObject {
  const { id, label, createdAt, state, serviceId, withheld } = object;
  const optional = { createdAt, state, serviceId, inUse: withheld !== undefined ? true : undefined };
  const given = Object.entries(optional).filter(([, value]) => value !== undefined);
  return { kind, id, name: label, ...Object.fromEntries(given) };
}

/** Every object of the orphan kinds in the organization (for objects in services, those of the given services). */
export async function listOrganizationObjects(access: OrganizationAccess): Promise<Listing> {
  const notListed: string[] = [];
  const scope = listingScope(access, (line) => notListed.push(line));
  const objects: OrganizationObject[] = [];
  for (const kind of orphanKinds) {
    for (const object of await resources[kind].existing.list(scope)) {
      objects.push(organizationObject(kind, object));
    }
  }
  return { objects, notListed };
}

/**
 * The objects whose id no stack tracks under their kind. The listing reads observability objects from the
 * configured observability API alone, which may be the managed ClickStack of `configuredClickStackServiceId`.
 */
export function untracked(
  objects: readonly OrganizationObject[],
  tracked: TrackedObjects,
  configuredClickStackServiceId?: string,
): OrganizationObject[] {
  return objects.filter((object) => !isTracked(tracked, object.kind, object, configuredClickStackServiceId));
}

/**
 * The orphans named by `ids`, in that order. Refuses, before anything is deleted, an id that is not an orphan, an
 * id another stack of the project tracks (`trackedElsewhere`: id to stack name), and the key the credentials in use
 * belong to.
 */
export function selectForDeletion(
  orphans: readonly OrganizationObject[],
  ids: readonly string[],
  trackedElsewhere: ReadonlyMap<string, string> = new Map(),
): OrganizationObject[] {
  const elsewhere = ids.filter((id) => trackedElsewhere.has(id));
  if (elsewhere.length > 0) {
    const named = elsewhere.map((id) => `${id} (stack ${trackedElsewhere.get(id)})`).join(", ");
    throw new UsageError(
      `tracked by another stack of this project: ${named}. Deleting it would take it from under that stack; ` +
        "nothing was deleted. Destroy it through that stack, or name the stack with --stack to see its orphans.",
    );
  }
  const unknown = ids.filter((id) => !orphans.some((orphan) => orphan.id === id));
  if (unknown.length > 0) {
    throw new UsageError(
      `not in the orphan list: ${unknown.join(", ")}. Only objects that no listed stack tracks can be deleted; ` +
        "run without --delete to see them.",
    );
  }
  const selected = [...new Set(ids)].map((id) => orphans.find((orphan) => orphan.id === id)!);
  const inUse = selected.filter((orphan) => orphan.inUse);
  if (inUse.length > 0) {
    throw new UsageError(
      `API key ${inUse.map((key) => key.id).join(", ")} looks like the key these settings authenticate with ` +
        "(same last characters of its key id); delete it in the console if you mean to.",
    );
  }
  return selected;
}

/** Deletes one orphan through its API; returns once it is gone. */
export async function deleteObject(access: OrganizationAccess, object: OrganizationObject): Promise<void> {
  const { deleteOrphan } = resources[object.kind].existing;
  if (deleteOrphan === undefined) throw new Error(`${object.kind} is not a kind orphans deletes`);
  await deleteOrphan(
    listingScope(access, () => undefined),
    object,
  );
}
