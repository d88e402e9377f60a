/**
 * ClickHouse settings of a service: one resource per service, imported and named by the service. An import manages
 * every setting set on the service; `export` lists the services that have any.
 */
import { idOfForm } from "../adoption/importIds";
import type { ExistingObject } from "../adoption/existingObjects";
import { kindEntry } from "../kindEntry";
import { definition } from "./definition";
import { operations } from "./operations";

export const entry = kindEntry({
  definition,
  operations,
  importId: (id) => ({ id: idOfForm(definition.kind, id, "uuid"), properties: {} }),
  existing: {
    async list(scope) {
      const objects: ExistingObject[] = [];
      for (const service of await scope.services()) {
        const listed = await scope.management.clickhouseSettings.list(scope.organizationId, service.id);
        if (listed.settings.length === 0) continue;
        const name = typeof service.name === "string" ? service.name : service.id;
        objects.push({
          id: service.id,
          importId: service.id,
          label: `${name} clickhouse settings`,
          serviceId: service.id,
        });
      }
      return objects;
    },
  },
  // The Terraform provider has no resource of a service's ClickHouse settings.
  terraform: { imports: [] },
});
