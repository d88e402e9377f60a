/**
 * Dashboards: imported by their object id, or `<serviceId>/<objectId>` on a service's managed ClickStack; `export`
 * lists them through the observability API.
 */
import { importedOnClickStack } from "../adoption/importIds";
import { observabilityObjects } from "../adoption/existingObjects";
import { clickStackOrigin } from "../adoption/terraformOrigins";
import { kindEntry } from "../kindEntry";
import { definition } from "./definition";
import { operations } from "./operations";

export const entry = kindEntry({
  definition,
  operations,
  importId: importedOnClickStack(definition.kind),
  existing: { list: observabilityObjects("dashboards", (client) => client.dashboards.list()) },
  terraform: { imports: [clickStackOrigin("dashboard")] },
});
