export {
  ObservabilityClient,
  observabilityClient,
  OBSERVABILITY_PROFILE,
  type ObservabilityConnection,
} from "./client";
export { AlertsApi } from "./alerts";
export { ChartsApi } from "./charts";
export type * from "./models";
