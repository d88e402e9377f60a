/**
 * Request and response models of the observability API. Field names are exactly the API's. Beyond creating an
 * alert and querying series, the real API lists, gets, replaces (PUT) and deletes alerts, and a search alert names
 * its saved search as `savedSearchId` (reported back as `savedSearch`).
 */
import type {
  AlertChannelType,
  AlertSource,
  AlertThresholdType,
  SeriesAggFn,
  SeriesGranularity,
  SeriesMetricDataType,
  SeriesReturnType,
  SeriesWhereLanguage,
} from "../../../schemas";

// ---- alerts: POST, GET, PUT and DELETE /api/v2/alerts ----

export interface AlertChannel {
  type: AlertChannelType;
  webhookId: string;
}

/**
 * Body of POST /api/v2/alerts, and of PUT /api/v2/alerts/{id}, which replaces the whole alert, in the program's words
 * (`source` `search` for a saved search; the production wire sends it as `saved_search`). The fields after
 * `message` exist on the production wire only.
 */
export interface AlertCreateRequest {
  threshold: number;
  /** A duration such as 15m or 1h. */
  interval: string;
  source: AlertSource;
  /** `above` or `below` on both wires; the others on the production wire only. */
  thresholdType: AlertThresholdType;
  channel: AlertChannel;
  /** Required with source "tile". */
  dashboardId?: string;
  /** Required with source "tile". */
  tileId?: string;
  /** Required with source "search". */
  savedSearchId?: string;
  /** With source "search". */
  groupBy?: string;
  name?: string;
  message?: string;
  /** The upper end of a `between` or `not_between` range. */
  thresholdMax?: number;
  note?: string;
  numConsecutiveWindows?: number;
  /** Minutes after each interval boundary the alert is evaluated at; below the interval. */
  scheduleOffsetMinutes?: number;
  /** An ISO 8601 date-time the evaluation windows start from. */
  scheduleStartAt?: string;
  /** Every channel, the first one the same as `channel`. */
  channels?: AlertChannel[];
}

/** A silence set on an alert (in the API's UI, or by its internal API): notifications stop until `until`. */
export interface AlertSilence {
  /** The user who set it. */
  by?: string | null;
  /** When it was set (ISO 8601). */
  at?: string | null;
  /** When it ends (ISO 8601). */
  until?: string | null;
}

/**
 * The alert as the API returns it. Ids of what it watches appear only for the matching source; fields may be
 * absent or null. Versions of the API differ in names (`dashboard` or `dashboardId`, `savedSearch` or
 * `savedSearchId`, `team` or `teamId`) and newer ones add fields (`channels`, `note`, ...) that are not read.
 */
export interface Alert {
  id: string;
  name?: string | null;
  message?: string | null;
  threshold: number;
  interval: string;
  thresholdType?: string | null;
  source?: string | null;
  /** "inactive" when new. */
  state?: string | null;
  channel?: { type?: string | null; webhookId?: string | null } | null;
  /** Newer versions: every channel, the first one mirrored in `channel`. */
  channels?: Array<{ type?: string | null; webhookId?: string | null } | null> | null;
  team?: string | null;
  teamId?: string | null;
  tileId?: string | null;
  /** The dashboard's id. */
  dashboard?: string | null;
  dashboardId?: string | null;
  /** The saved search's id. */
  savedSearch?: string | null;
  savedSearchId?: string | null;
  groupBy?: string | null;
  /** Production wire: the fields an alert may have beyond the specification's. */
  note?: string | null;
  thresholdMax?: number | null;
  numConsecutiveWindows?: number | null;
  scheduleOffsetMinutes?: number | null;
  scheduleStartAt?: string | null;
  /** An object while a silence is set, absent otherwise (a boolean is accepted too). */
  silenced?: AlertSilence | boolean | null;
  createdAt?: string | null;
  updatedAt?: string | null;
}

// ---- chart series: POST /api/v2/charts/series ----

/** One series as sent: every field the API's validation knows; `where` and `groupBy` are required by it. */
export interface SeriesDefinition {
  sourceId: string;
  aggFn: SeriesAggFn;
  /** The quantile's level, 0 to 1 (quantile only). */
  level?: number;
  /** The value to aggregate. */
  field?: string;
  /** Filter expression; "" for none. */
  where: string;
  whereLanguage?: SeriesWhereLanguage;
  /** Fields to group by, the same for every series of a query; [] for none. */
  groupBy: string[];
  metricName?: string;
  metricDataType?: SeriesMetricDataType;
}

export interface SeriesQueryRequest {
  /** One to five series. */
  series: SeriesDefinition[];
  /** Milliseconds since the epoch. */
  startTime: number;
  /** Milliseconds since the epoch. */
  endTime: number;
  granularity?: SeriesGranularity;
  seriesReturnType?: SeriesReturnType;
}

/** A row of the series answer as the API sends it; {@link SeriesRow} is how the client hands it on. */
export type RawSeriesRow = Record<string, unknown>;

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
