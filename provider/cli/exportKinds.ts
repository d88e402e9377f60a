/**
 * How `export` finds the objects of each kind the package manages, and the id `pulumi import` takes for each: one
 * entry per kind. Keyed by every kind of `provider/resources`, so a new kind does not compile until it has an entry.
 * The organization-wide kinds come from the same listing as `orphans`; a service's private endpoints and its
 * scaling settings are read from the services the stacks refer to and those named with `--service`.
 */
import type { ResourceKind } from "../resources/registry";
import type { Service } from "../rest/management/models";
import type { ObservabilityClient } from "../rest/observability";
import type { Listing, OrganizationAccess, OrganizationObject } from "./orphans";

/** One object that exists in the organization, as export sees it. */
export interface ExistingObject {
  /** The id a stack's state records for it: what decides whether a stack tracks it. */
  readonly id: string;
  /** The id `pulumi import` takes for the kind (the form the native plugin's import accepts). */
  readonly importId: string;
  /** The words the resource's Pulumi name is made from: the object's name, description or service's name. */
  readonly label: string;
}

/** What the entries read from: the organization's listing (read once, shared by the kinds it holds) and services. */
export interface ExportSource {
  readonly access: OrganizationAccess;
  /** The listing `orphans` prints: API keys, reverse private endpoints of the services, alerts. */
  organizationObjects(): Promise<Listing>;
  /** The services the stacks refer to and those named with `--service`, read once each. */
  services(): Promise<ReadonlyArray<Service>>;
  /** Records what could not be listed, with why. */
  notListed(line: string): void;
}

export interface ExportKind {
  /** Every object of the kind in scope, tracked or not. */
  list(source: ExportSource): Promise<ExistingObject[]>;
}

/** The objects of one kind of the orphans listing, each imported by its own id. */
function fromListing(
  kind: OrganizationObject["kind"],
  importId: (object: OrganizationObject) => string = (object) => object.id,
): ExportKind {
  return {
    async list(source) {
      const { objects } = await source.organizationObjects();
      return objects
        .filter((object) => object.kind === kind)
        .map((object) => ({ id: object.id, importId: importId(object), label: object.name }));
    },
  };
}

/** The objects of one observability collection, each imported by its own id; none without observability settings. */
function fromObservability(
  noun: string,
  list: (client: ObservabilityClient) => Promise<ReadonlyArray<{ id: string; name: string }>>,
): ExportKind {
  return {
    async list(source) {
      const client = source.access.observability;
      if (client === undefined) {
        source.notListed(`${noun}: no observability API is configured`);
        return [];
      }
      return (await list(client)).map((object) => ({
        id: object.id,
        importId: object.id,
        label: object.name,
      }));
    },
  };
}

export const exportKinds: Readonly<Record<ResourceKind, ExportKind>> = {
  ApiKey: {
    async list(source) {
      const { objects } = await source.organizationObjects();
      const keys = objects.filter((object) => object.kind === "ApiKey");
      // Adopting the key the settings authenticate with would let a `pulumi destroy` lock the stack out.
      for (const key of keys.filter((object) => object.inUse)) {
        source.notListed(
          `API key ${key.id} (${key.name}): the key these settings authenticate with; manage it outside the stack`,
        );
      }
      return keys
        .filter((key) => !key.inUse)
        .map((key) => ({ id: key.id, importId: key.id, label: key.name }));
    },
  },
  Alert: fromListing("Alert"),
  // The state records the endpoint's own id; the import needs its service too.
  ReversePrivateEndpoint: fromListing(
    "ReversePrivateEndpoint",
    (object) => `${object.serviceId}/${object.id}`,
  ),
  // One resource per attachment of an endpoint to a service; its id already names both.
  PrivateEndpoint: {
    async list(source) {
      const services = await source.services();
      if (!services.some((service) => (service.privateEndpointIds ?? []).length > 0)) return [];
      const { access } = source;
      const organization = await access.management.organizations.get(access.organizationId);
      const descriptions = new Map(
        (organization.privateEndpoints ?? []).map((endpoint) => [endpoint.id, endpoint.description ?? ""]),
      );
      return services.flatMap((service) =>
        (service.privateEndpointIds ?? []).map((endpointId) => {
          const id = `${service.id}/${endpointId}`;
          return { id, importId: id, label: descriptions.get(endpointId) || endpointId };
        }),
      );
    },
  },
  // Every service has scaling settings: one resource per service, named after it.
  ReplicaScaling: {
    async list(source) {
      return (await source.services()).map((service) => ({
        id: service.id,
        importId: service.id,
        label: `${service.name ?? service.id} scaling`,
      }));
    },
  },
  Webhook: fromObservability("webhooks", (client) => client.webhooks.list()),
  SavedSearch: fromObservability("saved searches", (client) => client.savedSearches.list()),
  Dashboard: fromObservability("dashboards", (client) => client.dashboards.list()),
  Source: fromObservability("sources", (client) => client.sources.list()),
};

/** The services `access` names, read once each. */
export async function readServices(access: OrganizationAccess): Promise<Service[]> {
  const services: Service[] = [];
  for (const serviceId of access.serviceIds) {
    services.push(await access.management.services.get(access.organizationId, serviceId));
  }
  return services;
}
