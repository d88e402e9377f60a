import type { HttpCore } from "../http";
import type { ServiceStateCommand } from "../../../schemas";
import type { ReplicaScalingUpdateRequest, Service, ServicePrivateEndpointsPatchRequest } from "./models";
import { servicePath } from "./paths";

/**
 * A service: read it, attach or detach private endpoints, update its replica scaling (`PATCH .../replicaScaling`), and change its
 * state (the real API's `PATCH .../state`: start, stop, or awake for an idle service).
 */
export class ServicesApi {
  constructor(private readonly http: HttpCore) {}

  get(organizationId: string, serviceId: string): Promise<Service> {
    return this.http.fetchResult({
      method: "GET",
      path: servicePath(organizationId, serviceId),
      subject: `service ${serviceId}`,
      responseSchema: "service",
      expectedId: serviceId,
    });
  }

  /** PATCH of the service with `{"privateEndpointIds": {"add": [...], "remove": [...]}}`. */
  updatePrivateEndpointIds(
    organizationId: string,
    serviceId: string,
    request: ServicePrivateEndpointsPatchRequest,
  ): Promise<Service> {
    return this.http.fetchResult({
      method: "PATCH",
      path: servicePath(organizationId, serviceId),
      subject: `service ${serviceId}`,
      body: request,
      requestSchema: "servicePrivateEndpointsPatch",
      responseSchema: "service",
      expectedId: serviceId,
    });
  }

  updateReplicaScaling(
    organizationId: string,
    serviceId: string,
    request: ReplicaScalingUpdateRequest,
  ): Promise<Service> {
    return this.http.fetchResult({
      method: "PATCH",
      path: `${servicePath(organizationId, serviceId)}/replicaScaling`,
      subject: `service ${serviceId}`,
      body: request,
      requestSchema: "replicaScalingUpdate",
      responseSchema: "service",
      expectedId: serviceId,
    });
  }

  /** `PATCH .../state` with `{"command": ...}`; answers the service. */
  changeState(organizationId: string, serviceId: string, command: ServiceStateCommand): Promise<Service> {
    return this.http.fetchResult({
      method: "PATCH",
      path: `${servicePath(organizationId, serviceId)}/state`,
      subject: `service ${serviceId}`,
      body: { command },
      requestSchema: "serviceStatePatch",
      responseSchema: "service",
      expectedId: serviceId,
    });
  }
}
