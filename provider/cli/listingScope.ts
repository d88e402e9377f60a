/** The scope the kinds' listings read from, made from the commands' access to the organization. */
import { systemClock } from "../clock";
import type { ManagementClient, ObservabilityClient, ServiceObject } from "../rest";
import type { ClickStackScope, ListingScope } from "../resources/adoption/existingObjects";

/** Where to look and with what. `observability` is absent when the stacks and environment set no observability API. */
export interface OrganizationAccess {
  readonly management: ManagementClient;
  readonly organizationId: string;
  /** The key id of the credentials in use, to mark that key. */
  readonly tokenKey: string;
  readonly observability?: ObservabilityClient;
  /**
   * The service whose managed ClickStack the configured observability API is (`observability:clickstackServiceId`),
   * when it is one: a resource whose state names that service is on the same ClickStack as one that leaves it to
   * the config.
   */
  readonly configuredClickStackServiceId?: string;
  /** The other services' managed ClickStacks whose observability objects are listed too. */
  readonly clickStacks: readonly ClickStackScope[];
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
