/** The scope the kinds' listings read from, made from the commands' access to the organization. */
import { systemClock } from "../clock";
import type { ManagementClient, ObservabilityClient, ServiceObject } from "../rest";
import type { ListingScope } from "../resources/adoption/existingObjects";

/** Where to look and with what. `observability` is absent when the stacks and environment set no observability API. */
export interface OrganizationAccess {
  readonly management: ManagementClient;
  readonly organizationId: string;
  /** The key id of the credentials in use, to mark that key. */
  readonly tokenKey: string;
  readonly observability?: ObservabilityClient;
  readonly serviceIds: readonly string[];
}

/** A scope over `access` whose services are read once, on first use; what cannot be listed goes to `notListed`. */
export function listingScope(access: OrganizationAccess, notListed: (line: string) => void): ListingScope {
  let services: Promise<ServiceObject[]> | undefined;
  return {
    ...access,
    services: () => (services ??= readServices(access)),
    notListed,
    clock: systemClock,
  };
}

/** The services `access` names, read once each. */
async function readServices(access: OrganizationAccess): Promise<ServiceObject[]> {
  const services: ServiceObject[] = [];
  for (const serviceId of access.serviceIds) {
    services.push(await access.management.services.get(access.organizationId, serviceId));
  }
  return services;
}
