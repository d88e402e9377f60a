import { expect } from "chai";
import { validate } from "../../provider/rest/validation";
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
  const query = {
    series: [{ sourceId: "logs", aggFn: "count", where: "level:error", groupBy: ["service"] }],
    startTime: 1_700_000_000_000,
    endTime: 1_700_003_600_000,
    granularity: "5m",
    seriesReturnType: "column",
  };
  const series = (count: number) => Array.from({ length: count }, () => ({ sourceId: "logs", aggFn: "avg" }));

  it("accepts one to five series and the optional fields", () => {
    expectValid("seriesQuery", query);
    expectValid("seriesQuery", { series: series(5), startTime: 0, endTime: 1 });
  });

  it("accepts every aggregate function and granularity listed", () => {
    for (const aggFn of ["sum", "min", "max", "count_distinct", "p50", "p90", "p95", "p99"]) {
      expectValid("seriesQuery", { ...query, series: [{ sourceId: "s", aggFn }] });
    }
    for (const granularity of ["30s", "1h", "30d", "auto"]) {
      expectValid("seriesQuery", { ...query, granularity });
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
      { ...query, series: [...series(2), { sourceId: "s", aggFn: "median" }] },
      "series[2].aggFn",
    );
    expect(problem.reason).to.include("must be one of count, sum, avg");
    expect(problem.reason).to.include('got "median"');
  });

  it("requires sourceId and aggFn in every series and rejects other fields", () => {
    expectOnlyProblem(
      "seriesQuery",
      { ...query, series: [{ aggFn: "count" }] },
      "series[0].sourceId",
      "is required",
    );
    expectOnlyProblem(
      "seriesQuery",
      { ...query, series: [{ sourceId: "s" }] },
      "series[0].aggFn",
      "is required",
    );
    expectOnlyProblem(
      "seriesQuery",
      { ...query, series: [{ sourceId: "s", aggFn: "count", aggfn: "sum" }] },
      "series[0].aggfn",
      "not a known property",
    );
  });

  it("requires groupBy to be a list of strings", () => {
    expectOnlyProblem(
      "seriesQuery",
      { ...query, series: [{ sourceId: "s", aggFn: "count", groupBy: ["a", 1] }] },
      "series[0].groupBy[1]",
      "must be a string",
    );
  });

  it("requires whole non-negative millisecond times", () => {
    expectOnlyProblem(
      "seriesQuery",
      { ...query, startTime: -1 },
      "startTime",
      "milliseconds",
      "at least 0",
      "got -1",
    );
    expectOnlyProblem(
      "seriesQuery",
      { ...query, endTime: 1.5e12 + 0.5 },
      "endTime",
      "whole number of milliseconds",
    );
    const { endTime: _e, ...rest } = query;
    expectOnlyProblem("seriesQuery", rest, "endTime", "endTime is required");
  });

  it("rejects an endTime that is not after startTime, on endTime", () => {
    const problem = expectOnlyProblem("seriesQuery", { ...query, startTime: 5000, endTime: 5000 }, "endTime");
    expect(problem.reason).to.equal("endTime must be later than startTime (5000); got 5000");
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
