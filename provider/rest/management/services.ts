import type { ApiDialect } from "../../../schemas/dialects";
import type { HttpCore } from "../transport/http";
import type { ServiceStateCommand } from "../../../schemas";
import type {
  PrivateEndpointConfig,
  ReplicaScalingUpdateRequest,
  Service,
  ServicePrivateEndpointsPatchRequest,
} from "./models";
import { servicePath } from "./paths";

/**
 * A service: read it, attach or detach private endpoints, update its replica scaling (`PATCH .../replicaScaling`), and change its
 * state (the real API's `PATCH .../state`: start, stop, or awake for an idle service).
 */
export class ServicesApi {
  constructor(
    private readonly http: HttpCore,
    private readonly dialect: ApiDialect = "spec",
  ) {}

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
      // The production wire also takes the horizontal mode's autoscalingMode, minReplicas and maxReplicas.
      requestSchema:
        this.dialect === "production" ? "replicaScalingUpdateProduction" : "replicaScalingUpdate",
      responseSchema: "service",
      expectedId: serviceId,
    });
  }

  /**
   * `GET .../privateEndpointConfig` (production wire only): the endpoint service the cloud side of a private
   * endpoint connects to, and the private DNS host name of the service.
   */
  privateEndpointConfig(organizationId: string, serviceId: string): Promise<PrivateEndpointConfig> {
    return this.http.fetchResult({
      method: "GET",
      path: `${servicePath(organizationId, serviceId)}/privateEndpointConfig`,
      subject: `the private endpoint configuration of service ${serviceId}`,
      responseSchema: "privateEndpointConfig",
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
