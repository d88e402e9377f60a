/**
 * The public types of getSeries and the per-series view it builds from the API's rows: the API
 * answers one row per time bucket (and group) with one `series_<i>.data` column per series; programs usually
 * want one list of points per series instead.
 */
import type * as pulumi from "@pulumi/pulumi";
import type {
  SeriesAggFn,
  SeriesGranularity,
  SeriesMetricDataType,
  SeriesReturnType,
  SeriesWhereLanguage,
} from "../../schemas";
import type { SeriesRow } from "../rest/observability/models";
import type { DeprecatedPercentileAggFn } from "./seriesRequest";

export type { SeriesRow } from "../rest/observability/models";
export type { DeprecatedPercentileAggFn } from "./seriesRequest";

/** One series of a query: an aggregate of a source's events or metrics, optionally filtered and grouped. */
export interface SeriesDefinition {
  /** The source (24-hex-digit id) whose data is aggregated; it must exist. */
  sourceId: string;
  /**
   * The aggregate function: avg, count, count_distinct, last_value, max, min, quantile (at `level`), sum, any,
   * none or increase (for counter metrics). Every function but count needs `field` (or, for a metric source,
   * `metricName`).
   *
   * p50, p90, p95 and p99 are deprecated names, still accepted: they are sent as quantile at level 0.5, 0.9, 0.95
   * or 0.99, with a warning.
   */
  aggFn: SeriesAggFn | DeprecatedPercentileAggFn;
  /** The level of a `quantile`, from 0 to 1 (0.95 for the 95th percentile); without it, the median. Quantile only. */
  level?: number;
  /** The value to aggregate: a column or expression of the source, e.g. `Duration`. */
  field?: string;
  /** A filter on the source's data, e.g. `level:error`; none by default (sent as ""). */
  where?: string;
  /** The language of `where`: lucene (the API's default), sql or promql. */
  whereLanguage?: SeriesWhereLanguage;
  /**
   * Fields to group by, at most 10; each bucket then has one row per group. Every series of a query must have
   * the same groupBy. None by default (sent as []).
   */
  groupBy?: string[];
  /** For a metric source: the metric to read, e.g. `http_requests_total`. */
  metricName?: string;
  /** For a metric source: the kind of metric, gauge, histogram, sum, summary or exponential histogram. */
  metricDataType?: SeriesMetricDataType;
}

/** Arguments of {@link getSeries}: the body of POST /api/v2/charts/series. */
export interface SeriesQueryArgs {
  /** One to five series; `series_<i>.data` of each row belongs to `series[i]`. */
  series: SeriesDefinition[];
  /**
   * Start of the range, in milliseconds since the epoch: a whole number of at least 13 digits (a time in seconds
   * such as 1700000000 is refused).
   */
  startTime: number;
  /** End of the range, in milliseconds since the epoch; must be later than startTime. */
  endTime: number;
  /** Bucket size: 30s, 1m, 5m, 10m, 15m, 30m, 1h, 2h, 6h, 12h, 1d, 2d, 7d, 30d or auto (the API's default). */
  granularity?: SeriesGranularity;
  /**
   * How the API lays out its answer. getSeries reads either into the same rows, so the result looks alike:
   * `column` makes the API send its database's rows, one series per row (rows of different series are not
   * merged); `ratio` is accepted but the API divides nothing, it answers as by default.
   */
  seriesReturnType?: SeriesReturnType;
}

/** {@link SeriesDefinition} with every field an Input, for {@link getSeriesOutput}. */
export interface SeriesDefinitionInput {
  sourceId: pulumi.Input<string>;
  aggFn: pulumi.Input<SeriesAggFn | DeprecatedPercentileAggFn>;
  level?: pulumi.Input<number>;
  field?: pulumi.Input<string>;
  where?: pulumi.Input<string>;
  whereLanguage?: pulumi.Input<SeriesWhereLanguage>;
  groupBy?: pulumi.Input<pulumi.Input<string>[]>;
  metricName?: pulumi.Input<string>;
  metricDataType?: pulumi.Input<SeriesMetricDataType>;
}

/** {@link SeriesQueryArgs} with every field an Input, for {@link getSeriesOutput}. */
export interface SeriesQueryOutputArgs {
  series: pulumi.Input<pulumi.Input<SeriesDefinitionInput>[]>;
  startTime: pulumi.Input<number>;
  endTime: pulumi.Input<number>;
  granularity?: pulumi.Input<SeriesGranularity>;
  seriesReturnType?: pulumi.Input<SeriesReturnType>;
}

/** One value of one series. */
export interface SeriesPoint {
  /** Start of the bucket, in milliseconds since the epoch. */
  ts: number;
  value: number;
  /** The group the value belongs to, when the query groups. */
  group?: Array<string | null>;
}

/** What {@link getSeries} returns. It holds query results only: never a credential. */
export interface SeriesQueryResult {
  /** The API's rows in the order it sent them, read into one shape: one per bucket (and group). */
  rows: SeriesRow[];
  /**
   * The same values per series: `series[i]` holds column `series_<i>.data` as points in row order. A bucket
   * without a value for a series has no point in it.
   */
  series: SeriesPoint[][];
}

/** Builds the result: the rows as read plus one list of points per series. */
export function seriesResult(seriesCount: number, rows: SeriesRow[]): SeriesQueryResult {
  const series = Array.from({ length: seriesCount }, (_, index) =>
    rows.flatMap((row): SeriesPoint[] => {
      const value = row[`series_${index}.data`];
      if (value === undefined) return [];
      return [
        row.group.length > 0 ? { ts: row.ts_bucket, value, group: row.group } : { ts: row.ts_bucket, value },
      ];
    }),
  );
  return { rows, series };
}
