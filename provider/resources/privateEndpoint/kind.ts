/**
 * Private endpoints: one resource per attachment of an endpoint to a service, whose id `<serviceId>/<endpointId>`
 * already names both; `export` finds them on the services in scope.
 */
import { serviceAndEndpoint } from "../adoption/importIds";
import { attributeSet, textAttribute, textListAttribute } from "../adoption/terraformOrigins";
import { kindEntry } from "../kindEntry";
import { definition } from "./definition";
import { operations } from "./operations";

export const entry = kindEntry({
  definition,
  operations,
  importId: (id) => {
    const [serviceId, endpointId] = serviceAndEndpoint(definition.kind, id, "privateEndpointId");
    return { id, properties: { serviceId, endpointId } };
  },
  existing: {
    async list(scope) {
      const services = await scope.services();
      if (!services.some((service) => (service.privateEndpointIds ?? []).length > 0)) return [];
      const organization = await scope.management.organizations.get(scope.organizationId);
      const descriptions = new Map(
        (organization.privateEndpoints ?? []).map((endpoint) => [endpoint.id, endpoint.description ?? ""]),
      );
      return services.flatMap((service) =>
        (service.privateEndpointIds ?? []).map((endpointId) => {
          const id = `${service.id}/${endpointId}`;
          return { id, importId: id, label: descriptions.get(endpointId) || endpointId };
        }),
      );
    },
  },
  terraform: {
    imports: [
      {
        // One attachment resource lists every endpoint of the service; here each endpoint is its own resource.
        type: "clickhouse_service_private_endpoints_attachment",
        source: "docs/resources/service_private_endpoints_attachment.md",
        rule: "`<service_id>/<endpointId>` for each of `private_endpoint_ids`",
        objects: (attributes) => {
          const serviceId = textAttribute(attributes, "service_id");
          return textListAttribute(attributes, "private_endpoint_ids").map((endpointId) => ({
            importId: `${serviceId}/${endpointId}`,
            labelSuffix: endpointId,
            covers: endpointId,
          }));
        },
      },
    ],
    covered: [
      {
        // A PrivateEndpoint registers the endpoint (with its description) and attaches it, in one resource.
        type: "clickhouse_private_endpoint_registration",
        source: "docs/resources/private_endpoint_registration.md",
        rule: "taken over by the PrivateEndpoint resources of an attachment in the same state that lists its endpoint",
        key: (attributes) =>
          textAttribute(
            attributes,
            attributeSet(attributes, "private_endpoint_id") ? "private_endpoint_id" : "id",
          ),
        uncovered:
          "a PrivateEndpoint is a registration together with its attachment to a service, and no " +
          "clickhouse_service_private_endpoints_attachment of this state attaches this endpoint",
      },
    ],
  },
});
