import type { HttpCore } from "../transport/http";
import { ObjectCollection } from "./objectCollection";
import type { Source, SourceRequest } from "./objectModels";

/**
 * Sources: where the data of series, saved searches and tiles lives. A PUT takes the whole source, so `update`
 * sends back every field the request does not set.
 */
export class SourcesApi extends ObjectCollection<SourceRequest, Source> {
  constructor(http: HttpCore, basePath: string) {
    super(http, {
      noun: "source",
      path: `${basePath}/sources`,
      createSchema: "sourceCreate",
      responseSchema: "source",
      paged: false,
    });
  }
}
