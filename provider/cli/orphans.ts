/**
 * Objects of the organization that no listed stack tracks: API keys, reverse private endpoints of the given
 * services, and alerts. A run killed between the API's reply and the engine's checkpoint leaves such objects; an
 * untracked API key is a live credential nobody will rotate.
 */
import { systemClock } from "../clock";
import type { ManagementClient } from "../rest/management";
import type { ObservabilityClient } from "../rest/observability";
import { stateRefusedIn } from "../rest/management/idleServices";
import type { OrphanKind, TrackedObjects } from "./trackedObjects";
import { untilDeleted } from "../resources/reversePrivateEndpoint/deletion";
import { UsageError } from "./usageError";

export interface OrganizationObject {
  readonly kind: OrphanKind;
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

/** Where to look and with what. `observability` is absent when the stacks and environment set no observability API. */
export interface OrganizationAccess {
  readonly management: ManagementClient;
  readonly organizationId: string;
  /** The key id of the credentials in use, to mark that key. */
  readonly tokenKey: string;
  readonly observability?: ObservabilityClient;
  readonly serviceIds: readonly string[];
}

export interface Listing {
  readonly objects: OrganizationObject[];
  /** What could not be listed, with why (a stopped service's endpoints, alerts without settings). */
  readonly notListed: string[];
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");
const optionalText = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value : undefined;

/** Every API key, reverse private endpoint of the given services, and alert of the organization. */
export async function listOrganizationObjects(access: OrganizationAccess): Promise<Listing> {
  const notListed: string[] = [];
  const keys = await access.management.keys.list(access.organizationId);
  const objects: OrganizationObject[] = keys.map((key) => ({
    kind: "ApiKey",
    id: key.id,
    name: key.name,
    createdAt: optionalText(key.createdAt),
    state: optionalText(key.state),
    inUse: key.keySuffix !== "" && access.tokenKey.endsWith(key.keySuffix) ? true : undefined,
  }));
  for (const serviceId of access.serviceIds) {
    try {
      const endpoints = await access.management.reversePrivateEndpoints.list(
        access.organizationId,
        serviceId,
      );
      for (const endpoint of endpoints) {
        objects.push({
          kind: "ReversePrivateEndpoint",
          id: endpoint.id,
          name: text(endpoint.description),
          state: optionalText(endpoint.status),
          serviceId,
        });
      }
    } catch (error) {
      // A stopped service is never started to list its endpoints (it was stopped on purpose).
      const state = stateRefusedIn(error);
      if (state === undefined) throw error;
      notListed.push(`reverse private endpoints of service ${serviceId}: the service is ${state}`);
    }
  }
  if (access.observability) {
    for (const alert of await access.observability.alerts.list()) {
      objects.push({
        kind: "Alert",
        id: alert.id,
        name: text(alert.name),
        createdAt: optionalText(alert.createdAt),
        state: optionalText(alert.state),
      });
    }
  } else {
    notListed.push(
      "alerts: no observability API is configured (observability:apiUrl and observability:apiToken, " +
        "or OBSERVABILITY_API_URL and OBSERVABILITY_API_TOKEN)",
    );
  }
  return { objects, notListed };
}

/** The objects whose id no stack tracks under their kind. */
export function untracked(
  objects: readonly OrganizationObject[],
  tracked: TrackedObjects,
): OrganizationObject[] {
  return objects.filter((object) => !tracked.ids[object.kind].has(object.id));
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

/** Deletes one orphan through its API. */
export async function deleteObject(access: OrganizationAccess, object: OrganizationObject): Promise<void> {
  switch (object.kind) {
    case "ApiKey":
      return access.management.keys.delete(access.organizationId, object.id);
    case "ReversePrivateEndpoint": {
      const api = access.management.reversePrivateEndpoints;
      await api.delete(access.organizationId, object.serviceId!, object.id);
      // The API finishes the deletion later (status Deleting): the command returns once the endpoint is gone.
      return untilDeleted(api, access.organizationId, object.serviceId!, object.id, systemClock);
    }
    case "Alert":
      if (!access.observability) throw new Error("no observability API is configured");
      return access.observability.alerts.delete(object.id);
  }
}
