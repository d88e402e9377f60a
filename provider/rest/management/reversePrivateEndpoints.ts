import type { HttpCore } from "../http";
import type { ReversePrivateEndpoint, ReversePrivateEndpointCreateRequest } from "./models";
import { reversePrivateEndpointPath, reversePrivateEndpointsPath } from "./paths";

/** Reverse private endpoints of a service (seed 4.1, 4.2; list and delete from DESIGN.md 7). */
export class ReversePrivateEndpointsApi {
  constructor(private readonly http: HttpCore) {}

  create(
    organizationId: string,
    serviceId: string,
    request: ReversePrivateEndpointCreateRequest,
  ): Promise<ReversePrivateEndpoint> {
    return this.http.fetchResult({
      method: "POST",
      path: reversePrivateEndpointsPath(organizationId, serviceId),
      subject: `a new reverse private endpoint of service ${serviceId}`,
      body: request,
      requestSchema: "reversePrivateEndpointCreate",
      responseSchema: "reversePrivateEndpoint",
    });
  }

  get(
    organizationId: string,
    serviceId: string,
    reversePrivateEndpointId: string,
  ): Promise<ReversePrivateEndpoint> {
    return this.http.fetchResult({
      method: "GET",
      path: reversePrivateEndpointPath(organizationId, serviceId, reversePrivateEndpointId),
      subject: `reverse private endpoint ${reversePrivateEndpointId} of service ${serviceId}`,
      responseSchema: "reversePrivateEndpoint",
    });
  }

  list(organizationId: string, serviceId: string): Promise<ReversePrivateEndpoint[]> {
    return this.http.fetchResult({
      method: "GET",
      path: reversePrivateEndpointsPath(organizationId, serviceId),
      subject: `service ${serviceId}`,
      responseSchema: "reversePrivateEndpoint",
      many: true,
    });
  }

  delete(organizationId: string, serviceId: string, reversePrivateEndpointId: string): Promise<void> {
    return this.http.send({
      method: "DELETE",
      path: reversePrivateEndpointPath(organizationId, serviceId, reversePrivateEndpointId),
      subject: `reverse private endpoint ${reversePrivateEndpointId} of service ${serviceId}`,
    });
  }
}
