/**
 * Registers private endpoints and attaches them to services. The resource is one service's attachment of an
 * endpoint the organization registers, not an object with a status: it is read from two objects (the service and
 * the organization), deleted by a PATCH of the service, and created again safely under the same id. So it uses
 * `createWithReconcile` directly rather than the lifecycle of a management object with an asynchronous status.
 */
import type { ManagementClient, OrganizationPrivateEndpoint, PrivateEndpointCreateRequest } from "../../rest";
import type { Freshness } from "../../rest/coalescing/coalescedReads";
import type { OperationContext, ResourceOperations } from "../operations";
import { requestBodyFor } from "../derive/requestBody";
import { deleteIfPresent, readOrGone } from "../lifecycle/readOrGone";
import { createWithReconcile } from "../lifecycle/createWithReconcile";
import { pick } from "../../propertyBags";
import { definition } from "./definition";
import type { PrivateEndpointInputs, PrivateEndpointOutputs } from "./shapes";

const endpointRequest = requestBodyFor(definition);

/** Where an endpoint stands: attached to the service or not, and its registration with the organization. */
interface EndpointStanding {
  attached: boolean;
  registration: OrganizationPrivateEndpoint | undefined;
}

export const operations: ResourceOperations<PrivateEndpointInputs, PrivateEndpointOutputs> = {
  async create(inputs, context) {
    const outs = await register(inputs, context);
    return { id: resourceId(inputs.serviceId, inputs.endpointId), outs };
  },

  async read(id, olds, context) {
    const { client, organizationId } = context.management(olds.organizationId);
    const { serviceId, endpointId } = olds;
    const found = await readOrGone(async () => {
      const { attached, registration } = await standing(
        client,
        organizationId,
        serviceId,
        endpointId,
        "recent",
      );
      return { id, outs: attached ? registration : undefined };
    });
    // Detached from the service or unregistered from the organization: gone, and the next `up` attaches it again.
    if (found?.outs === undefined) return undefined;
    return { id, outs: endpointOutputs(serviceId, organizationId, found.outs) };
  },

  /** Only the description changes in place: registering the same id again updates it. */
  async update(_id, _olds, news, context) {
    return register(news, context);
  },

  /** Detaches the endpoint from the service. It stays registered with the organization for other services. */
  async delete(_id, olds, context) {
    const { client, organizationId } = context.management(olds.organizationId);
    const request = { privateEndpointIds: { remove: [olds.endpointId] } };
    await deleteIfPresent(async () => {
      await client.services.updatePrivateEndpointIds(organizationId, olds.serviceId, request);
    });
  },
};

/**
 * POSTs the endpoint, which registers it (or updates its description) and attaches it to the service, then
 * reads what the organization reports about it.
 */
async function register(
  inputs: PrivateEndpointInputs,
  context: OperationContext,
): Promise<PrivateEndpointOutputs> {
  const { client, organizationId } = context.management(inputs.organizationId ?? undefined);
  const serviceId = inputs.serviceId;
  const body = endpointRequest(pick(inputs, ["endpointId", "description"]));
  // The API keeps one endpoint per id, so what a lost reply made is this create's whether or not it existed
  // before, and sending again cannot make a duplicate; the read-back only spares a request when it was processed.
  await createWithReconcile<string, { id: string }>(context, {
    what: `private endpoint ${body.id}`,
    send: async () => {
      await client.privateEndpoints.create(organizationId, serviceId, body);
      return body.id;
    },
    list: async () =>
      (await isRegisteredAsRequested(client, organizationId, serviceId, body)) ? [{ id: body.id }] : [],
    hasSentFields: () => true,
    newness: { onePerRequestKey: true },
    whenFound: { adopt: (endpoint) => endpoint.id },
  });
  const registration = await registrationOf(client, organizationId, body.id);
  return endpointOutputs(
    serviceId,
    organizationId,
    registration ?? { id: body.id, description: body.description },
  );
}

/** Whether the service has the endpoint attached, registered with the requested description. */
async function isRegisteredAsRequested(
  client: ManagementClient,
  organizationId: string,
  serviceId: string,
  body: PrivateEndpointCreateRequest,
): Promise<boolean> {
  const { attached, registration } = await standing(client, organizationId, serviceId, body.id);
  const described = body.description === undefined || registration?.description === body.description;
  return attached && registration !== undefined && described;
}

/** The endpoint id is unique in an organization, not across services: the resource is one service's attachment. */
function resourceId(serviceId: string, endpointId: string): string {
  return `${serviceId}/${endpointId}`;
}

/**
 * Whether the service has the endpoint attached, and the organization's record of it: two GETs, each shared with
 * the reads of other endpoints that come close together (a refresh).
 */
async function standing(
  client: ManagementClient,
  organizationId: string,
  serviceId: string,
  endpointId: string,
  freshness: Freshness = "now",
): Promise<EndpointStanding> {
  const [attached, registration] = await Promise.all([
    client.privateEndpoints.isAttached(organizationId, serviceId, endpointId, freshness),
    client.privateEndpoints.registration(organizationId, endpointId, freshness),
  ]);
  return { attached, registration };
}

/** The organization's record of the endpoint: its description, cloud provider and region. */
function registrationOf(
  client: ManagementClient,
  organizationId: string,
  endpointId: string,
): Promise<OrganizationPrivateEndpoint | undefined> {
  return client.privateEndpoints.registration(organizationId, endpointId);
}

/** Outputs: the organization's record of the endpoint (its `id` as `endpointId`), the service and organization. */
function endpointOutputs(
  serviceId: string,
  organizationId: string,
  registration: OrganizationPrivateEndpoint,
): PrivateEndpointOutputs {
  // The organization reports these as strings; its schema checks only the description, so another value is left out.
  const { description, cloudProvider, region } = registration;
  return {
    ...(typeof description === "string" ? { description } : {}),
    ...(typeof cloudProvider === "string" ? { cloudProvider } : {}),
    ...(typeof region === "string" ? { region } : {}),
    endpointId: registration.id,
    serviceId,
    organizationId,
  };
}
