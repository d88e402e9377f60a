/**
 * Alerts: imported by their object id, or `<serviceId>/<objectId>` on a service's managed ClickStack; listed by
 * `export`, and by `orphans` as an interrupted run can leave one.
 */
import { importedOnClickStack } from "../adoption/importIds";
import { observabilityObjects, optionalText } from "../adoption/existingObjects";
import { clickStackOrigin } from "../adoption/terraformOrigins";
import { kindEntry } from "../kindEntry";
import { definition } from "./definition";
import { operations } from "./operations";

export const entry = kindEntry({
  definition,
  operations,
  importId: importedOnClickStack(definition.kind),
  existing: {
    list: observabilityObjects(
      "alerts",
      (client) => client.alerts.list(),
      (alert) => ({ createdAt: optionalText(alert.createdAt), state: optionalText(alert.state) }),
    ),
    async deleteOrphan(scope, object) {
      if (scope.observability === undefined) throw new Error("no observability API is configured");
      await scope.observability.alerts.delete(object.id);
    },
  },
  terraform: { imports: [clickStackOrigin("alert")] },
});
