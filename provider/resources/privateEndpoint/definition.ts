/** The PrivateEndpoint resource: a private endpoint registered with the organization and attached to a service. */
import { organizationIdInput, serviceIdInput, stringOutput } from "../fields/sharedFields";
import type { ResourceDefinition } from "../definition";
import { endpointSetTwice } from "../organizationSettings/owners";

export const definition: ResourceDefinition<"privateEndpointCreate"> = {
  kind: "PrivateEndpoint",
  module: "clickhouse",
  description:
    "A private endpoint of a service: create registers the endpoint with the organization and attaches it to the " +
    "service, in one POST. One endpoint may be attached to several services of the organization, and each " +
    "attachment is its own resource.\n\n" +
    "An endpoint that is already registered or attached is adopted as it is (the POST is idempotent per id), so no " +
    "import is needed. A description change updates in place (registering the same id again updates it); any other " +
    "change replaces. Delete detaches the endpoint from the service; it stays registered with the organization. " +
    "Refresh drops the resource when the endpoint was detached from the service or unregistered out of band. An " +
    "endpoint that an OrganizationSettings of the same program lists in its privateEndpoints is refused at " +
    "`pulumi preview`: an endpoint has one owner.",
  notes: "id is `<serviceId>/<endpointId>`; destroy detaches it from the service",
  id: "`<serviceId>/<endpointId>`: the endpoint id is unique in an organization, not across its services.",
  requestSchema: "privateEndpointCreate",
  inputs: {
    serviceId: serviceIdInput(
      "The service (uuid) the endpoint is attached to. Changing it replaces the resource.",
    ),
    endpointId: {
      description:
        "The cloud provider's id of the private endpoint (e.g. an AWS VPC endpoint id): the API's `id`, renamed " +
        "because Pulumi reserves `id`. Changing it replaces the resource.",
      bodyName: "id",
      required: true,
      change: "replace",
    },
    description: {
      description:
        "Description of the endpoint, kept by the organization (so every service the endpoint is attached to " +
        "shares it). Updates in place: registering the same id again updates it. Managed only when set: leaving it " +
        "out keeps the organization's description as it is.",
      change: "update",
      unsetMeansUnmanaged: true,
    },
    organizationId: organizationIdInput,
  },
  outputs: {
    endpointId: stringOutput("The cloud provider's id of the endpoint (the API's `id`).", {
      alwaysSet: true,
    }),
    serviceId: stringOutput("The service (uuid) the endpoint is attached to.", { alwaysSet: true }),
    organizationId: stringOutput("The organization (uuid) the endpoint is registered with.", {
      alwaysSet: true,
    }),
    description: stringOutput("Description of the endpoint, as the organization reports it."),
    cloudProvider: stringOutput(
      "Cloud provider of the endpoint (e.g. aws), as the organization reports it, when it does.",
    ),
    region: stringOutput(
      "Region of the endpoint (e.g. us-east-1), as the organization reports it, when it does.",
    ),
  },
  // An endpoint an OrganizationSettings of the same program lists too is refused, naming endpointId.
  rules: [(inputs) => endpointSetTwice("PrivateEndpoint", inputs)],
};
