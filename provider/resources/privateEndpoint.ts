import type * as pulumi from "@pulumi/pulumi";
import type { ManagementClient, OrganizationPrivateEndpoint, PrivateEndpointCreateRequest } from "../rest";
import { providerContext } from "./context";
import { PackageResource } from "./base";
import { checkInputs, optionalStrings, requestBody, requiredStrings, type CheckSpec } from "./support/check";
import { diffInputs, type DiffSpec } from "./support/diff";
import { deleteIfPresent, GONE, readOrGone } from "./support/lifecycle";
import { createWithReconcile } from "./support/createWithReconcile";
import { pick, unwrapSecrets, type PropertyBag } from "./support/properties";

/** Inputs of a {@link PrivateEndpoint}. */
export interface PrivateEndpointArgs {
  /** The service (uuid) the endpoint is attached to. Changing it replaces the resource. */
  serviceId: pulumi.Input<string>;
  /**
   * The cloud provider's id of the private endpoint (e.g. an AWS VPC endpoint id): the API's `id`, renamed because
   * Pulumi reserves `id`. Changing it replaces the resource.
   */
  endpointId: pulumi.Input<string>;
  /**
   * Description of the endpoint, kept by the organization (so every service the endpoint is attached to shares
   * it). Updates in place: registering the same id again updates it. Managed only when set: leaving it out keeps
   * the organization's description as it is.
   */
  description?: pulumi.Input<string>;
  /** The organization (uuid); defaults to `clickhouse:organizationId` or CLICKHOUSE_ORG_ID. Replaces on change. */
  organizationId?: pulumi.Input<string>;
}

const checkSpec: CheckSpec = {
  schema: "privateEndpointCreate",
  nonBodyInputs: ["serviceId", "organizationId"],
  renamed: { endpointId: "id" },
  extraRules: [requiredStrings("serviceId"), optionalStrings("organizationId")],
};

const diffSpec: DiffSpec = {
  replaceOn: ["serviceId", "endpointId", "organizationId"],
  updateOn: ["description"],
  onlyWhenSet: ["organizationId", "description"],
};

/** Where an endpoint stands: attached to the service or not, and its registration with the organization. */
interface EndpointStanding {
  attached: boolean;
  registration: OrganizationPrivateEndpoint | undefined;
}

/** Registers private endpoints and attaches them to services; runs in the dynamic-provider process. */
export class PrivateEndpointProvider implements Required<pulumi.dynamic.ResourceProvider> {
  async configure(request: pulumi.dynamic.ConfigureRequest): Promise<void> {
    providerContext.configure(request);
  }

  async check(_olds: PropertyBag, news: PropertyBag): Promise<pulumi.dynamic.CheckResult> {
    return checkInputs(checkSpec, news);
  }

  async diff(_id: string, olds: PropertyBag, news: PropertyBag): Promise<pulumi.dynamic.DiffResult> {
    return diffInputs(diffSpec, olds, news);
  }

  async create(news: PropertyBag): Promise<pulumi.dynamic.CreateResult> {
    const inputs = unwrapSecrets(news);
    const serviceId = String(inputs.serviceId);
    const endpointId = String(inputs.endpointId);
    const outs = await this.register(inputs);
    return { id: resourceId(serviceId, endpointId), outs };
  }

  async read(id: string, props: PropertyBag): Promise<pulumi.dynamic.ReadResult> {
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
      const outs = endpointOutputs(serviceId, settings.organizationId, registration);
      return {
        id,
        props: outs,
        inputs: pick(outs, ["serviceId", "endpointId", "description", "organizationId"]),
      };
    });
  }

  /** Only the description changes in place: registering the same id again updates it. */
  async update(_id: string, _olds: PropertyBag, news: PropertyBag): Promise<pulumi.dynamic.UpdateResult> {
    return { outs: await this.register(unwrapSecrets(news)) };
  }

  /** Detaches the endpoint from the service. It stays registered with the organization for other services. */
  async delete(_id: string, props: PropertyBag): Promise<void> {
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
  }

  /**
   * POSTs the endpoint, which registers it (or updates its description) and attaches it to the service, then
   * reads what the organization reports about it.
   */
  private async register(inputs: PropertyBag): Promise<PropertyBag> {
    const { client, settings } = providerContext.management(inputs.organizationId);
    const organizationId = settings.organizationId;
    const serviceId = String(inputs.serviceId);
    const request = requestBody(checkSpec, pick(inputs, ["endpointId", "description"]));
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

/**
 * A private endpoint of a service (seed 2.4, 4.5): create registers the endpoint with the organization and
 * attaches it to the service, in one POST. The resource id is `<serviceId>/<endpointId>`, because one endpoint may
 * be attached to several services of the organization and each attachment is its own resource.
 *
 * An endpoint that is already registered or attached is adopted as it is (the POST is idempotent per id), so no
 * import is needed. A description change updates in place (registering the same id again updates it); any other
 * change replaces. Delete detaches the endpoint from the service; it stays registered with the organization.
 * Refresh drops the resource when the endpoint was detached from the service or unregistered out of band.
 */
export class PrivateEndpoint extends PackageResource {
  /** The cloud provider's id of the endpoint (the API's `id`). */
  declare readonly endpointId: pulumi.Output<string>;
  /** The service (uuid) the endpoint is attached to. */
  declare readonly serviceId: pulumi.Output<string>;
  /** The organization (uuid) the endpoint is registered with. */
  declare readonly organizationId: pulumi.Output<string>;
  /** Description of the endpoint, as the organization reports it. */
  declare readonly description: pulumi.Output<string | undefined>;
  /** Cloud provider of the endpoint (e.g. aws), as the organization reports it, when it does. */
  declare readonly cloudProvider: pulumi.Output<string | undefined>;
  /** Region of the endpoint (e.g. us-east-1), as the organization reports it, when it does. */
  declare readonly region: pulumi.Output<string | undefined>;

  constructor(name: string, args: PrivateEndpointArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "PrivateEndpoint",
      name,
      ["endpointId", "serviceId", "organizationId", "description", "cloudProvider", "region"],
      args,
      opts,
    );
  }
}
