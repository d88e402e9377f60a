/**
 * A service's upgrade window: one per service, imported and named by the service; `export` finds the primary
 * services in scope that have one (a secondary service answers its primary's window, which is not its own).
 */
import { idOfForm } from "../adoption/importIds";
import { isNotFound } from "../../rest";
import { perServiceOrigin } from "../adoption/terraformOrigins";
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
        if (service.isPrimary === false) continue;
        try {
          await scope.management.upgradeWindows.get(scope.organizationId, service.id);
        } catch (error) {
          // The API's 404: no window is configured.
          if (isNotFound(error)) continue;
          throw error;
        }
        const label = `${typeof service.name === "string" ? service.name : service.id} upgrade window`;
        found.push({ id: service.id, importId: service.id, label, serviceId: service.id });
      }
      return found;
    },
  },
  terraform: { imports: [perServiceOrigin("clickhouse_service_upgrade_window")] },
});
