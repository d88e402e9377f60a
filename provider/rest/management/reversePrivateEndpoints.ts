import type { ApiDialect } from "../../../schemas/dialects";
import type { HttpCore } from "../transport/http";
import type { IdleServiceWaker } from "./idleServices";
import type {
  ReversePrivateEndpoint,
  ReversePrivateEndpointCreateRequest,
  ReversePrivateEndpointUpdateRequest,
} from "./models";
import { reversePrivateEndpointPath, reversePrivateEndpointsPath } from "./paths";
import { PerServiceReads } from "../coalescing/perServiceReads";

/** What the API refuses while the service is not running, for the line that says the service is being woken. */
const refusedWhileIdle = "reverse private endpoint operations";

/**
 * Reverse private endpoints of a service: create, get, read (with the reads that come with it, from one list), list,
 * update (the production wire's PATCH of the custom private DNS names) and delete. The API refuses every one of these
 * operations while the service is idle; each wakes the service and is sent again.
 */
export class ReversePrivateEndpointsApi {
  /** Reads by id, answered together from the service's endpoint list when they come close together. */
  private readonly reads: PerServiceReads<ReversePrivateEndpoint>;

  constructor(
    private readonly http: HttpCore,
    private readonly waker: IdleServiceWaker,
    private readonly dialect: ApiDialect = "spec",
  ) {
    this.reads = new PerServiceReads<ReversePrivateEndpoint>({
      get: (organizationId, serviceId, id) => this.get(organizationId, serviceId, id),
      list: (organizationId, serviceId) => this.list(organizationId, serviceId),
      notFound: (organizationId, serviceId, id) =>
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
  }

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
        requestSchema:
          this.dialect === "production"
            ? "reversePrivateEndpointCreateProduction"
            : "reversePrivateEndpointCreate",
        responseSchema: "reversePrivateEndpoint",
      }),
    );
  }

  /**
   * Replaces the endpoint's custom private DNS names with the request's list (empty: none) and answers the endpoint.
   * Only the production wire has this operation: on the specification's it fails before anything is sent.
   */
  update(
    organizationId: string,
    serviceId: string,
    reversePrivateEndpointId: string,
    request: ReversePrivateEndpointUpdateRequest,
  ): Promise<ReversePrivateEndpoint> {
    const path = reversePrivateEndpointPath(
      organizationId,
      serviceId,
      reversePrivateEndpointId,
      this.dialect,
    );
    if (this.dialect !== "production") {
      return Promise.reject(
        new Error(
          `PATCH ${path}: the specification's management API cannot change a reverse private endpoint; its custom ` +
            "private DNS names are served by the production wire only (clickhouse:apiDialect production)",
        ),
      );
    }
    return this.whileRunning(organizationId, serviceId, () =>
      this.http.fetchResult({
        method: "PATCH",
        path,
        subject: `reverse private endpoint ${reversePrivateEndpointId} of service ${serviceId}`,
        body: request,
        requestSchema: "reversePrivateEndpointUpdate",
        responseSchema: "reversePrivateEndpoint",
        expectedId: reversePrivateEndpointId,
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
    return this.reads.read(organizationId, serviceId, reversePrivateEndpointId);
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
