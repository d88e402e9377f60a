import type { HttpCore } from "../transport/http";
import type { PrivateEndpoint, PrivateEndpointCreateRequest } from "./models";
import { servicePath } from "./paths";

/**
 * Registers a private endpoint with the organization and attaches it to the service, in one POST. Reading and
 * detaching go through OrganizationsApi.get and ServicesApi.updatePrivateEndpointIds.
 */
export class PrivateEndpointsApi {
  constructor(private readonly http: HttpCore) {}

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
}
