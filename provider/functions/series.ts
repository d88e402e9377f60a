/**
 * The public types of getSeries and the per-series view it builds from the API's rows (seed 2.6): the API
 * answers one row per time bucket with one `series_<i>.data` column per series; programs usually want one list
 * of points per series instead.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { SeriesAggFn, SeriesGranularity, SeriesReturnType } from "../../schemas";

/** One series of a query: an aggregate of a source's events, optionally filtered and grouped. */
export interface SeriesDefinition {
  /** The source (24-hex-digit id) whose events are aggregated; it must exist. */
  sourceId: string;
  /** The aggregate function: count, sum, avg, min, max, count_distinct, p50, p90, p95 or p99. */
  aggFn: SeriesAggFn;
  /** A filter expression on the source's events, e.g. `level:error`. */
  where?: string;
  /** Fields to group by; each bucket then has one row per group. */
  groupBy?: string[];
}

/** Arguments of {@link getSeries}: the body of POST /api/v2/charts/series. */
export interface SeriesQueryArgs {
  /** One to five series; `series_<i>.data` of each row belongs to `series[i]`. */
  series: SeriesDefinition[];
  /** Start of the range, in milliseconds since the epoch (a whole number, at least 0). */
  startTime: number;
  /** End of the range, in milliseconds since the epoch; must be later than startTime. */
  endTime: number;
  /** Bucket size: 30s, 1m, 5m, 10m, 15m, 30m, 1h, 2h, 6h, 12h, 1d, 2d, 7d, 30d or auto (the API's default). */
  granularity?: SeriesGranularity;
  /** `column` (one value per series) or `ratio` (exactly two series; one value, the first over the second). */
  seriesReturnType?: SeriesReturnType;
}

/** {@link SeriesDefinition} with every field an Input, for {@link getSeriesOutput}. */
export interface SeriesDefinitionInput {
  sourceId: pulumi.Input<string>;
  aggFn: pulumi.Input<SeriesAggFn>;
  where?: pulumi.Input<string>;
  groupBy?: pulumi.Input<pulumi.Input<string>[]>;
}

/** {@link SeriesQueryArgs} with every field an Input, for {@link getSeriesOutput}. */
export interface SeriesQueryOutputArgs {
  series: pulumi.Input<pulumi.Input<SeriesDefinitionInput>[]>;
  startTime: pulumi.Input<number>;
  endTime: pulumi.Input<number>;
  granularity?: pulumi.Input<SeriesGranularity>;
  seriesReturnType?: pulumi.Input<SeriesReturnType>;
}

/** One row of the API's answer: a time bucket and one value per series column. */
export interface SeriesRow {
  /** Start of the bucket, in milliseconds since the epoch. */
  ts_bucket: number;
  /** The group's values, in groupBy order, when the query groups; a bucket then has one row per group. */
  group?: string[];
  /** The value of series i in this bucket (and group). */
  [column: `series_${number}.data`]: number | undefined;
}

/** One value of one series. */
export interface SeriesPoint {
  /** Start of the bucket, in milliseconds since the epoch. */
  ts: number;
  value: number;
  /** The group the value belongs to, when the query groups. */
  group?: string[];
}

/** What {@link getSeries} returns. It holds query results only: never a credential. */
export interface SeriesQueryResult {
  /** The API's rows as returned, one per bucket (and group), oldest first. */
  rows: SeriesRow[];
  /**
   * The same values per series: `series[i]` holds column `series_<i>.data` as points in row order. A `ratio`
   * query has a single column (the quotient), so `series` then has one element; a bucket without a value for a
   * series has no point in it.
   */
  series: SeriesPoint[][];
}

/** Builds the result: the rows as returned plus one list of points per returned column. */
export function seriesResult(query: SeriesQueryArgs, rows: SeriesRow[]): SeriesQueryResult {
  const columns = query.seriesReturnType === "ratio" ? 1 : query.series.length;
  const series = Array.from({ length: columns }, (_, index) =>
    rows.flatMap((row): SeriesPoint[] => {
      const value = row[`series_${index}.data`];
      if (typeof value !== "number") return [];
      return [
        Array.isArray(row.group)
          ? { ts: row.ts_bucket, value, group: row.group }
          : { ts: row.ts_bucket, value },
      ];
    }),
  );
  return { rows, series };
}
