/**
 * Services: list, create, get, the basic-details PATCH ({"name", "ipAccessList":{"add","remove"}, "tags":{...},
 * "privateEndpointIds":{...}, ...}), the replica scaling PATCH (`.../replicaScaling`), the state PATCH
 * ({"command":"awake"|"start"|"stop"}), the password PATCH, the backup configuration (GET and PATCH) and the DELETE
 * of a stopped service. Every PATCH but the
 * password's returns the service object; the create returns it with the generated password.
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../../server/context";
import type { ServiceRecord } from "../../state/types";
import { ApiError } from "../../server/errors";
import type { OrganizationParams, ServiceParams } from "./common";
import { envelope, findService, liveServices, organizationPath, servicePath } from "./common";
import { validBody } from "../validBody";
import { applyScaling, horizontalProblems, scalingProblems, type ScalingUpdate } from "../../model/scaling";
import { applyCommand } from "../../model/serviceStates";
import {
  changePassword,
  createService,
  deletionRefusal,
  patchService,
  serviceCreateProblems,
  servicePatchProblems,
  terminateService,
  type PasswordPatch,
  type ServiceCreate,
  type ServicePatch,
} from "../../model/services";
import type { ServiceStateCommand } from "../../../schemas/enums";
import { secureBytes } from "../../state/random";
import { serviceView } from "./serviceView";
import {
  applyBackupConfiguration,
  assertBackupsConfigurable,
  backupConfigurationOf,
  type BackupConfigurationPatch,
} from "../../model/backups";
import { deletionAnswer } from "./wire";

export function serviceRoutes(scope: FastifyInstance, context: EmulatorContext): void {
  const view = (service: ServiceRecord) =>
    serviceView(context.store.state, service, context.now().getTime(), context.dialect);
  const transitionDelayMs = () => context.settings.awakeningDelayMs;

  scope.get<{ Params: OrganizationParams }>(`${organizationPath}/services`, async (request) => {
    return envelope(
      request,
      liveServices(context).map((service) => view(service)),
    );
  });

  scope.post<{ Params: OrganizationParams }>(`${organizationPath}/services`, async (request) => {
    const state = context.store.state;
    const body = validBody<ServiceCreate>("serviceCreate", request.body);
    const problems = serviceCreateProblems(state, body);
    if (problems.length > 0) throw ApiError.invalid(problems);
    const { service, password } = createService(state, body, secureBytes, context.now(), transitionDelayMs());
    context.store.changed();
    return envelope(request, { service: view(service), password });
  });

  scope.get<{ Params: ServiceParams }>(servicePath, async (request) => {
    const service = findService(context, request.params.serviceId);
    return envelope(request, view(service));
  });

  scope.patch<{ Params: ServiceParams }>(servicePath, async (request) => {
    const service = findService(context, request.params.serviceId);
    const patch = validBody<ServicePatch>("servicePatch", request.body);
    const problems = servicePatchProblems(context.store.state, service, patch);
    if (problems.length > 0) throw ApiError.invalid(problems);
    patchService(service, patch);
    context.store.changed();
    return envelope(request, view(service));
  });

  scope.delete<{ Params: ServiceParams }>(servicePath, async (request) => {
    const service = findService(context, request.params.serviceId);
    const nowMs = context.now().getTime();
    const refusal = deletionRefusal(service, nowMs);
    if (refusal !== undefined) throw new ApiError(409, refusal);
    terminateService(service, nowMs, transitionDelayMs());
    context.store.changed();
    return deletionAnswer(context, request, view(service));
  });

  scope.patch<{ Params: ServiceParams }>(`${servicePath}/password`, async (request) => {
    const service = findService(context, request.params.serviceId);
    const patch = validBody<PasswordPatch>("servicePasswordPatch", request.body);
    const answer = changePassword(service, patch, secureBytes);
    context.store.changed();
    return envelope(request, answer);
  });

  scope.get<{ Params: ServiceParams }>(`${servicePath}/backupConfiguration`, async (request) => {
    const service = findService(context, request.params.serviceId);
    assertBackupsConfigurable(service);
    return envelope(request, backupConfigurationOf(service));
  });

  scope.patch<{ Params: ServiceParams }>(`${servicePath}/backupConfiguration`, async (request) => {
    const service = findService(context, request.params.serviceId);
    const patch = validBody<BackupConfigurationPatch>("backupConfigurationPatch", request.body);
    assertBackupsConfigurable(service);
    applyBackupConfiguration(service, patch);
    context.store.changed();
    return envelope(request, backupConfigurationOf(service));
  });

  scope.patch<{ Params: ServiceParams }>(`${servicePath}/replicaScaling`, async (request) => {
    const service = findService(context, request.params.serviceId);
    const production = context.dialect === "production";
    const schema = production ? "replicaScalingUpdateProduction" : "replicaScalingUpdate";
    const update = validBody<ScalingUpdate>(schema, request.body);
    const problems = [
      ...scalingProblems(service, update),
      ...(production ? horizontalProblems(service, update) : []),
    ];
    if (problems.length > 0) throw ApiError.invalid(problems);
    applyScaling(service, update);
    context.store.changed();
    return envelope(request, view(service));
  });

  scope.patch<{ Params: ServiceParams }>(`${servicePath}/state`, async (request) => {
    const service = findService(context, request.params.serviceId);
    const { command } = validBody<{ command: ServiceStateCommand }>("serviceStatePatch", request.body);
    applyCommand(service, command, context.now().getTime(), transitionDelayMs());
    context.store.changed();
    return envelope(request, view(service));
  });
}
