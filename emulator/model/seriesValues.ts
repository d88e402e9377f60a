/**
 * Synthetic chart series: deterministic for the same query (values are hashes of the series definition, the
 * group and the bucket, shaped by a daily wave), with buckets aligned to multiples of the granularity since the
 * epoch. The layout follows the observability API: each series is queried on its own, then
 * - by default (and for `ratio`, which divides nothing there) rows of the same bucket and group are merged into
 *   `{ts_bucket, group, "series_<i>.data"...}`, `group` always present ([] without groupBy);
 * - for `column` the database's rows come as they are: `{__hdx_time_bucket, series_<i>, <groupBy field>...}`,
 *   all of series 0 first, then series 1, and so on.
 * Where the API's database quotes 64-bit integers in JSON (the production wire: HyperDX sets
 * `output_format_json_quote_64bit_integers=1`), counts (UInt64 in ClickHouse) come as strings of digits; every
 * other value is a JSON number.
 */
import { createHash } from "node:crypto";
import type { SeriesGranularity } from "../../schemas/enums";
import type { SeriesDefinition, SeriesQuery } from "./series";

/** A series value: a number, or a count in a string where the database quotes 64-bit integers. */
export type SeriesValue = number | string;

export type BucketRow = { ts_bucket: number; group: string[] } & {
  [column: `series_${number}.data`]: SeriesValue;
};

/** How the answer writes its values. */
export interface SeriesAnswerStyle {
  /** Counts as strings of digits, as a database that quotes 64-bit integers prints them. */
  readonly quoteCounts: boolean;
}

export type DatabaseRow = Record<string, string | number>;

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

const granularityMs: Record<Exclude<SeriesGranularity, "auto">, number> = {
  "30s": 30 * second,
  "1m": minute,
  "5m": 5 * minute,
  "10m": 10 * minute,
  "15m": 15 * minute,
  "30m": 30 * minute,
  "1h": hour,
  "2h": 2 * hour,
  "6h": 6 * hour,
  "12h": 12 * hour,
  "1d": day,
  "2d": 2 * day,
  "7d": 7 * day,
  "30d": 30 * day,
};

/**
 * What `auto` chooses from: the smallest step that is at least a sixtieth of the range. It starts at 15 seconds
 * and skips 10 minutes, so every step is a multiple of all smaller ones.
 */
const autoSteps = [15 * second, ...Object.values(granularityMs).filter((step) => step !== 10 * minute)];
const autoMaxBuckets = 60;
/** Bound on the rows of one answer, so that a 30s granularity over years cannot exhaust memory. */
export const maxBuckets = 10_000;
/** How many synthetic groups a grouped series has per bucket. */
const groupsPerBucket = 3;

export function bucketCount(startTime: number, endTime: number, stepMs: number): number {
  if (endTime <= startTime) return 0;
  const first = Math.floor(startTime / stepMs) * stepMs;
  return Math.ceil((endTime - first) / stepMs);
}

export function granularityStepMs(query: Pick<SeriesQuery, "startTime" | "endTime" | "granularity">): number {
  if (query.granularity && query.granularity !== "auto") return granularityMs[query.granularity];
  const rangeSeconds = Math.floor((query.endTime - query.startTime) / second);
  const stepSeconds = Math.ceil(rangeSeconds / autoMaxBuckets);
  return autoSteps.find((step) => stepSeconds * second <= step) ?? 30 * day;
}

/** A number in [0, 1) from the hash of `parts`. */
function unitHash(...parts: unknown[]): number {
  const digest = createHash("sha256").update(JSON.stringify(parts)).digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}

const integerAggFns: ReadonlySet<string> = new Set(["count", "count_distinct", "sum"]);
/** The functions whose result is a UInt64 in ClickHouse (count(), uniq()), whatever the field. */
const countAggFns: ReadonlySet<string> = new Set(["count", "count_distinct"]);

function seriesValue(
  definition: SeriesDefinition,
  group: string[],
  bucket: number,
  style: SeriesAnswerStyle,
): SeriesValue {
  const value = plainSeriesValue(definition, group, bucket);
  return style.quoteCounts && countAggFns.has(definition.aggFn) ? String(value) : value;
}

function plainSeriesValue(definition: SeriesDefinition, group: string[], bucket: number): number {
  // The level stays out: the quantiles of one series share a shape and grow with the level.
  const identity = [
    definition.sourceId.toLowerCase(),
    definition.aggFn,
    definition.field ?? "",
    definition.where,
    definition.whereLanguage ?? "lucene",
    definition.metricName ?? "",
    definition.metricDataType ?? "",
    definition.groupBy,
    group,
  ];
  const base = 10 + unitHash("base", ...identity) * 990;
  const phase = unitHash("phase", ...identity) * 2 * Math.PI;
  const wave = Math.sin(((bucket % day) / day) * 2 * Math.PI + phase);
  const noise = unitHash("noise", ...identity, bucket) - 0.5;
  const value = base * (1 + 0.25 * wave + 0.15 * noise);
  if (integerAggFns.has(definition.aggFn)) return Math.round(value);
  const quantileScale = definition.aggFn === "quantile" ? 0.5 + (definition.level ?? 0.5) : 1;
  return Math.round(value * quantileScale * 1000) / 1000;
}

/** The groups of a query (every series groups alike): synthetic values of its groupBy fields. */
function groupsOf(groupBy: string[]): string[][] {
  if (groupBy.length === 0) return [[]];
  return Array.from({ length: groupsPerBucket }, (_, index) =>
    groupBy.map((field) => `${field}-${index + 1}`),
  );
}

function bucketsOf(query: SeriesQuery): number[] {
  const step = granularityStepMs(query);
  const buckets: number[] = [];
  if (query.endTime <= query.startTime) return buckets;
  for (let bucket = Math.floor(query.startTime / step) * step; bucket < query.endTime; bucket += step) {
    buckets.push(bucket);
  }
  return buckets;
}

export function seriesRows(query: SeriesQuery, style: SeriesAnswerStyle): BucketRow[] | DatabaseRow[] {
  return query.seriesReturnType === "column" ? databaseRows(query, style) : bucketRows(query, style);
}

function bucketRows(query: SeriesQuery, style: SeriesAnswerStyle): BucketRow[] {
  const groups = groupsOf(query.series[0].groupBy);
  return bucketsOf(query).flatMap((bucket) =>
    groups.map((group) => {
      const row: BucketRow = { ts_bucket: bucket, group };
      query.series.forEach((definition, index) => {
        row[`series_${index}.data`] = seriesValue(definition, group, bucket, style);
      });
      return row;
    }),
  );
}

function databaseRows(query: SeriesQuery, style: SeriesAnswerStyle): DatabaseRow[] {
  const groupBy = query.series[0].groupBy;
  const groups = groupsOf(groupBy);
  const buckets = bucketsOf(query);
  return query.series.flatMap((definition, index) =>
    buckets.flatMap((bucket) =>
      groups.map((group) => {
        // The database prints a bucket's start as an ISO date-time in UTC, to the second.
        const row: DatabaseRow = { __hdx_time_bucket: new Date(bucket).toISOString().replace(".000Z", "Z") };
        groupBy.forEach((field, position) => {
          row[field] = group[position];
        });
        row[`series_${index}`] = seriesValue(definition, group, bucket, style);
        return row;
      }),
    ),
  );
}
