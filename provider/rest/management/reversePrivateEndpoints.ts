import type { ApiDialect } from "../../../schemas/dialects";
import type { HttpCore } from "../transport/http";
import type { IdleServiceWaker } from "./idleServices";
import type { ReversePrivateEndpoint, ReversePrivateEndpointCreateRequest } from "./models";
import { reversePrivateEndpointPath, reversePrivateEndpointsPath } from "./paths";
import { CoalescedReads } from "../coalescing/coalescedReads";

/** What the API refuses while the service is not running, for the line that says the service is being woken. */
const refusedWhileIdle = "reverse private endpoint operations";

/**
 * Reverse private endpoints of a service: create, get, read (with the reads that come with it, from one list), list
 * and delete. The API refuses every one of these operations while the service is idle; each wakes the service and is
 * sent again.
 */
export class ReversePrivateEndpointsApi {
  /** Reads by id per service, answered together from its endpoint list when they come close together. */
  private readonly reads = new Map<string, CoalescedReads<ReversePrivateEndpoint>>();

  constructor(
    private readonly http: HttpCore,
    private readonly waker: IdleServiceWaker,
    private readonly dialect: ApiDialect = "spec",
  ) {}

  create(
    organizationId: string,
    serviceId: string,
    request: ReversePrivateEndpointCreateRequest,
  ): Promise<ReversePrivateEndpoint> {
    return this.whileRunning(organizationId, serviceId, () =>
      this.http.fetchResult({
        method: "POST",
        path: reversePrivateEndpointsPath(organizationId, serviceId, this.dialect),
        subject: `a new reverse private endpoint of service ${serviceId}`,
        body: request,
        requestSchema: "reversePrivateEndpointCreate",
        responseSchema: "reversePrivateEndpoint",
      }),
    );
  }

  get(
    organizationId: string,
    serviceId: string,
    reversePrivateEndpointId: string,
  ): Promise<ReversePrivateEndpoint> {
    return this.whileRunning(organizationId, serviceId, () =>
      this.http.fetchResult({
        method: "GET",
        path: reversePrivateEndpointPath(organizationId, serviceId, reversePrivateEndpointId, this.dialect),
        subject: `reverse private endpoint ${reversePrivateEndpointId} of service ${serviceId}`,
        responseSchema: "reversePrivateEndpoint",
        expectedId: reversePrivateEndpointId,
      }),
    );
  }

  /**
   * The endpoint, by its own GET or, when other reads of the service's endpoints come with it, from the list they
   * share, which may be as old as `DEFAULT_COALESCING.maxAgeMs` when this process has written nothing since: what a
   * refresh reads. A wait on the endpoint's status uses `get`, which is always sent.
   */
  read(
    organizationId: string,
    serviceId: string,
    reversePrivateEndpointId: string,
  ): Promise<ReversePrivateEndpoint> {
    // The ids are checked before anything is sent, whichever way the endpoint is read.
    reversePrivateEndpointPath(organizationId, serviceId, reversePrivateEndpointId, this.dialect);
    return this.readsOf(organizationId, serviceId).read(reversePrivateEndpointId, "recent");
  }

  private readsOf(organizationId: string, serviceId: string): CoalescedReads<ReversePrivateEndpoint> {
    const key = `${organizationId}/${serviceId}`;
    let reads = this.reads.get(key);
    if (reads === undefined) {
      reads = new CoalescedReads<ReversePrivateEndpoint>({
        getOne: (id) => this.get(organizationId, serviceId, id),
        fetchPage: async () => ({ items: await this.list(organizationId, serviceId), total: undefined }),
        pageSize: Infinity,
        notFound: (id) =>
          this.http.objectNotFound(
            {
              method: "GET",
              path: reversePrivateEndpointPath(organizationId, serviceId, id, this.dialect),
              subject: `reverse private endpoint ${id} of service ${serviceId}`,
            },
            "not in the service's reverse private endpoint list",
          ),
        clock: this.http.clock,
      });
      this.reads.set(key, reads);
    }
    return reads;
  }

  list(organizationId: string, serviceId: string): Promise<ReversePrivateEndpoint[]> {
    return this.whileRunning(organizationId, serviceId, () =>
      this.http.fetchResult({
        method: "GET",
        path: reversePrivateEndpointsPath(organizationId, serviceId, this.dialect),
        subject: `service ${serviceId}`,
        responseSchema: "reversePrivateEndpoint",
        many: true,
      }),
    );
  }

  delete(organizationId: string, serviceId: string, reversePrivateEndpointId: string): Promise<void> {
    return this.whileRunning(organizationId, serviceId, () =>
      this.http.send({
        method: "DELETE",
        path: reversePrivateEndpointPath(organizationId, serviceId, reversePrivateEndpointId, this.dialect),
        subject: `reverse private endpoint ${reversePrivateEndpointId} of service ${serviceId}`,
      }),
    );
  }

  private whileRunning<T>(
    organizationId: string,
    serviceId: string,
    operation: () => Promise<T>,
  ): Promise<T> {
    return this.waker.whileRunning(organizationId, serviceId, refusedWhileIdle, operation);
  }
}
