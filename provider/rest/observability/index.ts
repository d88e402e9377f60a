export {
  ObservabilityClient,
  observabilityClient,
  OBSERVABILITY_PROFILE,
  type ObjectCollectionShape,
  type ObservabilityConnection,
} from "./client";
export { AlertsApi } from "./alerts";
export { ChartsApi, SeriesSourceNotFoundError } from "./charts";
export type * from "./models";
export { DashboardsApi } from "./dashboards";
export { ObjectCollection, OBJECT_PAGE_LIMIT, type CollectionShape } from "./objectCollection";
export { SavedSearchesApi } from "./savedSearches";
export { SourcesApi } from "./sources";
export { WebhooksApi } from "./webhooks";
export type * from "./objectModels";
