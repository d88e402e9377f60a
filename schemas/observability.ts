/**
 * JSON Schemas of the observability API: request bodies (unknown fields rejected) and the `data` of the
 * responses (extra fields allowed).
 */
import type { SchemaObject } from "ajv";
import { nonEmptyString, nullableDateTime, nullableString, requiredWhen, ruleKeyword } from "./common";
import {
  alertChannelTypes,
  alertSources,
  alertThresholdTypes,
  productionAlertIntervals,
  productionAlertSources,
  specAlertThresholdTypes,
  seriesAggFns,
  seriesGranularities,
  seriesMetricDataTypes,
  seriesReturnTypes,
  seriesWhereLanguages,
} from "./enums";
import { limits } from "./limits";

const alertInterval = {
  type: "string",
  // Any positive whole amount of seconds, minutes, hours or days; the API specification keeps no fixed list.
  pattern: "^[1-9][0-9]*[smhd]$",
  [ruleKeyword]:
    "must be a duration: a positive whole number followed by s, m, h or d (e.g. 30s, 15m, 1h, 1d)",
} as const;

/** Body of POST /api/v2/alerts and of PUT /api/v2/alerts/{id} (a PUT replaces the whole alert). */
const alertCreate = {
  type: "object",
  additionalProperties: false,
  required: ["threshold", "interval", "source", "thresholdType", "channel"],
  properties: {
    threshold: { type: "number" },
    interval: alertInterval,
    source: { enum: [...alertSources] },
    thresholdType: { enum: [...specAlertThresholdTypes] },
    channel: {
      type: "object",
      additionalProperties: false,
      required: ["type", "webhookId"],
      properties: {
        type: { enum: [...alertChannelTypes] },
        webhookId: nonEmptyString,
      },
    },
    dashboardId: { type: "string" },
    tileId: { type: "string" },
    // The real API's name for the saved search an alert of source "search" watches (the API specification omits it).
    savedSearchId: { type: "string" },
    groupBy: { type: "string" },
    name: { type: "string", minLength: 1, maxLength: limits.alert.nameMaxLength },
    message: { type: "string", minLength: 1, maxLength: limits.alert.messageMaxLength },
  },
  // The API specification leaves open which ids each source needs; the real API needs the tile's dashboard and tile, or
  // the saved search.
  allOf: [
    requiredWhen("source", "tile", ["dashboardId", "tileId"]),
    requiredWhen("source", "search", ["savedSearchId"]),
  ],
} as const satisfies SchemaObject;

const channel = alertCreate.properties.channel;

/** The optional fields only the production wire has (HyperDX's external API v2 alertSchema). */
const productionAlertFields = {
  thresholdMax: { type: "number" },
  note: { type: "string", minLength: 1, maxLength: limits.alert.noteMaxLength },
  numConsecutiveWindows: {
    type: "integer",
    minimum: limits.alert.minConsecutiveWindows,
    [ruleKeyword]: `must be a whole number of windows, at least ${limits.alert.minConsecutiveWindows}`,
  },
  scheduleOffsetMinutes: {
    type: "integer",
    minimum: 0,
    maximum: limits.alert.maxScheduleOffsetMinutes,
    [ruleKeyword]: `must be a whole number of minutes from 0 to ${limits.alert.maxScheduleOffsetMinutes}`,
  },
  scheduleStartAt: { type: "string", format: "date-time" },
  channels: { type: "array", minItems: 1, maxItems: limits.alert.maxChannels, items: channel },
} as const;

/**
 * An Alert's inputs as a program writes them, whichever wire its API speaks: the specification's words (`source`
 * `tile` or `search`, any duration as `interval`) and every field of the production wire, optional. Each wire's
 * own limits are checked on top (the production wire's interval list, its threshold range, its schedule).
 */
const alertInputs = {
  ...alertCreate,
  properties: {
    ...alertCreate.properties,
    thresholdType: { enum: [...alertThresholdTypes] },
    ...productionAlertFields,
  },
} as const satisfies SchemaObject;

/** Body of POST and PUT /api/v2/alerts on the production wire (HyperDX's external API v2). */
const alertCreateProduction = {
  ...alertCreate,
  properties: {
    ...alertCreate.properties,
    source: { enum: [...productionAlertSources] },
    interval: {
      enum: [...productionAlertIntervals],
      [ruleKeyword]: `must be one of ${productionAlertIntervals.join(", ")}`,
    },
    thresholdType: { enum: [...alertThresholdTypes] },
    ...productionAlertFields,
  },
  allOf: [
    requiredWhen("source", "tile", ["dashboardId", "tileId"]),
    requiredWhen("source", "saved_search", ["savedSearchId"]),
  ],
} as const satisfies SchemaObject;

const milliseconds = {
  type: "integer",
  minimum: limits.seriesQuery.minTimestampMs,
  [ruleKeyword]:
    "must be a whole number of milliseconds since the epoch, at least 13 digits (e.g. 1700000000000); " +
    "a time in seconds such as 1700000000 is too small",
} as const;

/** A 24-hex-digit object id, the id format of the observability API. */
const objectId = {
  type: "string",
  pattern: "^[0-9a-fA-F]{24}$",
  [ruleKeyword]: "must be a 24-hex-digit object id",
} as const;

/** One series of a query, as the API's validation knows it. */
const seriesDefinition = {
  type: "object",
  // Rejecting fields the API ignores catches typos such as "aggfn" before they silently change the answer.
  additionalProperties: false,
  // The API needs `where` and `groupBy` even when empty ("" and []).
  required: ["sourceId", "aggFn", "where", "groupBy"],
  properties: {
    sourceId: objectId,
    aggFn: { enum: [...seriesAggFns] },
    // The quantile's level; without it a quantile is the median.
    level: { type: "number", minimum: limits.seriesQuery.minLevel, maximum: limits.seriesQuery.maxLevel },
    // The value to aggregate (a column or expression of the source).
    field: { type: "string" },
    where: { type: "string" },
    whereLanguage: { enum: [...seriesWhereLanguages] },
    groupBy: { type: "array", maxItems: limits.seriesQuery.maxGroupBy, items: { type: "string" } },
    metricName: { type: "string" },
    metricDataType: { enum: [...seriesMetricDataTypes] },
  },
} as const;

const seriesQuery = {
  type: "object",
  additionalProperties: false,
  required: ["series", "startTime", "endTime"],
  properties: {
    series: {
      type: "array",
      minItems: limits.seriesQuery.minSeries,
      maxItems: limits.seriesQuery.maxSeries,
      items: seriesDefinition,
    },
    startTime: milliseconds,
    endTime: milliseconds,
    granularity: { enum: [...seriesGranularities] },
    seriesReturnType: { enum: [...seriesReturnTypes] },
  },
} as const satisfies SchemaObject;

/**
 * The alert object, read for what the provider uses and nothing more: only `id`, `threshold` and `interval` must be
 * there; every other field may be absent or null, and enums are read as plain strings, so that a value the API adds
 * later shows as a change to undo rather than a failed read. The ids of what the alert watches come as `dashboard`
 * and `savedSearch` (the names in the API's specification) or as `dashboardId` and `savedSearchId` (newer versions
 * of the API), its team as `team` or `teamId`. `silenced` is an object `{by, at, until}` while a silence is set
 * (absent otherwise); a boolean is accepted too.
 */
const alert = {
  type: "object",
  required: ["id", "threshold", "interval"],
  properties: {
    id: { type: "string" },
    name: nullableString,
    message: nullableString,
    threshold: { type: "number" },
    interval: { type: "string" },
    thresholdType: nullableString,
    source: nullableString,
    state: nullableString,
    channel: {
      type: ["object", "null"],
      properties: {
        type: nullableString,
        webhookId: nullableString,
      },
    },
    channels: {
      type: ["array", "null"],
      items: { type: ["object", "null"], properties: { type: nullableString, webhookId: nullableString } },
    },
    team: nullableString,
    teamId: nullableString,
    tileId: nullableString,
    dashboard: nullableString,
    dashboardId: nullableString,
    savedSearch: nullableString,
    savedSearchId: nullableString,
    groupBy: nullableString,
    note: nullableString,
    thresholdMax: { type: ["number", "null"] },
    numConsecutiveWindows: { type: ["number", "null"] },
    scheduleOffsetMinutes: { type: ["number", "null"] },
    scheduleStartAt: nullableString,
    silenced: {
      type: ["object", "boolean", "null"],
      properties: { by: nullableString, at: nullableString, until: nullableString },
    },
    createdAt: nullableDateTime,
    updatedAt: nullableDateTime,
  },
} as const satisfies SchemaObject;

/** A series value as read: a number, or a number in a string (the API quotes 64-bit integers such as counts). */
const seriesValue = { type: ["number", "string", "null"] } as const;

/**
 * The data array of a series query. By default (and for `ratio`) a row is a time bucket (`ts_bucket`), its
 * `group` and one `series_<i>.data` per series; for `column` the API passes on its database's rows: the bucket
 * as `__hdx_time_bucket` (a date-time string), one `series_<i>` value, and one field per groupBy field.
 */
const seriesRows = {
  type: "array",
  items: {
    type: "object",
    properties: {
      ts_bucket: { type: "number" },
      group: { type: "array" },
      __hdx_time_bucket: { type: "string" },
    },
    patternProperties: {
      "^series_[0-9]+(\\.data)?$": seriesValue,
    },
    if: { type: "object", required: ["__hdx_time_bucket"], properties: { __hdx_time_bucket: true } },
    else: { required: ["ts_bucket"], properties: { ts_bucket: true } },
  },
} as const satisfies SchemaObject;

export const observabilitySchemas = {
  alertCreate,
  alertInputs,
  alertCreateProduction,
  seriesQuery,
  alert,
  seriesRows,
} as const;
