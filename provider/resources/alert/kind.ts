/**
 * Alerts: imported by their object id, or `<serviceId>/<objectId>` on a service's managed ClickStack; listed by
 * `export`, and by `orphans` as an interrupted run can leave one.
 */
import { importedOnClickStack } from "../adoption/importIds";
import { noObservabilityApi, optionalText } from "../adoption/existingObjects";
import { clickStackOrigin } from "../adoption/terraformOrigins";
import { kindEntry } from "../kindEntry";
import { definition } from "./definition";
import { operations } from "./operations";

export const entry = kindEntry({
  definition,
  operations,
  importId: importedOnClickStack(definition.kind),
  existing: {
    async list(scope) {
      if (scope.observability === undefined) {
        scope.notListed(noObservabilityApi("alerts"));
        return [];
      }
      return (await scope.observability.alerts.list()).map((alert) => ({
        id: alert.id,
        importId: alert.id,
        label: typeof alert.name === "string" ? alert.name : "",
        createdAt: optionalText(alert.createdAt),
        state: optionalText(alert.state),
      }));
    },
    async deleteOrphan(scope, object) {
      if (scope.observability === undefined) throw new Error("no observability API is configured");
      await scope.observability.alerts.delete(object.id);
    },
  },
  terraform: { imports: [clickStackOrigin("alert")] },
});
