/**
 * A service's query API endpoint: one per service, imported and named by the service; `export` finds the services
 * in scope that have one.
 */
import { idOfForm } from "../adoption/importIds";
import { isNotFound } from "../../rest";
import { attributeSet, textAttribute } from "../adoption/terraformOrigins";
import { kindEntry } from "../kindEntry";
import { definition } from "./definition";
import { operations } from "./operations";

export const entry = kindEntry({
  definition,
  operations,
  importId: (id) => ({ id: idOfForm(definition.kind, id, "uuid"), properties: { serviceId: id } }),
  existing: {
    async list(scope) {
      const found = [];
      for (const service of await scope.services()) {
        try {
          await scope.management.serviceQueryEndpoints.get(scope.organizationId, service.id);
        } catch (error) {
          // The API's 404: the service has no endpoint.
          if (isNotFound(error)) continue;
          throw error;
        }
        const label = `${typeof service.name === "string" ? service.name : service.id} query endpoint`;
        found.push({ id: service.id, importId: service.id, label, serviceId: service.id });
      }
      return found;
    },
  },
  terraform: {
    imports: [
      {
        // The Terraform provider keeps the endpoint in the service's `query_api_endpoints` attribute.
        type: "clickhouse_service",
        source: "docs/resources/service.md",
        rule: "`id`, when `query_api_endpoints` is set",
        objects: (attributes) =>
          attributeSet(attributes, "query_api_endpoints")
            ? [{ importId: textAttribute(attributes, "id"), labelSuffix: "query endpoint" }]
            : [],
      },
    ],
  },
});
