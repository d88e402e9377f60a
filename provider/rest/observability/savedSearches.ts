import type { HttpCore } from "../transport/http";
import { ObjectCollection } from "./objectCollection";
import type { SavedSearch, SavedSearchRequest } from "./objectModels";

/**
 * Saved searches, which alerts of source `search` watch. A PUT resets every field it leaves out to its default, so
 * `update` sends back what the request does not set.
 */
export class SavedSearchesApi extends ObjectCollection<SavedSearchRequest, SavedSearch> {
  constructor(http: HttpCore, basePath: string) {
    super(http, {
      noun: "saved search",
      path: `${basePath}/saved-searches`,
      createSchema: "savedSearchCreate",
      responseSchema: "savedSearch",
      paged: true,
    });
  }
}
