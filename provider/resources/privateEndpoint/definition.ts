/** The PrivateEndpoint resource: a private endpoint registered with the organization and attached to a service. */
import type { ResourceDefinition } from "../definition";

export const definition: ResourceDefinition = {
  kind: "PrivateEndpoint",
  module: "clickhouse",
  description:
    "A private endpoint of a service: create registers the endpoint with the organization and attaches it to the " +
    "service, in one POST. One endpoint may be attached to several services of the organization, and each " +
    "attachment is its own resource.\n\n" +
    "An endpoint that is already registered or attached is adopted as it is (the POST is idempotent per id), so no " +
    "import is needed. A description change updates in place (registering the same id again updates it); any other " +
    "change replaces. Delete detaches the endpoint from the service; it stays registered with the organization. " +
    "Refresh drops the resource when the endpoint was detached from the service or unregistered out of band.",
  notes: "id is `<serviceId>/<endpointId>`; destroy detaches it from the service",
  id: "`<serviceId>/<endpointId>`: the endpoint id is unique in an organization, not across its services.",
  requestSchema: "privateEndpointCreate",
  inputs: {
    serviceId: {
      description: "The service (uuid) the endpoint is attached to. Changing it replaces the resource.",
      schema: { type: "string" },
      outsideBody: true,
      required: true,
      change: "replace",
    },
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
    organizationId: {
      description:
        "The organization (uuid); defaults to `clickhouse:organizationId` or CLICKHOUSE_ORG_ID. Replaces on change.",
      schema: { type: "string" },
      outsideBody: true,
      change: "replace",
      unsetMeansUnmanaged: true,
    },
  },
  outputs: {
    endpointId: {
      description: "The cloud provider's id of the endpoint (the API's `id`).",
      schema: { type: "string" },
      alwaysSet: true,
    },
    serviceId: {
      description: "The service (uuid) the endpoint is attached to.",
      schema: { type: "string" },
      alwaysSet: true,
    },
    organizationId: {
      description: "The organization (uuid) the endpoint is registered with.",
      schema: { type: "string" },
      alwaysSet: true,
    },
    description: {
      description: "Description of the endpoint, as the organization reports it.",
      schema: { type: "string" },
    },
    cloudProvider: {
      description: "Cloud provider of the endpoint (e.g. aws), as the organization reports it, when it does.",
      schema: { type: "string" },
    },
    region: {
      description: "Region of the endpoint (e.g. us-east-1), as the organization reports it, when it does.",
      schema: { type: "string" },
    },
  },
};
