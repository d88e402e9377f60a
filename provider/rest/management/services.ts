import type { ApiDialect } from "../../../schemas/dialects";
import type { HttpCore } from "../transport/http";
import type { ServiceStateCommand } from "../../../schemas";
import type {
  BackupConfiguration,
  BackupConfigurationRequest,
  PrivateEndpointConfig,
  ReplicaScalingUpdateRequest,
  ServiceObject,
  ServiceCreateRequest,
  ServiceCreateResult,
  ServiceDetails,
  ServicePasswordRequest,
  ServicePasswordResult,
  ServicePatchRequest,
  ServicePrivateEndpointsPatchRequest,
} from "./models";
import { organizationPath, servicePath } from "./paths";

/**
 * A service: list, create, read, PATCH its basic details, attach or detach private endpoints, update its replica
 * scaling (`PATCH .../replicaScaling`), change its state (the real API's `PATCH .../state`: start, stop, or awake
 * for an idle service), set its password, and delete it.
 */
export class ServicesApi {
  constructor(
    private readonly http: HttpCore,
    private readonly dialect: ApiDialect = "spec",
  ) {}

  get(organizationId: string, serviceId: string): Promise<ServiceObject> {
    return this.http.fetchResult({
      method: "GET",
      path: servicePath(organizationId, serviceId),
      subject: `service ${serviceId}`,
      responseSchema: "service",
      expectedId: serviceId,
    });
  }

  list(organizationId: string): Promise<ServiceDetails[]> {
    return this.http.fetchResult({
      method: "GET",
      path: `${organizationPath(organizationId)}/services`,
      subject: "the organization's services",
      responseSchema: "serviceDetails",
      many: true,
    });
  }

  /** Reads the service with every field a Service resource reports. */
  details(organizationId: string, serviceId: string): Promise<ServiceDetails> {
    return this.http.fetchResult({
      method: "GET",
      path: servicePath(organizationId, serviceId),
      subject: `service ${serviceId}`,
      responseSchema: "serviceDetails",
      expectedId: serviceId,
    });
  }

  /** `POST .../services`: the service, provisioning, and the password the API generated (answered only here). */
  create(organizationId: string, request: ServiceCreateRequest): Promise<ServiceCreateResult> {
    return this.http.fetchResult({
      method: "POST",
      path: `${organizationPath(organizationId)}/services`,
      subject: `service ${JSON.stringify(request.name)}`,
      body: request,
      requestSchema: "serviceCreate",
      responseSchema: "serviceCreateResult",
      secretFields: ["password"],
    });
  }

  /** `PATCH .../services/{serviceId}`: the basic details; lists change by `{add, remove}`. */
  update(organizationId: string, serviceId: string, request: ServicePatchRequest): Promise<ServiceDetails> {
    return this.http.fetchResult({
      method: "PATCH",
      path: servicePath(organizationId, serviceId),
      subject: `service ${serviceId}`,
      body: request,
      requestSchema: "servicePatch",
      responseSchema: "serviceDetails",
      expectedId: serviceId,
    });
  }

  /** `PATCH .../password`: the hashes of a new password, or nothing to have the API generate one and answer it. */
  setPassword(
    organizationId: string,
    serviceId: string,
    request: ServicePasswordRequest,
  ): Promise<ServicePasswordResult> {
    return this.http.fetchResult({
      method: "PATCH",
      path: `${servicePath(organizationId, serviceId)}/password`,
      subject: `the password of service ${serviceId}`,
      body: request,
      requestSchema: "servicePasswordPatch",
      responseSchema: "servicePasswordResult",
      secretFields: ["password"],
    });
  }

  /** `GET .../backupConfiguration`: how often the service is backed up and how long backups are kept. */
  backupConfiguration(organizationId: string, serviceId: string): Promise<BackupConfiguration> {
    return this.http.fetchResult({
      method: "GET",
      path: `${servicePath(organizationId, serviceId)}/backupConfiguration`,
      subject: `the backup configuration of service ${serviceId}`,
      responseSchema: "backupConfiguration",
    });
  }

  /** `PATCH .../backupConfiguration`: answers the configuration as it now is. */
  updateBackupConfiguration(
    organizationId: string,
    serviceId: string,
    request: BackupConfigurationRequest,
  ): Promise<BackupConfiguration> {
    return this.http.fetchResult({
      method: "PATCH",
      path: `${servicePath(organizationId, serviceId)}/backupConfiguration`,
      subject: `the backup configuration of service ${serviceId}`,
      body: request,
      requestSchema: "backupConfigurationPatch",
      responseSchema: "backupConfiguration",
    });
  }

  /** `DELETE .../services/{serviceId}`: the API takes only a stopped service (409 otherwise) and deletes it after answering. */
  delete(organizationId: string, serviceId: string): Promise<void> {
    return this.http.send({
      method: "DELETE",
      path: servicePath(organizationId, serviceId),
      subject: `service ${serviceId}`,
    });
  }

  /** PATCH of the service with `{"privateEndpointIds": {"add": [...], "remove": [...]}}`. */
  updatePrivateEndpointIds(
    organizationId: string,
    serviceId: string,
    request: ServicePrivateEndpointsPatchRequest,
  ): Promise<ServiceObject> {
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
  ): Promise<ServiceObject> {
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
  changeState(
    organizationId: string,
    serviceId: string,
    command: ServiceStateCommand,
  ): Promise<ServiceObject> {
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
