/**
 * Services: list, get, the private-endpoint PATCH of the real API ({"privateEndpointIds":{"add","remove"}}),
 * the replica scaling PATCH (`.../replicaScaling`) and the real API's state PATCH ({"command":"awake"|"start"|"stop"}).
 * Every PATCH returns the service object.
 */
import type { FastifyInstance } from "fastify";
import type { Problem } from "../../model/problems";
import type { EmulatorContext } from "../../server/context";
import type { ServiceRecord } from "../../state/types";
import { ApiError } from "../../server/errors";
import type { OrganizationParams, ServiceParams } from "./common";
import { envelope, findService, organizationPath, servicePath } from "./common";
import { validBody } from "../validBody";
import { applyScaling, horizontalProblems, scalingProblems, type ScalingUpdate } from "../../model/scaling";
import { applyCommand } from "../../model/serviceStates";
import type { ServiceStateCommand } from "../../../schemas/enums";
import { serviceView } from "./serviceView";

interface PrivateEndpointIdsPatch {
  privateEndpointIds: { add?: string[]; remove?: string[] };
}

export function serviceRoutes(scope: FastifyInstance, context: EmulatorContext): void {
  const view = (service: ServiceRecord) =>
    serviceView(context.store.state, service, context.now().getTime(), context.dialect);

  scope.get<{ Params: OrganizationParams }>(`${organizationPath}/services`, async (request) => {
    const state = context.store.state;
    return envelope(
      request,
      state.services.map((service) => view(service)),
    );
  });

  scope.get<{ Params: ServiceParams }>(servicePath, async (request) => {
    const service = findService(context, request.params.serviceId);
    return envelope(request, view(service));
  });

  scope.patch<{ Params: ServiceParams }>(servicePath, async (request) => {
    const service = findService(context, request.params.serviceId);
    const { privateEndpointIds } = validBody<PrivateEndpointIdsPatch>(
      "servicePrivateEndpointsPatch",
      request.body,
    );
    const problems = privateEndpointPatchProblems(context, privateEndpointIds);
    if (problems.length > 0) throw ApiError.invalid(problems);
    const removed = new Set(privateEndpointIds.remove ?? []);
    const kept = service.privateEndpointIds.filter((id) => !removed.has(id));
    const added = (privateEndpointIds.add ?? []).filter((id) => !kept.includes(id));
    service.privateEndpointIds = [...kept, ...new Set(added)];
    context.store.changed();
    return envelope(request, view(service));
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
    applyCommand(service, command, context.now().getTime(), context.settings.awakeningDelayMs);
    context.store.changed();
    return envelope(request, view(service));
  });
}

/** Added ids must be registered with the organization; an id cannot be both added and removed. */
function privateEndpointPatchProblems(
  context: EmulatorContext,
  patch: PrivateEndpointIdsPatch["privateEndpointIds"],
): Problem[] {
  const registered = new Set(
    context.store.state.organization.privateEndpoints.map((endpoint) => endpoint.id),
  );
  const removed = new Set(patch.remove ?? []);
  return (patch.add ?? []).flatMap((id, index) => {
    const property = `privateEndpointIds.add[${index}]`;
    if (removed.has(id)) {
      return [{ property, message: `private endpoint ${JSON.stringify(id)} is both added and removed` }];
    }
    if (!registered.has(id)) {
      const message = `private endpoint ${JSON.stringify(id)} is not registered with the organization; register it with POST .../privateEndpoint first`;
      return [{ property, message }];
    }
    return [];
  });
}
