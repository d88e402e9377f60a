/**
 * Reads the rows of a series answer into one shape, whatever the API sent:
 * - by default (and for `ratio`): `{ts_bucket, group, "series_<i>.data"}` per bucket and group;
 * - for `column`: its database's rows as they came, `{__hdx_time_bucket, series_<i>, <groupBy field>...}`, one
 *   series per row.
 * Values may be numbers or numbers in strings (the API quotes 64-bit integers such as counts); both are read as
 * numbers. Fields this package does not use are ignored.
 */
import type { RawSeriesRow, SeriesQueryRequest, SeriesRow } from "./models";

const bucketColumn = /^series_(\d+)\.data$/;
const databaseColumn = /^series_(\d+)$/;
/** A date-time without a zone, as a database prints it in its own (UTC) time zone: "2025-03-03 00:00:00". */
const zonelessDateTime = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d+)?$/;

export function readSeriesRows(rows: RawSeriesRow[], request: SeriesQueryRequest): SeriesRow[] {
  const groupBy = request.series[0]?.groupBy ?? [];
  return rows.map((row) => ("ts_bucket" in row ? readBucketRow(row) : readDatabaseRow(row, groupBy)));
}

function readBucketRow(row: RawSeriesRow): SeriesRow {
  const read: SeriesRow = {
    ts_bucket: row.ts_bucket as number,
    group: Array.isArray(row.group) ? row.group.map(groupValue) : [],
  };
  copyValues(row, bucketColumn, read);
  return read;
}

function readDatabaseRow(row: RawSeriesRow, groupBy: string[]): SeriesRow {
  const read: SeriesRow = {
    ts_bucket: bucketStart(row.__hdx_time_bucket),
    group: groupBy.map((field) => groupValue(row[field])),
  };
  copyValues(row, databaseColumn, read);
  return read;
}

/** Copies every series value of `row` whose name matches `column` to `series_<i>.data` of `read`. */
function copyValues(row: RawSeriesRow, column: RegExp, read: SeriesRow): void {
  for (const [name, value] of Object.entries(row)) {
    const match = column.exec(name);
    if (match === null) continue;
    const number = numberOf(value);
    if (number !== undefined) read[`series_${Number(match[1])}.data`] = number;
  }
}

/** A number, or a string holding one; anything else (null, "", "nan") is no value. */
function numberOf(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

function groupValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "object") return JSON.stringify(value);
  // Strings, numbers and booleans: what a JSON body can hold besides objects and arrays.
  return String(value as string | number | boolean);
}

function bucketStart(value: unknown): number {
  const text = String(value);
  const ms = Date.parse(zonelessDateTime.test(text) ? `${text.replace(" ", "T")}Z` : text);
  if (Number.isNaN(ms)) {
    throw new Error(
      `the series answer has a row whose __hdx_time_bucket is not a date-time: ${JSON.stringify(value)}`,
    );
  }
  return ms;
}
