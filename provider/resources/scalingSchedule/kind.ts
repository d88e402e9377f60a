/**
 * Scaling schedules: one per service, imported and named by the service; `export` lists the services that have
 * one.
 */
import { isNotFound } from "../../rest";
import { idOfForm } from "../adoption/importIds";
import type { ExistingObject } from "../adoption/existingObjects";
import { perServiceOrigin } from "../adoption/terraformOrigins";
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
        try {
          const schedule = await scope.management.scalingSchedules.get(scope.organizationId, service.id);
          if (schedule.entries.length === 0) continue;
        } catch (error) {
          // The API's 404: the service has no schedule.
          if (isNotFound(error)) continue;
          throw error;
        }
        const name = typeof service.name === "string" ? service.name : service.id;
        objects.push({
          id: service.id,
          importId: service.id,
          label: `${name} scaling schedule`,
          serviceId: service.id,
        });
      }
      return objects;
    },
  },
  terraform: { imports: [perServiceOrigin("clickhouse_service_scheduled_scaling")] },
});
