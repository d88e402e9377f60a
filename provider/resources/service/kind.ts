/** Services: the organization's ClickHouse Cloud services, imported by their uuid; `export` lists them all. */
import { idOfForm } from "../adoption/importIds";
import { textAttribute } from "../adoption/terraformOrigins";
import { kindEntry } from "../kindEntry";
import { definition } from "./definition";
import { operations } from "./operations";

export const entry = kindEntry({
  definition,
  operations,
  importId: (id) => ({ id: idOfForm(definition.kind, id, "uuid"), properties: {} }),
  existing: {
    async list(scope) {
      return (await scope.services()).map((service) => ({
        id: service.id,
        importId: service.id,
        label: typeof service.name === "string" ? service.name : service.id,
      }));
    },
  },
  terraform: {
    imports: [
      {
        type: "clickhouse_service",
        source: "docs/resources/service.md",
        rule: "`id`",
        objects: (attributes) => [{ importId: textAttribute(attributes, "id") }],
      },
    ],
  },
});
