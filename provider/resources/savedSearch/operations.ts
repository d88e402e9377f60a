/** Creates, reads, updates (read, merge, PUT) and deletes saved searches. */
import type { SavedSearch, SavedSearchRequest } from "../../rest/observability";
import { requestBodyFor } from "../derive/requestBody";
import { apiObjectOperations } from "../lifecycle/apiObjectLifecycle";
import { definition } from "./definition";
import type { SavedSearchInputs, SavedSearchOutputs } from "./shapes";

const savedSearchRequest = requestBodyFor(definition);

export const operations = apiObjectOperations<
  SavedSearchInputs,
  SavedSearchOutputs,
  SavedSearchRequest,
  SavedSearch
>({
  what: (inputs) => `saved search "${inputs.name}"`,
  collection: (client) => client.savedSearches,
  request: (inputs) => savedSearchRequest(inputs),
  outputs: (_recorded, shown) => ({
    name: shown.name,
    sourceId: shown.sourceId ?? undefined,
    select: shown.select ?? undefined,
    where: shown.where ?? undefined,
    whereLanguage: shown.whereLanguage ?? undefined,
    orderBy: shown.orderBy ?? undefined,
    tags: shown.tags ?? undefined,
    filters: shown.filters ?? undefined,
    teamId: shown.teamId ?? undefined,
    createdAt: shown.createdAt ?? undefined,
    updatedAt: shown.updatedAt ?? undefined,
  }),
  newness: "createdAt",
  sentFields: ["name", "sourceId", "where", "select"],
});
