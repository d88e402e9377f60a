import type * as pulumi from "@pulumi/pulumi";
import type { SeriesAggFn, SeriesMetricDataType, SeriesWhereLanguage } from "../../schemas";

/** One series of a builder chart: an aggregate of a value expression (none for `count`) with its own filter. */
export interface TileSelectItemArgs {
  aggFn: pulumi.Input<SeriesAggFn>;
  /** The value to aggregate; required unless `aggFn` is `count`, not allowed with it. */
  valueExpression?: pulumi.Input<string>;
  alias?: pulumi.Input<string>;
  /** The quantile's level, with `aggFn` `quantile` only. */
  level?: pulumi.Input<0.5 | 0.9 | 0.95 | 0.99>;
  where?: pulumi.Input<string>;
  whereLanguage?: pulumi.Input<SeriesWhereLanguage>;
  numberFormat?: pulumi.Input<Record<string, unknown>>;
  metricType?: pulumi.Input<SeriesMetricDataType>;
  metricName?: pulumi.Input<string>;
  periodAggFn?: pulumi.Input<"delta">;
}

interface ChartOfSource {
  /** The source (24 hex digits) charted. */
  sourceId: pulumi.Input<string>;
  numberFormat?: pulumi.Input<Record<string, unknown>>;
}

interface TimeChart extends ChartOfSource {
  select: pulumi.Input<pulumi.Input<TileSelectItemArgs>[]>;
  groupBy?: pulumi.Input<string>;
  /** The first series divided by the second: `select` then holds exactly two. */
  asRatio?: pulumi.Input<boolean>;
  alignDateRangeToGranularity?: pulumi.Input<boolean>;
  fillNulls?: pulumi.Input<boolean>;
  formulas?: pulumi.Input<pulumi.Input<Record<string, unknown>>[]>;
  showOperandSeries?: pulumi.Input<boolean>;
  seriesLimit?: pulumi.Input<number>;
}

export interface LineTileConfigArgs extends TimeChart {
  displayType: "line";
  compareToPreviousPeriod?: pulumi.Input<boolean>;
  fitYAxisToData?: pulumi.Input<boolean>;
}

export interface StackedBarTileConfigArgs extends TimeChart {
  displayType: "stacked_bar";
}

/** Bars by category (not over time): one series. */
export interface BarTileConfigArgs extends ChartOfSource {
  displayType: "bar";
  select: pulumi.Input<[pulumi.Input<TileSelectItemArgs>]>;
  groupBy?: pulumi.Input<string>;
  orderBy?: pulumi.Input<string>;
  limit?: pulumi.Input<number>;
}

export interface TableTileConfigArgs extends ChartOfSource {
  displayType: "table";
  select: pulumi.Input<pulumi.Input<TileSelectItemArgs>[]>;
  groupBy?: pulumi.Input<string>;
  having?: pulumi.Input<string>;
  orderBy?: pulumi.Input<string>;
  asRatio?: pulumi.Input<boolean>;
  groupByColumnsOnLeft?: pulumi.Input<boolean>;
  onClick?: pulumi.Input<Record<string, unknown>>;
  formulas?: pulumi.Input<pulumi.Input<Record<string, unknown>>[]>;
  showOperandSeries?: pulumi.Input<boolean>;
}

/** One value: `select` holds one item, unless `formulas` combine several. */
export interface NumberTileConfigArgs extends ChartOfSource {
  displayType: "number";
  select: pulumi.Input<pulumi.Input<TileSelectItemArgs>[]>;
  formulas?: pulumi.Input<pulumi.Input<Record<string, unknown>>[]>;
  color?: pulumi.Input<string>;
  colorRules?: pulumi.Input<pulumi.Input<Record<string, unknown>>[]>;
  backgroundChart?: pulumi.Input<Record<string, unknown>>;
}

/** The rows of a search: `select` is the columns, as text. */
export interface SearchTileConfigArgs {
  displayType: "search";
  sourceId: pulumi.Input<string>;
  select: pulumi.Input<string>;
  where?: pulumi.Input<string>;
  whereLanguage?: pulumi.Input<SeriesWhereLanguage>;
}

export interface MarkdownTileConfigArgs {
  displayType: "markdown";
  markdown?: pulumi.Input<string>;
}

/** Any other display type (pie, heatmap, ...) or a raw SQL tile (`configType: sql`): JSON the API checks. */
export interface OtherTileConfigArgs {
  displayType: pulumi.Input<string>;
  configType?: pulumi.Input<string>;
  [field: string]: unknown;
}

export type TileConfigArgs =
  | LineTileConfigArgs
  | StackedBarTileConfigArgs
  | BarTileConfigArgs
  | TableTileConfigArgs
  | NumberTileConfigArgs
  | SearchTileConfigArgs
  | MarkdownTileConfigArgs
  | OtherTileConfigArgs;

/** A tile of a dashboard on its 24-column grid. */
export interface DashboardTileArgs {
  /** Kept only when the dashboard already has a tile with it; the API gives a new tile an id of its own. */
  id?: pulumi.Input<string>;
  name: pulumi.Input<string>;
  /** Column, 0 to 23. */
  x: pulumi.Input<number>;
  /** Row, from 0. */
  y: pulumi.Input<number>;
  /** Width in columns, 1 to 24. */
  w: pulumi.Input<number>;
  /** Height in rows, from 1. */
  h: pulumi.Input<number>;
  config: pulumi.Input<TileConfigArgs>;
  containerId?: pulumi.Input<string>;
  tabId?: pulumi.Input<string>;
}
