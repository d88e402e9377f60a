/**
 * Reverse private endpoints: create, get, list and DELETE, as the real API has them. Their statuses follow
 * model/reversePrivateEndpoints; every operation needs the service running (model/serviceStates).
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../../server/context";
import { notFound } from "../../server/errors";
import { purgeGoneEndpoints, statusOf } from "../../model/reversePrivateEndpoints";
import { assertRunning } from "../../model/serviceStates";
import { lowerHex, secureBytes, uuidV4 } from "../../state/random";
import type { ReversePrivateEndpointRecord, ServiceRecord } from "../../state/types";
import type { ServiceParams } from "./common";
import { envelope, findService, servicePath } from "./common";
import { validBody } from "../validBody";
import { deletionAnswer, reversePrivateEndpointCollection } from "./wire";

interface EndpointParams extends ServiceParams {
  reversePrivateEndpointId: string;
}

interface ReversePrivateEndpointCreate {
  description?: string;
  type: ReversePrivateEndpointRecord["type"];
  vpcEndpointServiceName?: string | null;
  vpcResourceConfigurationId?: string | null;
  vpcResourceShareArn?: string | null;
  mskClusterArn?: string | null;
  mskAuthentication?: string | null;
}

function view(endpoint: ReversePrivateEndpointRecord, nowMs: number) {
  const { readyAt: _readyAt, outcome: _outcome, goneAt: _goneAt, ...fields } = endpoint;
  return { ...fields, status: statusOf(endpoint, nowMs) };
}

function newEndpoint(
  service: ServiceRecord,
  body: ReversePrivateEndpointCreate,
  readyAt: number,
  outcome: ReversePrivateEndpointRecord["outcome"],
): ReversePrivateEndpointRecord {
  const endpointId = `vpce-${lowerHex(secureBytes, 17)}`;
  const serviceSuffix = lowerHex(secureBytes, 17);
  return {
    id: uuidV4(secureBytes),
    serviceId: service.id,
    description: body.description ?? null,
    type: body.type,
    vpcEndpointServiceName: body.vpcEndpointServiceName ?? null,
    vpcResourceConfigurationId: body.vpcResourceConfigurationId ?? null,
    vpcResourceShareArn: body.vpcResourceShareArn ?? null,
    mskClusterArn: body.mskClusterArn ?? null,
    mskAuthentication: body.mskAuthentication ?? null,
    endpointId,
    dnsNames: [`${endpointId}-${serviceSuffix}.vpce-svc.${service.region}.vpce.amazonaws.com`],
    privateDnsNames: [`${endpointId}.${service.host}`],
    readyAt,
    outcome,
  };
}

export function reversePrivateEndpointRoutes(scope: FastifyInstance, context: EmulatorContext): void {
  // Each wire serves its own name of the collection; the other is a route the API does not have.
  const collectionPath = `${servicePath}/${reversePrivateEndpointCollection[context.dialect]}`;

  /** The live endpoints of a service, after purging the ones whose deletion finished. */
  function endpointsOf(serviceId: string, nowMs: number): ReversePrivateEndpointRecord[] {
    if (purgeGoneEndpoints(context.store.state, nowMs)) context.store.changed();
    return context.store.state.reversePrivateEndpoints.filter((endpoint) => endpoint.serviceId === serviceId);
  }

  /** The service, which must be running: the API refuses endpoint operations on an idle or stopped one. */
  function runningService(serviceId: string, nowMs: number): ServiceRecord {
    const service = findService(context, serviceId);
    assertRunning(service, nowMs, "Reverse private endpoint operations");
    return service;
  }

  function findEndpoint(params: EndpointParams, nowMs: number): ReversePrivateEndpointRecord {
    runningService(params.serviceId, nowMs);
    const endpoint = endpointsOf(params.serviceId, nowMs).find(
      (candidate) => candidate.id === params.reversePrivateEndpointId,
    );
    if (!endpoint) throw notFound(`Reverse private endpoint ${params.reversePrivateEndpointId} not found`);
    return endpoint;
  }

  scope.post<{ Params: ServiceParams }>(collectionPath, async (request) => {
    const nowMs = context.now().getTime();
    const service = findService(context, request.params.serviceId);
    const body = validBody<ReversePrivateEndpointCreate>("reversePrivateEndpointCreate", request.body);
    runningService(service.id, nowMs);
    const { provisioningDelayMs, reversePrivateEndpointOutcome } = context.settings;
    const endpoint = newEndpoint(service, body, nowMs + provisioningDelayMs, reversePrivateEndpointOutcome);
    context.store.state.reversePrivateEndpoints.push(endpoint);
    context.store.changed();
    return envelope(request, view(endpoint, nowMs));
  });

  scope.get<{ Params: ServiceParams }>(collectionPath, async (request) => {
    const nowMs = context.now().getTime();
    runningService(request.params.serviceId, nowMs);
    return envelope(
      request,
      endpointsOf(request.params.serviceId, nowMs).map((endpoint) => view(endpoint, nowMs)),
    );
  });

  scope.get<{ Params: EndpointParams }>(`${collectionPath}/:reversePrivateEndpointId`, async (request) => {
    const nowMs = context.now().getTime();
    return envelope(request, view(findEndpoint(request.params, nowMs), nowMs));
  });

  scope.delete<{ Params: EndpointParams }>(`${collectionPath}/:reversePrivateEndpointId`, async (request) => {
    const nowMs = context.now().getTime();
    const endpoint = findEndpoint(request.params, nowMs);
    // A second DELETE while Deleting keeps the original deadline.
    endpoint.goneAt ??= nowMs + context.settings.provisioningDelayMs;
    context.store.changed();
    return deletionAnswer(context, request, view(endpoint, nowMs));
  });
}
