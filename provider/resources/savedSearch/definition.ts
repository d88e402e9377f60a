/** The SavedSearch resource: a search of a source that alerts of source `search` watch. */
import type { ResourceDefinition } from "../definition";
import {
  clickstackServiceIdInput,
  clickstackServiceIdOutput,
  createdAtOutput,
  keptWhenUnset,
  observabilityConfiguration,
  observabilityObjectId,
  requiredInPlace,
  updatedAtOutput,
} from "../fields/observabilityFields";
import { stringOutput } from "../fields/sharedFields";
import { newFiltersAreFacets } from "./rules";

export const definition: ResourceDefinition<"savedSearchCreate"> = {
  kind: "SavedSearch",
  module: "observability",
  description:
    "A saved search of the observability API: a query of one source, which an `Alert` with source `search` " +
    "watches (`savedSearchId: search.id`). Every input updates it in place. The API's PUT resets what it leaves " +
    "out, so an update first reads the search and sends back every field the program does not set. Deleting it " +
    "deletes the alerts on it. " +
    observabilityConfiguration,
  notes: "an update keeps the fields the program leaves out; deleting it deletes its alerts",
  id: observabilityObjectId("saved search"),
  requestSchema: "savedSearchCreate",
  rules: [newFiltersAreFacets],
  inputs: {
    name: requiredInPlace("The search's name, 1 to 1024 characters."),
    sourceId: requiredInPlace("The source (24 hex digits) searched, e.g. a `Source`'s id."),
    select: keptWhenUnset("The columns shown, at most 4096 characters."),
    where: keptWhenUnset("The filter, in `whereLanguage`, at most 8192 characters."),
    whereLanguage: keptWhenUnset("`lucene` (the API's default) or `sql`."),
    orderBy: keptWhenUnset("The order of the results, at most 1024 characters."),
    tags: keptWhenUnset("At most 50 tags of at most 32 characters."),
    filters: keptWhenUnset(
      "Pinned filters: `{type: sql, condition}` with one `IN`, `NOT IN` or `BETWEEN` predicate on one column (the " +
        "API refuses other new filters), at most 100.",
    ),
    clickstackServiceId: clickstackServiceIdInput,
  },
  outputs: {
    name: stringOutput("The search's name.", { alwaysSet: true }),
    sourceId: stringOutput("The source searched."),
    select: stringOutput("The columns shown."),
    where: stringOutput("The filter."),
    whereLanguage: stringOutput("`lucene` or `sql`."),
    orderBy: stringOutput("The order of the results."),
    tags: { description: "The tags.", schema: { type: "array", items: { type: "string" } } },
    filters: { description: "The pinned filters.", schema: { type: "array", items: { type: "object" } } },
    teamId: stringOutput("The team that owns the search."),
    createdAt: createdAtOutput,
    updatedAt: updatedAtOutput,
    clickstackServiceId: clickstackServiceIdOutput,
  },
};
