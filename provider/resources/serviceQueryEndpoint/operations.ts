/**
 * Manages the query API endpoint of an existing service. The endpoint is one per service, written whole by one
 * POST that creates or replaces it (an upsert), so it fits neither lifecycle template (`resources/lifecycle/`):
 * there is no collection to list and no id to adopt, and sending the same body again cannot make a second one.
 * A create first reads what the service has, so that an endpoint made out of band is never overwritten unseen.
 */
import {
  ApiError,
  isNotFound,
  type ManagementClient,
  type ServiceQueryEndpointObject,
  type ServiceQueryEndpointRequest,
} from "../../rest";
import type { OperationContext, ResourceOperations } from "../operations";
import { requestBodyFor } from "../derive/requestBody";
import { deleteIfPresent, readOrGone, createOutcomeUnknown } from "../lifecycle/readOrGone";
import { pick, sameValue } from "../../propertyBags";
import { optional, stringList, text } from "../fields/reportedValues";
import { definition } from "./definition";
import { comparableEndpoint } from "./settings";
import type { ServiceQueryEndpointInputs, ServiceQueryEndpointOutputs } from "./shapes";

const endpointRequest = requestBodyFor(definition);

export const operations: ResourceOperations<ServiceQueryEndpointInputs, ServiceQueryEndpointOutputs> = {
  /** Roles and keys are sets, the origins a set written as a string. */
  comparable(olds, news) {
    return { olds: comparableEndpoint(olds), news: comparableEndpoint(news.known) };
  },

  async create(inputs, context) {
    const { client, organizationId } = context.management(inputs.organizationId ?? undefined);
    const { serviceId } = inputs;
    const request = requestOf(inputs);
    const existing = await endpointOf(client, organizationId, serviceId);
    if (existing !== undefined) {
      if (!matches(existing, request)) throw alreadyConfigured(serviceId, existing);
      context.progress(
        `service ${serviceId}: its query API endpoint already matches the inputs; adopted as it is`,
      );
      return { id: serviceId, outs: endpointOutputs(existing, serviceId, organizationId) };
    }
    return { id: serviceId, outs: await upsert(inputs, context) };
  },

  async read(id, olds, context) {
    const { client, organizationId } = context.management(olds.organizationId);
    return readOrGone(async () => {
      const endpoint = await client.serviceQueryEndpoints.get(organizationId, id);
      return { id, outs: endpointOutputs(endpoint, id, organizationId) };
    });
  },

  async update(_id, _olds, news, context) {
    return upsert(news, context);
  },

  async delete(id, olds, context) {
    const { client, organizationId } = context.management(olds.organizationId);
    await deleteIfPresent(() => client.serviceQueryEndpoints.delete(organizationId, id));
  },
};

/**
 * POSTs the endpoint whole. A reply lost on the way back is settled by reading the endpoint: the POST replaces
 * rather than adds, so an endpoint that matches the request is this one's, and one that does not means it was not
 * processed.
 */
async function upsert(
  inputs: ServiceQueryEndpointInputs,
  context: OperationContext,
): Promise<ServiceQueryEndpointOutputs> {
  const { client, organizationId } = context.management(inputs.organizationId ?? undefined);
  const { serviceId } = inputs;
  const request = requestOf(inputs);
  try {
    const endpoint = await client.serviceQueryEndpoints.upsert(organizationId, serviceId, request);
    return endpointOutputs(endpoint, serviceId, organizationId);
  } catch (error) {
    if (createOutcomeUnknown(error)) {
      const endpoint = await endpointOf(client, organizationId, serviceId);
      if (endpoint !== undefined && matches(endpoint, request)) {
        return endpointOutputs(endpoint, serviceId, organizationId);
      }
    }
    if (error instanceof ApiError && error.status === 400) throw endpointRefused(serviceId, request, error);
    throw error;
  }
}

/** The body: every field, allowedOrigins "" when unset (the POST replaces the endpoint, so unset means none). */
function requestOf(inputs: ServiceQueryEndpointInputs): ServiceQueryEndpointRequest {
  return endpointRequest({
    ...pick(inputs, ["roles", "openApiKeys"]),
    allowedOrigins: inputs.allowedOrigins ?? "",
  });
}

/** The service's endpoint; undefined when the API answers that it has none. */
async function endpointOf(
  client: ManagementClient,
  organizationId: string,
  serviceId: string,
): Promise<ServiceQueryEndpointObject | undefined> {
  try {
    return await client.serviceQueryEndpoints.get(organizationId, serviceId);
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/** Whether the endpoint has the request's settings, compared as the diff compares them. */
function matches(endpoint: ServiceQueryEndpointObject, request: ServiceQueryEndpointRequest): boolean {
  const reported = pick(endpoint, ["roles", "openApiKeys", "allowedOrigins"]);
  return sameValue(comparableEndpoint(reported), comparableEndpoint({ ...request }));
}

/** The settings as the errors name them. */
function settingsText(settings: {
  roles?: unknown;
  openApiKeys?: unknown;
  allowedOrigins?: unknown;
}): string {
  const origins = text(settings.allowedOrigins) ?? "";
  return (
    `roles ${JSON.stringify(stringList(settings.roles))}, openApiKeys ${JSON.stringify(stringList(settings.openApiKeys))}, ` +
    `allowedOrigins ${JSON.stringify(origins)}`
  );
}

function alreadyConfigured(serviceId: string, existing: ServiceQueryEndpointObject): Error {
  return new Error(
    `service ${serviceId} already has a query API endpoint with other settings (${settingsText(existing)}); it was left ` +
      "as it is. To manage it, give the resource these settings (a create adopts an endpoint that matches), import " +
      "it (`pulumi import clickhouse-cloud:index:ServiceQueryEndpoint <name> " +
      `${serviceId}\`), or delete it first.`,
  );
}

/** Whether each key is one of the organization's is the API's check; its refusal is reported with what was sent. */
function endpointRefused(serviceId: string, request: ServiceQueryEndpointRequest, error: ApiError): Error {
  const requestId = error.requestId === undefined ? "" : ` (requestId ${error.requestId})`;
  return new Error(
    `the API refused the query API endpoint of service ${serviceId} (${settingsText(request)}): ${error.detail}${requestId}. ` +
      "Each of openApiKeys must be the id of an API key of the organization.",
    { cause: error },
  );
}

/** Outputs: the endpoint as answered, its `id` as `endpointId`; an empty list of origins is left out. */
function endpointOutputs(
  endpoint: ServiceQueryEndpointObject,
  serviceId: string,
  organizationId: string,
): ServiceQueryEndpointOutputs {
  const origins = text(endpoint.allowedOrigins);
  return {
    serviceId,
    organizationId,
    ...optional("endpointId", text(endpoint.id)),
    roles: stringList(endpoint.roles),
    openApiKeys: stringList(endpoint.openApiKeys),
    ...optional("allowedOrigins", origins === undefined || origins.trim() === "" ? undefined : origins),
  };
}
