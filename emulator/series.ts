/**
 * Synthetic chart series: deterministic for the same query (values are hashes of the series definition, the
 * group and the bucket, shaped by a daily wave), with buckets aligned to multiples of the granularity since
 * the epoch. `auto` picks the smallest granularity giving at most 60 buckets.
 */
import { createHash } from "node:crypto";
import type { SeriesAggFn, SeriesGranularity } from "../schemas/enums";

export interface SeriesDefinition {
  sourceId: string;
  aggFn: SeriesAggFn;
  where?: string;
  groupBy?: string[];
}

export interface SeriesQuery {
  series: SeriesDefinition[];
  startTime: number;
  endTime: number;
  granularity?: SeriesGranularity;
  seriesReturnType?: "ratio" | "column";
}

export type SeriesRow = { ts_bucket: number; group?: string[] } & {
  [column: `series_${number}.data`]: number;
};

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

const autoMaxBuckets = 60;
/** Bound on the rows of one answer, so that a 30s granularity over years cannot exhaust memory. */
export const maxBuckets = 10_000;
/** How many synthetic groups a grouped series has per bucket. */
const groupsPerBucket = 3;

export function bucketCount(startTime: number, endTime: number, stepMs: number): number {
  const first = Math.floor(startTime / stepMs) * stepMs;
  return Math.ceil((endTime - first) / stepMs);
}

export function granularityStepMs(query: Pick<SeriesQuery, "startTime" | "endTime" | "granularity">): number {
  if (query.granularity && query.granularity !== "auto") return granularityMs[query.granularity];
  const steps = Object.values(granularityMs);
  return (
    steps.find((step) => bucketCount(query.startTime, query.endTime, step) <= autoMaxBuckets) ??
    steps[steps.length - 1]
  );
}

/** A number in [0, 1) from the hash of `parts`. */
function unitHash(...parts: unknown[]): number {
  const digest = createHash("sha256").update(JSON.stringify(parts)).digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}

const integerAggFns: ReadonlySet<SeriesAggFn> = new Set(["count", "count_distinct", "sum"]);

function seriesValue(definition: SeriesDefinition, group: string[], bucket: number): number {
  const identity = [
    definition.sourceId,
    definition.aggFn,
    definition.where ?? "",
    definition.groupBy ?? [],
    group,
  ];
  const base = 10 + unitHash("base", ...identity) * 990;
  const phase = unitHash("phase", ...identity) * 2 * Math.PI;
  const wave = Math.sin(((bucket % day) / day) * 2 * Math.PI + phase);
  const noise = unitHash("noise", ...identity, bucket) - 0.5;
  const value = base * (1 + 0.25 * wave + 0.15 * noise);
  return integerAggFns.has(definition.aggFn) ? Math.round(value) : Math.round(value * 1000) / 1000;
}

/** The groups of a grouped query: the union of the series' groupBy fields, with synthetic values. */
function groupsOf(series: SeriesDefinition[]): string[][] {
  const fields = [...new Set(series.flatMap((definition) => definition.groupBy ?? []))];
  if (fields.length === 0) return [[]];
  return Array.from({ length: groupsPerBucket }, (_, index) =>
    fields.map((field) => `${field}-${index + 1}`),
  );
}

export function seriesRows(query: SeriesQuery): SeriesRow[] {
  const step = granularityStepMs(query);
  const groups = groupsOf(query.series);
  const rows: SeriesRow[] = [];
  for (let bucket = Math.floor(query.startTime / step) * step; bucket < query.endTime; bucket += step) {
    for (const group of groups) {
      const values = query.series.map((definition) => seriesValue(definition, group, bucket));
      const row: SeriesRow = { ts_bucket: bucket };
      if (group.length > 0) row.group = group;
      if (query.seriesReturnType === "ratio") {
        // A ratio query has exactly two series; the answer is their quotient, 0 when the divisor is 0.
        row["series_0.data"] = values[1] === 0 ? 0 : Math.round((values[0] / values[1]) * 10_000) / 10_000;
      } else {
        values.forEach((value, index) => {
          row[`series_${index}.data`] = value;
        });
      }
      rows.push(row);
    }
  }
  return rows;
}
