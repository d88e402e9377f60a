/** Services: the organization's ClickHouse Cloud services, imported by their uuid; `export` lists them all. */
import { idOfForm } from "../adoption/importIds";
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
});
