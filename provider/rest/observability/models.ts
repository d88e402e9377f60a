/**
 * Request and response models of the observability API, with the API's field names. Each is the type of its JSON
 * Schema in `schemas/observability.ts` (`../schemaTypes.ts`, generated from it), under the name the clients use; a
 * response type states what its schema checks, and any other field is `unknown`. Beyond creating an alert and
 * querying series, the real API lists, gets, replaces (PUT) and deletes alerts, and a search alert names its saved
 * search as `savedSearchId` (reported back as `savedSearch`).
 */
import type { AlertChannelType } from "../../../schemas";
import type { Holds, Same } from "../sameType";
import type { AlertInputsSchema, AlertSchema, SeriesQuerySchema, SeriesRowsSchema } from "../schemaTypes";

// ---- alerts: POST, GET, PUT and DELETE /api/v2/alerts ----

/**
 * Where an alert notifies. Written by hand for its documentation, which programs see (the Alert class's `channel`);
 * `Holds<Same<...>>` below ties it to the schema's `channel`.
 */
export interface AlertChannel {
  type: AlertChannelType;
  webhookId: string;
}

/** `AlertChannel` is the schema's `channel`: this type fails to compile when they differ. */
export type AlertChannelIsTheSchemas = Holds<Same<AlertChannel, AlertInputsSchema["channel"]>>;

/**
 * Body of POST /api/v2/alerts, and of PUT /api/v2/alerts/{id}, which replaces the whole alert, in the program's words
 * (`source` `search` for a saved search; the production wire sends it as `saved_search`): the schema `alertInputs`.
 * `thresholdMax` and the fields after it exist on the production wire only; which ids a source needs is a condition
 * validation checks.
 */
export type AlertCreateRequest = AlertInputsSchema;

/**
 * The alert as the API returns it. Ids of what it watches appear only for the matching source; fields may be
 * absent or null. Versions of the API differ in names (`dashboard` or `dashboardId`, `savedSearch` or
 * `savedSearchId`, `team` or `teamId`) and newer ones add fields (`channels`, `note`, ...). `silenced` is an object
 * while a silence is set (in the API's UI, or by its internal API), absent otherwise; a boolean is accepted too.
 */
export type Alert = AlertSchema;

// ---- chart series: POST /api/v2/charts/series ----

/** One series as sent: every field the API's validation knows; `where` and `groupBy` are required by it. */
export type SeriesDefinition = SeriesQuerySchema["series"][number];

/** One to five series, between two times in milliseconds since the epoch. */
export type SeriesQueryRequest = SeriesQuerySchema;

/** A row of the series answer as the API sends it; {@link SeriesRow} is how the client hands it on. */
export type RawSeriesRow = SeriesRowsSchema[number];

/*
 * No schema states the type below: it is the client's reading of a row, not what the API sends.
 */

/**
 * One row of a series answer: a time bucket, its group and one value per series column. Values the API sends as
 * strings (it quotes 64-bit integers such as counts) are numbers here; a value that is missing, null or not a
 * number leaves its column out.
 */
export interface SeriesRow {
  /** Start of the bucket, in milliseconds since the epoch. */
  ts_bucket: number;
  /**
   * The values of the groupBy fields for this row, in groupBy order; empty when the query does not group.
   * A value the database holds as NULL is null; other values are strings.
   */
  group: Array<string | null>;
  /** The value of series i in this bucket (and group). */
  [column: `series_${number}.data`]: number | undefined;
}
