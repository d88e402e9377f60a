/** Pulumi functions of this package; they run in the program process. */
export { getSeries, getSeriesOutput } from "./getSeries";
export { getPrivateEndpointConfig, getPrivateEndpointConfigOutput } from "./getPrivateEndpointConfig";
export {
  WireUnavailableError,
  type PrivateEndpointConfigArgs,
  type PrivateEndpointConfigResult,
} from "./privateEndpointConfig";
export type {
  DeprecatedPercentileAggFn,
  SeriesDefinition,
  SeriesDefinitionInput,
  SeriesPoint,
  SeriesQueryArgs,
  SeriesQueryOutputArgs,
  SeriesQueryResult,
  SeriesRow,
} from "./series";
