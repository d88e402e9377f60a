/**
 * Private endpoints: one resource per attachment of an endpoint to a service, whose id `<serviceId>/<endpointId>`
 * already names both; `export` finds them on the services in scope.
 */
import { serviceAndEndpoint } from "../adoption/importIds";
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
});
