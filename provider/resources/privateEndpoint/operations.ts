/** Registers private endpoints and attaches them to services, in the provider process. */
import type { ManagementClient, OrganizationPrivateEndpoint, PrivateEndpointCreateRequest } from "../../rest";
import type { PropertyBag, ResourceOperations } from "../definition";
import { providerContext } from "../context";
import { requestBodyOf } from "../support/requestBody";
import { deleteIfPresent, GONE, readOrGone } from "../support/lifecycle";
import { createWithReconcile } from "../support/createWithReconcile";
import { pick, unwrapSecrets } from "../support/properties";
import { definition } from "./definition";

/** Where an endpoint stands: attached to the service or not, and its registration with the organization. */
interface EndpointStanding {
  attached: boolean;
  registration: OrganizationPrivateEndpoint | undefined;
}

export const operations: ResourceOperations = {
  async create(news) {
    const inputs = unwrapSecrets(news);
    const serviceId = String(inputs.serviceId);
    const endpointId = String(inputs.endpointId);
    const outs = await register(inputs);
    return { id: resourceId(serviceId, endpointId), outs };
  },

  async read(id, props) {
    const olds = unwrapSecrets(props);
    const { client, settings } = providerContext.management(olds.organizationId);
    const serviceId = String(olds.serviceId);
    const endpointId = String(olds.endpointId);
    return readOrGone(async () => {
      const { attached, registration } = await standing(
        client,
        settings.organizationId,
        serviceId,
        endpointId,
      );
      // Detached from the service or unregistered from the organization: gone, and the next `up` attaches it again.
      if (!attached || registration === undefined) return GONE;
      return { id, props: endpointOutputs(serviceId, settings.organizationId, registration) };
    });
  },

  /** Only the description changes in place: registering the same id again updates it. */
  async update(_id, _olds, news) {
    return { outs: await register(unwrapSecrets(news)) };
  },

  /** Detaches the endpoint from the service. It stays registered with the organization for other services. */
  async delete(_id, props) {
    const olds = unwrapSecrets(props);
    const { client, settings } = providerContext.management(olds.organizationId);
    const request = { privateEndpointIds: { remove: [String(olds.endpointId)] } };
    await deleteIfPresent(async () => {
      await client.services.updatePrivateEndpointIds(
        settings.organizationId,
        String(olds.serviceId),
        request,
      );
    });
  },
};

/**
 * POSTs the endpoint, which registers it (or updates its description) and attaches it to the service, then
 * reads what the organization reports about it.
 */
async function register(inputs: PropertyBag): Promise<PropertyBag> {
  const { client, settings } = providerContext.management(inputs.organizationId);
  const organizationId = settings.organizationId;
  const serviceId = String(inputs.serviceId);
  const request = requestBodyOf(definition, pick(inputs, ["endpointId", "description"]));
  const body = request as unknown as PrivateEndpointCreateRequest;
  // The API keeps one endpoint per id, so what a lost reply made is this create's whether or not it existed
  // before, and sending again cannot make a duplicate; the read-back only spares a request when it was processed.
  await createWithReconcile<string, { id: string }>({
    kind: "PrivateEndpoint",
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

/** Whether the service has the endpoint attached, and the organization's record of it. */
async function standing(
  client: ManagementClient,
  organizationId: string,
  serviceId: string,
  endpointId: string,
): Promise<EndpointStanding> {
  const [service, registration] = await Promise.all([
    client.services.get(organizationId, serviceId),
    registrationOf(client, organizationId, endpointId),
  ]);
  return { attached: (service.privateEndpointIds ?? []).includes(endpointId), registration };
}

/** The organization's record of the endpoint: its description, cloud provider and region. */
async function registrationOf(
  client: ManagementClient,
  organizationId: string,
  endpointId: string,
): Promise<OrganizationPrivateEndpoint | undefined> {
  const organization = await client.organizations.get(organizationId);
  return (organization.privateEndpoints ?? []).find((endpoint) => endpoint.id === endpointId);
}

/** Outputs: the organization's record of the endpoint (its `id` as `endpointId`), the service and organization. */
function endpointOutputs(
  serviceId: string,
  organizationId: string,
  registration: OrganizationPrivateEndpoint,
): PropertyBag {
  return {
    ...pick(registration as unknown as PropertyBag, ["description", "cloudProvider", "region"]),
    endpointId: registration.id,
    serviceId,
    organizationId,
  };
}
