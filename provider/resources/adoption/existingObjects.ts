/**
 * How the package's commands find the objects of a kind that exist in an organization, whether a stack tracks them
 * or not: `export` writes an import file of the untracked ones, and `orphans` lists and deletes those of the kinds
 * an interrupted run can leave behind.
 */
import type { Clock } from "../../clock";
import type { ManagementClient, ObservabilityClient, ServiceObject } from "../../rest";

/** One object that exists in the organization. */
export interface ExistingObject {
  /** The id a stack's state records for it: what decides whether a stack tracks it. */
  readonly id: string;
  /** The id `pulumi import` takes for the kind (the form the plugin's import accepts). */
  readonly importId: string;
  /** The words the resource's Pulumi name is made from: the object's name, description or service's name. */
  readonly label: string;
  /** When the API says. */
  readonly createdAt?: string;
  /** An API key's state, an endpoint's status, an alert's state. */
  readonly state?: string;
  /** The service the object lives under, for objects that live under one. */
  readonly serviceId?: string;
  /**
   * The service whose managed ClickStack the object was listed from, for an observability object listed from a
   * named service's ClickStack rather than from the configured observability API (its import id is then
   * `<serviceId>/<objectId>`).
   */
  readonly clickstackServiceId?: string;
  /**
   * Why the object must stay out of every stack, for one that must (the API key the commands authenticate with:
   * adopting it would let a `pulumi destroy` lock the stack out).
   */
  readonly withheld?: string;
}

/** The managed ClickStack of a ClickHouse Cloud service, listed besides the configured observability API. */
export interface ClickStackScope {
  readonly serviceId: string;
  /** Reaches that service's ClickStack through the management API's URL, key and organization. */
  readonly client: ObservabilityClient;
}

/** Where the commands look, and with what. */
export interface ListingScope {
  readonly management: ManagementClient;
  readonly organizationId: string;
  /** The key id of the credentials in use. */
  readonly tokenKey: string;
  /** Absent when neither the stacks nor the environment set an observability API. */
  readonly observability?: ObservabilityClient;
  /**
   * The managed ClickStacks whose observability objects are listed too (never the configured observability API's
   * own, when that is a service's managed ClickStack).
   */
  readonly clickStacks: readonly ClickStackScope[];
  /** The services the stacks refer to and those the user names. */
  readonly serviceIds: readonly string[];
  /** Those services, each read once for every kind that asks. */
  services(): Promise<ReadonlyArray<ServiceObject>>;
  /** Records what could not be listed, with why. */
  notListed(line: string): void;
  readonly clock: Clock;
}

export interface ExistingObjects {
  /** Every object of the kind in scope, tracked or not. */
  list(scope: ListingScope): Promise<ExistingObject[]>;
  /**
   * Present for the kinds an interrupted run can leave behind untracked (a run killed between the API's reply and
   * the engine's checkpoint): `orphans` lists them and deletes those the user names, returning once each is gone.
   */
  deleteOrphan?(scope: ListingScope, orphan: Pick<ExistingObject, "id" | "serviceId">): Promise<void>;
}

/** What the commands say of the observability kinds when no observability API is configured. */
export function noObservabilityApi(noun: string): string {
  return (
    `${noun}: no observability API is configured (observability:apiUrl and observability:apiToken, ` +
    "or OBSERVABILITY_API_URL and OBSERVABILITY_API_TOKEN)"
  );
}

/** What an observability object's listing shows besides its id and name (an alert's state, say). */
export type ObservabilityDetails = Pick<ExistingObject, "createdAt" | "state">;

/**
 * The objects of an observability collection: those of the configured observability API, each imported by its own
 * id (none, said so, without one), then those of each managed ClickStack in scope, imported as
 * `<serviceId>/<objectId>`.
 */
export function observabilityObjects<T extends { id: string; name?: unknown }>(
  noun: string,
  list: (client: ObservabilityClient) => Promise<ReadonlyArray<T>>,
  details: (object: T) => ObservabilityDetails = () => ({}),
): ExistingObjects["list"] {
  const shown = (object: T, importId: string, clickstackServiceId?: string): ExistingObject => ({
    id: object.id,
    importId,
    label: typeof object.name === "string" ? object.name : "",
    ...details(object),
    clickstackServiceId,
  });
  return async (scope) => {
    const objects: ExistingObject[] = [];
    if (scope.observability === undefined) scope.notListed(noObservabilityApi(noun));
    else for (const object of await list(scope.observability)) objects.push(shown(object, object.id));
    for (const { serviceId, client } of scope.clickStacks) {
      for (const object of await list(client))
        objects.push(shown(object, `${serviceId}/${object.id}`, serviceId));
    }
    return objects;
  };
}

/** A string the API gave, or nothing for an empty or missing one. */
export function optionalText(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}
