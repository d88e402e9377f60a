import type { HttpCore } from "../transport/http";
import { CoalescedReads, type Freshness } from "../coalescing/coalescedReads";
import type { OrganizationPrivateEndpoint, PrivateEndpoint, PrivateEndpointCreateRequest } from "./models";
import type { OrganizationsApi } from "./organizations";
import { servicePath } from "./paths";
import type { ServicesApi } from "./services";

/**
 * Registers a private endpoint with the organization and attaches it to the service, in one POST, and reads both
 * halves: the organization's record of the endpoint and the service's attachment. Detaching goes through
 * ServicesApi.updatePrivateEndpointIds.
 *
 * The two halves live in the organization (`privateEndpoints`) and the service (`privateEndpointIds`), each a list
 * read whole by one GET; reads of several endpoints that come close together (a refresh) share those GETs.
 */
export class PrivateEndpointsApi {
  private readonly registrations = new Map<string, CoalescedReads<OrganizationPrivateEndpoint>>();
  private readonly attachments = new Map<string, CoalescedReads<{ readonly id: string }>>();

  constructor(
    private readonly http: HttpCore,
    private readonly organizations: OrganizationsApi,
    private readonly services: ServicesApi,
  ) {}

  create(
    organizationId: string,
    serviceId: string,
    request: PrivateEndpointCreateRequest,
  ): Promise<PrivateEndpoint> {
    return this.http.fetchResult({
      method: "POST",
      path: `${servicePath(organizationId, serviceId)}/privateEndpoint`,
      subject: `private endpoint ${request.id} of service ${serviceId}`,
      body: request,
      requestSchema: "privateEndpointCreate",
      responseSchema: "privateEndpoint",
    });
  }

  /** The organization's record of the endpoint (description, cloud provider, region), or undefined. */
  registration(
    organizationId: string,
    endpointId: string,
    freshness: Freshness = "now",
  ): Promise<OrganizationPrivateEndpoint | undefined> {
    let reads = this.registrations.get(organizationId);
    if (reads === undefined) {
      reads = listOnly(this.http, async () => {
        const organization = await this.organizations.get(organizationId);
        return organization.privateEndpoints ?? [];
      });
      this.registrations.set(organizationId, reads);
    }
    return unlistedAsUndefined(reads.read(endpointId, freshness));
  }

  /** Whether the service has the endpoint attached. */
  async isAttached(
    organizationId: string,
    serviceId: string,
    endpointId: string,
    freshness: Freshness = "now",
  ): Promise<boolean> {
    const key = `${organizationId}/${serviceId}`;
    let reads = this.attachments.get(key);
    if (reads === undefined) {
      reads = listOnly(this.http, async () => {
        const service = await this.services.get(organizationId, serviceId);
        return (service.privateEndpointIds ?? []).map((id) => ({ id }));
      });
      this.attachments.set(key, reads);
    }
    return (await unlistedAsUndefined(reads.read(endpointId, freshness))) !== undefined;
  }
}

/** An object missing from a whole list read for it: for the caller, an answer (undefined), not a failure. */
class Unlisted extends Error {
  override readonly name = "Unlisted";
}

/** Reads of a list that one GET answers whole, shared by the reads that come close together. */
function listOnly<T extends { readonly id: string }>(
  http: HttpCore,
  list: () => Promise<readonly T[]>,
): CoalescedReads<T> {
  return new CoalescedReads<T>({
    fetchPage: async () => ({ items: await list(), total: undefined }),
    pageSize: Infinity,
    notFound: (id) => new Unlisted(`${id} is not listed`),
    clock: http.clock,
  });
}

async function unlistedAsUndefined<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof Unlisted) return undefined;
    throw error;
  }
}
