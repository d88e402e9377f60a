/**
 * The series query as the observability API reads it. Its validation is looser than the body the provider
 * sends: unknown fields are ignored, `sourceId` is anything its database driver takes for an object id, and the
 * timestamps are checked in its own words. Then: every series grouped alike, and every source known, the first
 * missing one answered with a 404 naming the series by its position (from 0).
 */
import type { SchemaObject } from "ajv";
import {
  schemas,
  type SeriesAggFn,
  type SeriesGranularity,
  type SeriesMetricDataType,
  type SeriesReturnType,
  type SeriesWhereLanguage,
} from "../../schemas";
import type { ApiDialect } from "../../schemas/dialects";
import type { Problem } from "./problems";
import { ownSchemaProblems } from "./validation";

export interface SeriesDefinition {
  sourceId: string;
  aggFn: SeriesAggFn;
  level?: number;
  field?: string;
  where: string;
  whereLanguage?: SeriesWhereLanguage;
  groupBy: string[];
  metricName?: string;
  metricDataType?: SeriesMetricDataType;
}

export interface SeriesQuery {
  series: SeriesDefinition[];
  startTime: number;
  endTime: number;
  granularity?: SeriesGranularity;
  seriesReturnType?: SeriesReturnType;
}

const shared = schemas.seriesQuery;
const sharedSeries = shared.properties.series;
const sharedDefinition = sharedSeries.items;

const seriesQueryAsRead: SchemaObject = {
  type: "object",
  required: [...shared.required],
  properties: {
    ...shared.properties,
    series: {
      ...sharedSeries,
      items: {
        type: "object",
        required: [...sharedDefinition.required],
        properties: {
          ...sharedDefinition.properties,
          sourceId: { type: "string" },
          // Known to the API's validation, unused by its series route.
          dataSource: { enum: ["events", "metrics"] },
          sortOrder: { enum: ["desc", "asc"] },
        },
      },
    },
    startTime: { type: "number" },
    endTime: { type: "number" },
  },
};

/**
 * HyperDX gives its rule that a query has a series a message of its own (its external API's charts route,
 * `packages/api/src/routers/external-api/v2/charts.ts`); the spec wire words it as every other list length.
 */
export const emptySeriesMessage = "Series array cannot be empty";

/**
 * Every problem of the body, schema first, at most one per field; empty when the API would run the query. The
 * dialect decides only the wording of an empty series list.
 */
export function seriesQueryProblems(body: unknown, dialect: ApiDialect = "spec"): Problem[] {
  const problems = ownSchemaProblems(seriesQueryAsRead, body).map((problem) =>
    dialect === "production" && problem.property === "series" && isEmptyList(body)
      ? { property: "series", message: emptySeriesMessage }
      : problem,
  );
  // A body of null has no fields; the schema has named it (not a JSON object).
  const query = (body ?? {}) as Partial<SeriesQuery>;
  for (const field of ["startTime", "endTime"] as const)
    problems.push(...timestampProblems(field, query[field]));
  const series = Array.isArray(query.series) ? query.series : [];
  series.forEach((definition, index) => {
    const sourceId = (definition as Partial<SeriesDefinition> | null)?.sourceId;
    if (typeof sourceId === "string" && !isObjectId(sourceId)) {
      problems.push({ property: `series.${index}.sourceId`, message: "Invalid ObjectId" });
    }
  });
  // The API compares groupBy only once every series is well formed.
  if (!problems.some((problem) => problem.property.startsWith("series")) && !sameGroupBy(series)) {
    problems.push({ property: "series", message: "All series must have the same groupBy fields" });
  }
  return problems;
}

/** The position of the first series whose source is not among `sourceIds`; ids compare case-insensitively. */
export function firstUnknownSource(query: SeriesQuery, sourceIds: readonly string[]): number | undefined {
  const known = new Set(sourceIds.map((id) => id.toLowerCase()));
  const index = query.series.findIndex((definition) => !known.has(definition.sourceId.toLowerCase()));
  return index < 0 ? undefined : index;
}

export const sourceNotFound = (index: number) => `Source not found for series ${index}`;

/**
 * The API wants whole, positive numbers of at least 13 digits (fewer are seconds, not milliseconds), and names
 * every one of these rules that a number breaks.
 */
function timestampProblems(property: string, value: unknown): Problem[] {
  if (typeof value !== "number") return [];
  const broken = [
    Number.isInteger(value) ? undefined : "Timestamp must be an integer",
    value > 0 ? undefined : "Timestamp must be positive",
    String(value).length >= 13 ? undefined : "Timestamp must be in milliseconds",
  ];
  return broken.flatMap((message) => (message === undefined ? [] : [{ property, message }]));
}

/** 24 hex digits, or any 12-byte string: the API's database driver takes both for an object id. */
function isObjectId(value: string): boolean {
  return /^[0-9a-f]{24}$/i.test(value) || (value.length === 12 && Buffer.byteLength(value) === 12);
}

function isEmptyList(body: unknown): boolean {
  const series = (body as { series?: unknown } | null)?.series;
  return Array.isArray(series) && series.length === 0;
}

function sameGroupBy(series: unknown[]): boolean {
  const groupBys = series.map((definition) => JSON.stringify((definition as SeriesDefinition).groupBy));
  return groupBys.every((groupBy) => groupBy === groupBys[0]);
}
