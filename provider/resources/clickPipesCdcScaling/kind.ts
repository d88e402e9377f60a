/**
 * A service's CDC ClickPipes compute: one per service, imported and named by the service; `export` finds the services
 * in scope that have one (those with a database pipe).
 */
import { ApiError, stateRefusedIn } from "../../rest";
import { idOfForm } from "../adoption/importIds";
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
        try {
          await scope.management.clickPipes.cdcScaling(scope.organizationId, service.id);
        } catch (error) {
          // The API's 400: the service has no database pipe, so no CDC compute.
          if (error instanceof ApiError && error.status === 400) continue;
          const state = stateRefusedIn(error);
          if (state === undefined) throw error;
          scope.notListed(`the ClickPipes CDC scaling of service ${service.id}: the service is ${state}`);
          continue;
        }
        const label = `${typeof service.name === "string" ? service.name : service.id} CDC scaling`;
        found.push({ id: service.id, importId: service.id, label, serviceId: service.id });
      }
      return found;
    },
  },
  terraform: { imports: [perServiceOrigin("clickhouse_clickpipe_cdc_infrastructure")] },
});
