/**
 * Reverse private endpoints: create, get, list and DELETE, as the real API has them, and on the production wire the
 * PATCH of their custom private DNS names (model/privateDnsNames), which the specification's API lacks. Their
 * statuses follow model/reversePrivateEndpoints; every operation needs the service running (model/serviceStates).
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../../server/context";
import { ApiError, notFound } from "../../server/errors";
import { purgeGoneEndpoints, statusOf } from "../../model/reversePrivateEndpoints";
import { privateDnsNameProblems, requestedNames } from "../../model/privateDnsNames";
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
  /** Production wire only, as the next two. */
  gcpServiceAttachment?: string | null;
  customPrivateDnsMappings?: PrivateDnsMapping[];
}

interface PrivateDnsMapping {
  privateDnsName: string;
}

/** `PATCH .../{reversePrivateEndpointId}` (production wire): the whole list of names. */
interface ReversePrivateEndpointUpdate {
  customPrivateDnsMappings: PrivateDnsMapping[];
}

/**
 * The endpoint as the API shows it. The production wire shows its GCP service attachment and its custom private DNS
 * names (null and an empty list when it has none); the specification's endpoint has neither field.
 */
function view(endpoint: ReversePrivateEndpointRecord, nowMs: number, dialect: EmulatorContext["dialect"]) {
  const {
    readyAt: _readyAt,
    outcome: _outcome,
    goneAt: _goneAt,
    gcpServiceAttachment,
    customPrivateDnsMappings,
    ...fields
  } = endpoint;
  const status = statusOf(endpoint, nowMs);
  if (dialect !== "production") return { ...fields, status };
  return {
    ...fields,
    gcpServiceAttachment: gcpServiceAttachment ?? null,
    customPrivateDnsMappings: (customPrivateDnsMappings ?? []).map(({ privateDnsName }) => ({
      privateDnsName,
    })),
    status,
  };
}

/** The mappings as stored: the names alone, whatever else a request's objects held. */
function storedMappings(names: readonly string[]): PrivateDnsMapping[] {
  return names.map((privateDnsName) => ({ privateDnsName }));
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
    gcpServiceAttachment: body.gcpServiceAttachment ?? null,
    customPrivateDnsMappings: storedMappings(requestedNames(body.customPrivateDnsMappings)),
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
  const production = context.dialect === "production";
  const show = (endpoint: ReversePrivateEndpointRecord, nowMs: number) =>
    view(endpoint, nowMs, context.dialect);

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
    const body = validBody<ReversePrivateEndpointCreate>(
      production ? "reversePrivateEndpointCreateProduction" : "reversePrivateEndpointCreate",
      request.body,
    );
    runningService(service.id, nowMs);
    const names = requestedNames(body.customPrivateDnsMappings);
    refuseNames(names, body.type, endpointsOf(service.id, nowMs));
    const { provisioningDelayMs, reversePrivateEndpointOutcome } = context.settings;
    const endpoint = newEndpoint(service, body, nowMs + provisioningDelayMs, reversePrivateEndpointOutcome);
    context.store.state.reversePrivateEndpoints.push(endpoint);
    context.store.changed();
    return envelope(request, show(endpoint, nowMs));
  });

  scope.get<{ Params: ServiceParams }>(collectionPath, async (request) => {
    const nowMs = context.now().getTime();
    runningService(request.params.serviceId, nowMs);
    return envelope(
      request,
      endpointsOf(request.params.serviceId, nowMs).map((endpoint) => show(endpoint, nowMs)),
    );
  });

  scope.get<{ Params: EndpointParams }>(`${collectionPath}/:reversePrivateEndpointId`, async (request) => {
    const nowMs = context.now().getTime();
    return envelope(request, show(findEndpoint(request.params, nowMs), nowMs));
  });

  if (production) {
    // The mappings are "a full replacement list. Use an empty array to clear mappings."
    scope.patch<{ Params: EndpointParams }>(
      `${collectionPath}/:reversePrivateEndpointId`,
      async (request) => {
        const nowMs = context.now().getTime();
        findService(context, request.params.serviceId);
        const body = validBody<ReversePrivateEndpointUpdate>("reversePrivateEndpointUpdate", request.body);
        const endpoint = findEndpoint(request.params, nowMs);
        const names = requestedNames(body.customPrivateDnsMappings);
        const others = endpointsOf(endpoint.serviceId, nowMs).filter((other) => other.id !== endpoint.id);
        refuseNames(names, endpoint.type, others);
        endpoint.customPrivateDnsMappings = storedMappings(names);
        context.store.changed();
        return envelope(request, show(endpoint, nowMs));
      },
    );
  }

  scope.delete<{ Params: EndpointParams }>(`${collectionPath}/:reversePrivateEndpointId`, async (request) => {
    const nowMs = context.now().getTime();
    const endpoint = findEndpoint(request.params, nowMs);
    // A second DELETE while Deleting keeps the original deadline.
    endpoint.goneAt ??= nowMs + context.settings.provisioningDelayMs;
    context.store.changed();
    return deletionAnswer(context, request, show(endpoint, nowMs));
  });
}

/** A 400 naming customPrivateDnsMappings when the names break a rule of the service's stored endpoints. */
function refuseNames(
  names: readonly string[],
  type: ReversePrivateEndpointRecord["type"],
  others: readonly ReversePrivateEndpointRecord[],
): void {
  const problems = privateDnsNameProblems(names, type, others);
  if (problems.length > 0) throw ApiError.invalid(problems);
}
