import { expect } from "chai";
import { validate } from "../../../provider/validation/validate";
import { expectOnlyProblem, expectValid } from "./expectations";

describe("schemas: alertCreate", () => {
  const tileAlert = {
    threshold: 10,
    interval: "15m",
    source: "tile",
    thresholdType: "above",
    channel: { type: "webhook", webhookId: "65f0c0ffee0000000000000a" },
    dashboardId: "65f0c0ffee0000000000000b",
    tileId: "tile-1",
  };
  const searchAlert = {
    threshold: 0.5,
    interval: "1h",
    source: "search",
    thresholdType: "below",
    channel: { type: "webhook", webhookId: "w1" },
    savedSearchId: "65f0c0ffee0000000000000c",
    groupBy: "service",
    name: "errors",
    message: "too few",
  };

  it("accepts an alert on a tile and one on a saved search", () => {
    expectValid("alertCreate", tileAlert);
    expectValid("alertCreate", searchAlert);
  });

  for (const interval of ["30s", "1m", "15m", "6h", "1d", "90m"]) {
    it(`accepts the interval ${interval}`, () => {
      expectValid("alertCreate", { ...tileAlert, interval });
    });
  }

  for (const interval of ["0m", "15", "m", "-5m", "1w", "1.5h", " 1h"]) {
    it(`rejects the interval ${JSON.stringify(interval)} with a readable rule`, () => {
      expectOnlyProblem(
        "alertCreate",
        { ...tileAlert, interval },
        "interval",
        "must be a duration",
        "s, m, h or d",
        JSON.stringify(interval),
      );
    });
  }

  it("requires each of threshold, interval, source, thresholdType and channel", () => {
    for (const field of ["threshold", "interval", "source", "thresholdType", "channel"]) {
      const { [field]: _omitted, ...rest } = tileAlert as Record<string, unknown>;
      expectOnlyProblem("alertCreate", rest, field, `${field} is required`);
    }
  });

  it("rejects a threshold that is not a number", () => {
    expectOnlyProblem(
      "alertCreate",
      { ...tileAlert, threshold: "10" },
      "threshold",
      'must be a number; got "10"',
    );
  });

  it("rejects unknown source and thresholdType values", () => {
    expectOnlyProblem(
      "alertCreate",
      { ...searchAlert, source: "log" },
      "source",
      "must be one of tile, search",
    );
    expectOnlyProblem(
      "alertCreate",
      { ...tileAlert, thresholdType: "equal" },
      "thresholdType",
      "must be one of above, below",
    );
  });

  it("requires dashboardId and tileId when source is tile, one problem each", () => {
    const { dashboardId: _d, tileId: _t, ...rest } = tileAlert;
    expect(validate("alertCreate", rest)).to.deep.equal([
      { property: "dashboardId", reason: "dashboardId is required when source is tile" },
      { property: "tileId", reason: "tileId is required when source is tile" },
    ]);
  });

  it("rejects an empty tileId for a tile alert", () => {
    expectOnlyProblem("alertCreate", { ...tileAlert, tileId: "" }, "tileId", "required when source is tile");
  });

  it("requires savedSearchId when source is search, and not the tile ids", () => {
    const { savedSearchId: _s, ...rest } = searchAlert;
    const problem = expectOnlyProblem("alertCreate", rest, "savedSearchId");
    expect(problem.reason).to.equal("savedSearchId is required when source is search");
  });

  it("checks the channel: webhook type and a non-empty webhookId", () => {
    expectOnlyProblem(
      "alertCreate",
      { ...tileAlert, channel: { type: "email", webhookId: "w" } },
      "channel.type",
      'channel.type must be webhook; got "email"',
    );
    expectOnlyProblem(
      "alertCreate",
      { ...tileAlert, channel: { type: "webhook", webhookId: "" } },
      "channel.webhookId",
      "must not be empty",
    );
    expectOnlyProblem(
      "alertCreate",
      { ...tileAlert, channel: { type: "webhook" } },
      "channel.webhookId",
      "channel.webhookId is required",
    );
  });

  it("rejects unknown fields at the top and in the channel", () => {
    expectOnlyProblem("alertCreate", { ...tileAlert, severity: "high" }, "severity", "not a known property");
    expectOnlyProblem(
      "alertCreate",
      { ...tileAlert, channel: { type: "webhook", webhookId: "w", url: "x" } },
      "channel.url",
      "not a known property",
    );
  });
});

describe("schemas: seriesQuery", () => {
  const sourceId = "65f5e4a3b9e77c001a123456";
  const query = {
    series: [{ sourceId, aggFn: "count", where: "level:error", groupBy: ["service"] }],
    startTime: 1_700_000_000_000,
    endTime: 1_700_003_600_000,
    granularity: "5m",
    seriesReturnType: "column",
  };
  const series = (count: number) =>
    Array.from({ length: count }, () => ({
      sourceId,
      aggFn: "avg",
      field: "Duration",
      where: "",
      groupBy: [],
    }));
  const withSeries = (fields: Record<string, unknown>) => ({
    ...query,
    series: [{ sourceId, aggFn: "count", where: "", groupBy: [], ...fields }],
  });

  it("accepts one to five series and every optional field of a series", () => {
    expectValid("seriesQuery", query);
    expectValid("seriesQuery", {
      series: series(5),
      startTime: 1_000_000_000_000,
      endTime: 1_000_000_000_001,
    });
    expectValid(
      "seriesQuery",
      withSeries({
        aggFn: "quantile",
        level: 0.95,
        field: "Duration",
        whereLanguage: "sql",
        metricName: "http_request_duration",
        metricDataType: "exponential histogram",
      }),
    );
  });

  it("accepts the API's aggregate functions, languages, metric types and granularities", () => {
    const aggFns = ["avg", "count", "count_distinct", "last_value", "max", "min", "quantile", "sum"];
    for (const aggFn of [...aggFns, "any", "none", "increase"]) {
      expectValid("seriesQuery", withSeries({ aggFn, field: "Duration" }));
    }
    for (const whereLanguage of ["lucene", "sql", "promql"]) {
      expectValid("seriesQuery", withSeries({ whereLanguage }));
    }
    for (const metricDataType of ["gauge", "histogram", "sum", "summary", "exponential histogram"]) {
      expectValid("seriesQuery", withSeries({ metricName: "m", metricDataType }));
    }
    // Every granularity the API documents.
    const granularities = [
      "30s",
      "1m",
      "5m",
      "10m",
      "15m",
      "30m",
      "1h",
      "2h",
      "6h",
      "12h",
      "1d",
      "2d",
      "7d",
      "30d",
      "auto",
    ];
    for (const granularity of granularities) {
      expectValid("seriesQuery", { ...query, granularity });
    }
  });

  it("rejects the percentile names the API never had", () => {
    for (const aggFn of ["p50", "p90", "p95", "p99"]) {
      const problem = expectOnlyProblem(
        "seriesQuery",
        withSeries({ aggFn, field: "Duration" }),
        "series[0].aggFn",
      );
      expect(problem.reason).to.include(
        `must be one of avg, count, count_distinct, last_value, max, min, quantile`,
      );
    }
  });

  it("rejects zero and six series", () => {
    expectOnlyProblem("seriesQuery", { ...query, series: [] }, "series", "at least 1 element");
    expectOnlyProblem(
      "seriesQuery",
      { ...query, series: series(6) },
      "series",
      "at most 5 elements",
      "got 6",
    );
  });

  it("names the series by index for a bad aggFn", () => {
    const problem = expectOnlyProblem(
      "seriesQuery",
      { ...query, series: [...series(2), { sourceId, aggFn: "median", where: "", groupBy: [] }] },
      "series[2].aggFn",
    );
    expect(problem.reason).to.include("must be one of avg, count");
    expect(problem.reason).to.include('got "median"');
  });

  it("requires sourceId, aggFn, where and groupBy in every series and rejects other fields", () => {
    for (const field of ["sourceId", "aggFn", "where", "groupBy"]) {
      const definition: Record<string, unknown> = { sourceId, aggFn: "count", where: "", groupBy: [] };
      delete definition[field];
      expectOnlyProblem(
        "seriesQuery",
        { ...query, series: [definition] },
        `series[0].${field}`,
        "is required",
      );
    }
    expectOnlyProblem("seriesQuery", withSeries({ aggfn: "sum" }), "series[0].aggfn", "not a known property");
  });

  it("requires a 24-hex-digit sourceId", () => {
    expectOnlyProblem(
      "seriesQuery",
      withSeries({ sourceId: "logs" }),
      "series[0].sourceId",
      "must be a 24-hex-digit object id",
    );
  });

  it("requires groupBy to be at most 10 strings", () => {
    expectOnlyProblem(
      "seriesQuery",
      withSeries({ groupBy: ["a", 1] }),
      "series[0].groupBy[1]",
      "must be a string",
    );
    const eleven = Array.from({ length: 11 }, (_, index) => `f${index}`);
    expectOnlyProblem(
      "seriesQuery",
      withSeries({ groupBy: eleven }),
      "series[0].groupBy",
      "at most 10 elements",
    );
  });

  it("requires a level from 0 to 1 and known whereLanguage and metricDataType values", () => {
    const quantile = { aggFn: "quantile", field: "Duration" };
    expectOnlyProblem("seriesQuery", withSeries({ ...quantile, level: 1.5 }), "series[0].level", "at most 1");
    expectOnlyProblem(
      "seriesQuery",
      withSeries({ ...quantile, level: -0.1 }),
      "series[0].level",
      "at least 0",
    );
    expectOnlyProblem(
      "seriesQuery",
      withSeries({ whereLanguage: "kql" }),
      "series[0].whereLanguage",
      "must be one of lucene, sql, promql",
    );
    expectOnlyProblem(
      "seriesQuery",
      withSeries({ metricDataType: "counter" }),
      "series[0].metricDataType",
      "must be one of gauge, histogram, sum, summary, exponential histogram",
    );
  });

  it("requires every series to have the same groupBy, naming the first that differs", () => {
    const grouped = (groupBy: string[]) => ({ sourceId, aggFn: "count", where: "", groupBy });
    const problem = expectOnlyProblem(
      "seriesQuery",
      { ...query, series: [grouped(["a", "b"]), grouped(["a", "b"]), grouped(["b", "a"])] },
      "series[2].groupBy",
    );
    expect(problem.reason).to.equal(
      'series[2].groupBy must be the same as series[0].groupBy (["a","b"]): the API groups every series of a ' +
        'query by the same fields; got ["b","a"]',
    );
  });

  it("allows a level only on a quantile, and needs a field or metricName for every aggregate but count", () => {
    expectOnlyProblem(
      "seriesQuery",
      withSeries({ aggFn: "max", field: "Duration", level: 0.9 }),
      "series[0].level",
      "applies only to aggFn quantile; got level 0.9 with aggFn max",
    );
    expectOnlyProblem(
      "seriesQuery",
      withSeries({ aggFn: "avg" }),
      "series[0].field",
      "required when aggFn is avg",
    );
    expectValid("seriesQuery", withSeries({ aggFn: "avg", metricName: "http_requests_total" }));
    expectValid("seriesQuery", withSeries({ aggFn: "quantile", field: "Duration" }));
  });

  it("requires whole millisecond times of at least 13 digits, saying milliseconds to a time in seconds", () => {
    expectOnlyProblem(
      "seriesQuery",
      { ...query, startTime: 1_700_000_000 },
      "startTime",
      "whole number of milliseconds since the epoch, at least 13 digits",
      "a time in seconds such as 1700000000 is too small",
      "got 1700000000",
    );
    expectOnlyProblem("seriesQuery", { ...query, startTime: -1 }, "startTime", "milliseconds", "got -1");
    expectOnlyProblem(
      "seriesQuery",
      { ...query, endTime: 1.5e12 + 0.5 },
      "endTime",
      "whole number of milliseconds",
    );
    expectValid("seriesQuery", { ...query, startTime: 1_000_000_000_000 });
    const { endTime: _e, ...rest } = query;
    expectOnlyProblem("seriesQuery", rest, "endTime", "endTime is required");
  });

  it("rejects an endTime that is not after startTime, on endTime", () => {
    const time = 1_700_000_005_000;
    const problem = expectOnlyProblem("seriesQuery", { ...query, startTime: time, endTime: time }, "endTime");
    expect(problem.reason).to.equal(`endTime must be later than startTime (${time}); got ${time}`);
  });

  it("rejects unknown granularity and seriesReturnType values", () => {
    expectOnlyProblem(
      "seriesQuery",
      { ...query, granularity: "3m" },
      "granularity",
      "must be one of 30s, 1m",
    );
    expectOnlyProblem(
      "seriesQuery",
      { ...query, seriesReturnType: "row" },
      "seriesReturnType",
      "must be one of ratio, column",
    );
  });
});
