export {
  ObservabilityClient,
  observabilityClient,
  OBSERVABILITY_PROFILE,
  type ObservabilityConnection,
} from "./client";
export { AlertsApi } from "./alerts";
export { ChartsApi, SeriesSourceNotFoundError } from "./charts";
export type * from "./models";
