import type { ApiDialect } from "../../../schemas/dialects";
import type { HttpCore } from "../transport/http";
import type { IdleServiceWaker } from "./idleServices";
import type { ReversePrivateEndpoint, ReversePrivateEndpointCreateRequest } from "./models";
import { reversePrivateEndpointPath, reversePrivateEndpointsPath } from "./paths";

/** What the API refuses while the service is not running, for the line that says the service is being woken. */
const refusedWhileIdle = "reverse private endpoint operations";

/**
 * Reverse private endpoints of a service: create, get, list and delete. The API refuses
 * every one of these operations while the service is idle; each wakes the service and is sent again.
 */
export class ReversePrivateEndpointsApi {
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
