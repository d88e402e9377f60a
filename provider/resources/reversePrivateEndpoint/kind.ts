/**
 * Reverse private endpoints: the state records the endpoint's own id and the import names its service too;
 * listed from the services in scope by `export`, and by `orphans` as an interrupted run can leave one.
 */
import { stateRefusedIn } from "../../rest";
import { serviceAndEndpoint } from "../adoption/importIds";
import { optionalText, type ExistingObject } from "../adoption/existingObjects";
import { textAttribute } from "../adoption/terraformOrigins";
import { kindEntry } from "../kindEntry";
import { definition } from "./definition";
import { untilDeleted } from "./deletion";
import { operations } from "./operations";

export const entry = kindEntry({
  definition,
  operations,
  // The resource id is the endpoint's own id; the service is needed to find it.
  importId: (id) => {
    const [serviceId, endpointId] = serviceAndEndpoint(definition.kind, id, "uuid");
    return { id: endpointId, properties: { serviceId } };
  },
  existing: {
    async list(scope) {
      const objects: ExistingObject[] = [];
      for (const serviceId of scope.serviceIds) {
        try {
          const api = scope.management.reversePrivateEndpoints;
          for (const endpoint of await api.list(scope.organizationId, serviceId)) {
            objects.push({
              id: endpoint.id,
              importId: `${serviceId}/${endpoint.id}`,
              label: typeof endpoint.description === "string" ? endpoint.description : "",
              state: optionalText(endpoint.status),
              serviceId,
            });
          }
        } catch (error) {
          // A stopped service is never started to list its endpoints (it was stopped on purpose).
          const state = stateRefusedIn(error);
          if (state === undefined) throw error;
          scope.notListed(`reverse private endpoints of service ${serviceId}: the service is ${state}`);
        }
      }
      return objects;
    },
    async deleteOrphan(scope, object) {
      const api = scope.management.reversePrivateEndpoints;
      const serviceId = object.serviceId!;
      await api.delete(scope.organizationId, serviceId, object.id);
      // The API finishes the deletion later (status Deleting): the command returns once the endpoint is gone.
      await untilDeleted(api, scope.organizationId, serviceId, object.id, scope.clock);
    },
  },
  terraform: {
    imports: [
      {
        type: "clickhouse_clickpipes_reverse_private_endpoint",
        source: "docs/resources/clickpipes_reverse_private_endpoint.md",
        rule: "`<service_id>/<id>`",
        objects: (attributes) => {
          const id = textAttribute(attributes, "id");
          return [{ importId: `${textAttribute(attributes, "service_id")}/${id}`, covers: id }];
        },
      },
    ],
    covered: [
      {
        // The names are an input of the endpoint here (customPrivateDnsNames), which an import reads back.
        type: "clickhouse_clickpipes_reverse_private_endpoint_custom_private_dns",
        source: "docs/resources/clickpipes_reverse_private_endpoint_custom_private_dns.md",
        rule:
          "taken over by the ReversePrivateEndpoint of the same state that imports its endpoint, whose " +
          "customPrivateDnsNames input holds the names",
        key: (attributes) => textAttribute(attributes, "reverse_private_endpoint_id"),
        uncovered:
          "custom private DNS names are an input of a ReversePrivateEndpoint (customPrivateDnsNames), and no " +
          "clickhouse_clickpipes_reverse_private_endpoint of this state imports this endpoint",
      },
    ],
  },
});
