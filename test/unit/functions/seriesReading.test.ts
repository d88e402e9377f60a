/**
 * What getSeries makes of the API's rows and what it sends for a program's arguments, without a server: the rows
 * below are written as the real API sends them (numbers quoted as strings, the `column` layout of its database).
 */
import { expect } from "chai";
import { seriesResult, type SeriesRow } from "../../../provider/functions/series";
import { buildSeriesRequest } from "../../../provider/functions/seriesRequest";
import type { SeriesQueryRequest } from "../../../provider/rest/observability/models";
import { readSeriesRows } from "../../../provider/rest/observability/seriesRows";

const sourceId = "65f5e4a3b9e77c001a123456";
const request = (groupBy: string[] = [], seriesCount = 1): SeriesQueryRequest => ({
  series: Array.from({ length: seriesCount }, () => ({ sourceId, aggFn: "count", where: "", groupBy })),
  startTime: 1_740_960_000_000,
  endTime: 1_741_046_400_000,
});

describe("getSeries: reading the API's rows", () => {
  it("reads values sent as strings as numbers, and drops null, empty and non-numeric ones", () => {
    const rows = readSeriesRows(
      [
        { ts_bucket: 1_740_960_000_000, group: [], "series_0.data": "42", "series_1.data": 0.5 },
        { ts_bucket: 1_740_963_600_000, group: [], "series_0.data": "9007199254740991" },
        { ts_bucket: 1_740_967_200_000, group: [], "series_0.data": null, "series_1.data": "" },
        { ts_bucket: 1_740_970_800_000, group: [], "series_0.data": "nan", "series_1.data": "-1.25e2" },
      ],
      request([], 2),
    );
    expect(rows).to.deep.equal([
      { ts_bucket: 1_740_960_000_000, group: [], "series_0.data": 42, "series_1.data": 0.5 },
      { ts_bucket: 1_740_963_600_000, group: [], "series_0.data": 9007199254740991 },
      { ts_bucket: 1_740_967_200_000, group: [] },
      { ts_bucket: 1_740_970_800_000, group: [], "series_1.data": -125 },
    ]);
  });

  it("keeps the group, reads a row without one as ungrouped, and ignores fields it does not use", () => {
    const rows = readSeriesRows(
      [
        { ts_bucket: 1, group: ["api", 7, null], "series_0.data": 3, extra: { any: "thing" } },
        { ts_bucket: 2, "series_0.data": 4 },
      ],
      request(["service", "shard", "region"]),
    );
    expect(rows).to.deep.equal([
      { ts_bucket: 1, group: ["api", "7", null], "series_0.data": 3 },
      { ts_bucket: 2, group: [], "series_0.data": 4 },
    ]);
  });

  it("reads the database rows of a column answer into the same shape, group in groupBy order", () => {
    const rows = readSeriesRows(
      [
        { __hdx_time_bucket: "2025-03-03T00:00:00Z", series_0: "2", ServiceName: "api", region: "eu" },
        {
          __hdx_time_bucket: "2025-03-03T01:00:00.000000000Z",
          series_1: 0.75,
          ServiceName: "web",
          region: null,
        },
        { __hdx_time_bucket: "2025-03-03 02:00:00", series_0: "5", ServiceName: "api", region: "us" },
      ],
      request(["ServiceName", "region"], 2),
    );
    expect(rows).to.deep.equal([
      { ts_bucket: Date.UTC(2025, 2, 3, 0), group: ["api", "eu"], "series_0.data": 2 },
      { ts_bucket: Date.UTC(2025, 2, 3, 1), group: ["web", null], "series_1.data": 0.75 },
      { ts_bucket: Date.UTC(2025, 2, 3, 2), group: ["api", "us"], "series_0.data": 5 },
    ]);
  });

  it("drops a value of blanks, reads a missing groupBy field as null and an object or array group value as JSON", () => {
    const rows = readSeriesRows(
      [
        { __hdx_time_bucket: "2025-03-03T00:00:00Z", series_0: "  ", ServiceName: "api" },
        { ts_bucket: 1, group: [{ k: "v" }, ["a", 1], true], "series_0.data": 2 },
      ],
      request(["ServiceName", "region"]),
    );
    expect(rows).to.deep.equal([
      { ts_bucket: Date.UTC(2025, 2, 3, 0), group: ["api", null] },
      { ts_bucket: 1, group: ['{"k":"v"}', '["a",1]', "true"], "series_0.data": 2 },
    ]);
  });

  it("says which value it cannot read when a database row's bucket is not a date-time", () => {
    expect(() => readSeriesRows([{ __hdx_time_bucket: "yesterday", series_0: 1 }], request())).to.throw(
      /__hdx_time_bucket is not a date-time: "yesterday"/,
    );
  });
});

describe("getSeries: the per-series view", () => {
  it("turns rows into one list of points per series, in row order", () => {
    const rows: SeriesRow[] = [
      { ts_bucket: 0, group: [], "series_0.data": 1, "series_1.data": 10 },
      { ts_bucket: 60_000, group: [], "series_0.data": 2, "series_1.data": 20 },
    ];
    expect(seriesResult(2, rows)).to.deep.equal({
      rows,
      series: [
        [
          { ts: 0, value: 1 },
          { ts: 60_000, value: 2 },
        ],
        [
          { ts: 0, value: 10 },
          { ts: 60_000, value: 20 },
        ],
      ],
    });
  });

  it("keeps the group of grouped rows and leaves out buckets without a value", () => {
    const rows: SeriesRow[] = [
      { ts_bucket: 0, group: ["a"], "series_0.data": 1 },
      { ts_bucket: 0, group: ["b"] },
    ];
    expect(seriesResult(1, rows).series).to.deep.equal([[{ ts: 0, value: 1, group: ["a"] }]]);
  });

  it("has one list per series for rows of a column answer, one series per row", () => {
    const rows: SeriesRow[] = [
      { ts_bucket: 0, group: [], "series_0.data": 1 },
      { ts_bucket: 0, group: [], "series_1.data": 10 },
    ];
    expect(seriesResult(2, rows).series).to.deep.equal([[{ ts: 0, value: 1 }], [{ ts: 0, value: 10 }]]);
  });
});

describe("getSeries: the body it sends", () => {
  const args = (series: unknown[]) => ({ series, startTime: 1_740_960_000_000, endTime: 1_741_046_400_000 });

  it("fills where and groupBy, which the API requires, and keeps what the program gave", () => {
    const built = buildSeriesRequest(
      args([
        { sourceId, aggFn: "count", where: undefined },
        {
          sourceId,
          aggFn: "avg",
          field: "Duration",
          where: "level:error",
          whereLanguage: "lucene",
          groupBy: [],
        },
      ]),
    );
    expect(built.problems).to.deep.equal([]);
    expect(built.deprecations).to.deep.equal([]);
    expect(built.request.series).to.deep.equal([
      { sourceId, aggFn: "count", where: "", groupBy: [] },
      {
        sourceId,
        aggFn: "avg",
        field: "Duration",
        where: "level:error",
        whereLanguage: "lucene",
        groupBy: [],
      },
    ]);
  });

  it("sends the deprecated p50..p99 as quantile at their level, with a warning naming the series", () => {
    const built = buildSeriesRequest(
      args([
        { sourceId, aggFn: "p50", field: "Duration" },
        { sourceId, aggFn: "p99", field: "Duration" },
      ]),
    );
    expect(built.problems).to.deep.equal([]);
    expect(built.request.series.map(({ aggFn, level }) => ({ aggFn, level }))).to.deep.equal([
      { aggFn: "quantile", level: 0.5 },
      { aggFn: "quantile", level: 0.99 },
    ]);
    expect(built.deprecations).to.have.length(2);
    expect(built.deprecations[1]).to.match(/^series\[1\]\.aggFn "p99" is deprecated/);
    expect(built.deprecations[1]).to.contain('aggFn "quantile" with level 0.99');
  });

  it("refuses a deprecated name together with a level", () => {
    const built = buildSeriesRequest(args([{ sourceId, aggFn: "p95", level: 0.9, field: "Duration" }]));
    expect(built.problems.map((problem) => problem.property)).to.deep.equal(["series[0].level"]);
    expect(built.problems[0].reason).to.match(/cannot be combined with aggFn p95/);
  });
});
