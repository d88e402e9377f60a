/** Pulumi functions of this package; they run in the program process. */
export { getSeries, getSeriesOutput } from "./getSeries";
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
