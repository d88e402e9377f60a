/** The chart series query of the observability API: its answers, its validation and its not-found. */
import { ANY_DATE_TIME, like, numeric, type CaseIds, type ContractCase } from "../contract";

const charts = "HyperDX packages/api/src/routers/external-api/v2/charts.ts";
const chartsTest = "HyperDX packages/api/src/routers/external-api/__tests__/charts.int.test.ts";
const seriesSchema = "HyperDX packages/api/src/utils/zod.ts (externalQueryChartSeriesSchema)";

// One day in one daily bucket, so that every answer below has exactly one row per series.
const startTime = Date.UTC(2025, 2, 3);
const endTime = startTime + 24 * 3_600_000;

const count = (ids: CaseIds, source = 0) => ({
  sourceId: ids.sources[source].id,
  aggFn: "count",
  where: "",
  groupBy: [],
});
const p95 = (ids: CaseIds) => ({
  sourceId: ids.sources[1].id,
  aggFn: "quantile",
  level: 0.95,
  field: "Duration",
  where: "",
  groupBy: [],
});
const seriesRequest = (body: (ids: CaseIds) => Record<string, unknown>) => ({
  method: "POST" as const,
  path: () => "/api/v2/charts/series",
  body,
});
const day = (series: unknown[], extra: Record<string, unknown> = {}) => ({
  series,
  startTime,
  endTime,
  granularity: "1d",
  ...extra,
});
const invalid = (message: string) => ({ status: 400, body: { message } });

export const cases: ContractCase[] = [
  {
    behaviour:
      "a series answer has one row per bucket with ts_bucket, group ([] ungrouped) and series_<i>.data",
    source: `the documented series answer: ts_bucket and series_<i>.data per bucket; ${charts} (formatCHResult); ${chartsTest}: counts arrive as strings`,
    api: "observability",
    request: seriesRequest((ids) => day([count(ids), p95(ids)])),
    response: {
      status: 200,
      body: {
        data: [
          {
            ts_bucket: startTime,
            group: [],
            "series_0.data": numeric("42"),
            "series_1.data": numeric(118.25),
          },
        ],
      },
    },
    client: { outcome: "ok", resultSchema: "seriesRows" },
  },
  {
    behaviour: "ratio divides nothing: each series keeps its own column",
    source: `${charts}: one query per series; HyperDX common-utils renderChartConfig.ts: a ratio needs two selects in one query`,
    api: "observability",
    request: seriesRequest((ids) => day([count(ids), count(ids, 1)], { seriesReturnType: "ratio" })),
    response: {
      status: 200,
      body: {
        data: [
          { ts_bucket: startTime, group: [], "series_0.data": numeric("9"), "series_1.data": numeric("3") },
        ],
      },
    },
    client: { outcome: "ok", resultSchema: "seriesRows" },
  },
  {
    behaviour: "column answers the database's rows: __hdx_time_bucket and series_<i>, one series per row",
    source: `${charts} (seriesReturnType column); ${chartsTest}: "should return data in column format"`,
    api: "observability",
    request: seriesRequest((ids) => day([count(ids), p95(ids)], { seriesReturnType: "column" })),
    response: {
      status: 200,
      body: {
        data: [
          { __hdx_time_bucket: ANY_DATE_TIME, series_0: numeric("2") },
          { __hdx_time_bucket: ANY_DATE_TIME, series_1: numeric(118.25) },
        ],
      },
    },
    client: { outcome: "ok", resultSchema: "seriesRows" },
  },
  {
    behaviour: "fields of a series the API does not know are ignored",
    source: `${seriesSchema}: a zod object strips unknown keys`,
    api: "observability",
    request: seriesRequest((ids) => day([{ ...count(ids), dataSource: "events", alias: "errors" }])),
    response: {
      status: 200,
      body: { data: [{ ts_bucket: startTime, group: [], "series_0.data": numeric("7") }] },
    },
  },
  {
    behaviour: "a time in seconds is refused: timestamps are milliseconds",
    source: `${charts} (millisecondTimestampSchema)`,
    api: "observability",
    request: seriesRequest((ids) => ({ ...day([count(ids)]), startTime: startTime / 1000 })),
    response: invalid("Body validation failed: startTime: Timestamp must be in milliseconds"),
    client: { outcome: "error", message: /startTime: Timestamp must be in milliseconds/ },
  },
  {
    behaviour: "every series of a query must have the same groupBy",
    source: `${charts} (the series array's refine)`,
    api: "observability",
    request: seriesRequest((ids) =>
      day([
        { ...count(ids), groupBy: ["ServiceName"] },
        { ...count(ids), groupBy: [] },
      ]),
    ),
    response: invalid("Body validation failed: series: All series must have the same groupBy fields"),
  },
  {
    behaviour: "where and groupBy are required in every series",
    source: seriesSchema,
    api: "observability",
    request: seriesRequest((ids) => day([{ sourceId: ids.sources[0].id, aggFn: "count" }])),
    response: {
      status: 400,
      body: {
        message: like(
          /^Body validation failed: series\.0\.where: Required; series\.0\.groupBy: Required$/,
          "Body validation failed: series.0.where: Required; series.0.groupBy: Required",
        ),
      },
    },
  },
  {
    behaviour: "p95 is no aggregate function of the API; quantile with a level is",
    source: `${seriesSchema}; HyperDX common-utils types.ts (AggregateFunctionSchema)`,
    api: "observability",
    request: seriesRequest((ids) => day([{ ...count(ids), aggFn: "p95" }])),
    response: {
      status: 400,
      body: {
        message: like(
          /^Body validation failed: series\.0\.aggFn: /,
          "Body validation failed: series.0.aggFn: Invalid enum value. Expected 'avg' | 'count' | 'count_distinct' | 'last_value' | 'max' | 'min' | 'quantile' | 'sum' | 'any' | 'none' | 'increase', received 'p95'",
        ),
      },
    },
  },
  {
    behaviour: "a sourceId that is no object id is refused",
    source: `${seriesSchema} (objectIdSchema)`,
    api: "observability",
    request: seriesRequest((ids) => day([{ ...count(ids), sourceId: "logs" }])),
    response: invalid("Body validation failed: series.0.sourceId: Invalid ObjectId"),
  },
  {
    behaviour: "an unknown source is a 404 naming the series by its position from 0",
    source: charts,
    api: "observability",
    request: seriesRequest((ids) =>
      day([count(ids), { ...count(ids), sourceId: "65a1f0c2b3d4e5f607182930" }]),
    ),
    response: { status: 404, body: { error: "Source not found for series 1" } },
    // getSeries turns this answer into a SeriesSourceNotFoundError naming series[1] (test/unit/functions/series.test.ts);
    // the replay goes through the bare HTTP client, which has no series to name.
  },
];
