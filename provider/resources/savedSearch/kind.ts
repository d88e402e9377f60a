/** Saved searches: imported by their object id; `export` lists them through the observability API. */
import { importedById } from "../adoption/importIds";
import { observabilityObjects } from "../adoption/existingObjects";
import { kindEntry } from "../kindEntry";
import { definition } from "./definition";
import { operations } from "./operations";

export const entry = kindEntry({
  definition,
  operations,
  importId: importedById(definition.kind, "objectId"),
  existing: { list: observabilityObjects("saved searches", (client) => client.savedSearches.list()) },
});
