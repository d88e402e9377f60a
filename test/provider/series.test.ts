import * as pulumi from "@pulumi/pulumi";
import { expect } from "chai";
import type { RunningEmulator } from "../../emulator";
import { ConfigurationError } from "../../provider/config";
import { getSeries, getSeriesOutput, type SeriesQueryArgs } from "../../provider/functions";
import { seriesResult, type SeriesRow } from "../../provider/functions/series";
import { RequestValidationError } from "../../provider/rest/validation";
import { sharedEmulator } from "../support/emulator";

const seriesRoute = "POST /api/v2/charts/series";
const hour = 3_600_000;
// A fixed, bucket-aligned range so that every run asks the same question.
const startTime = Date.UTC(2025, 0, 6, 0, 0, 0);
const endTime = startTime + 6 * hour;

describe("getSeries", function () {
  this.timeout(30_000);
  let emulator: RunningEmulator;
  let sourceId: string;

  const query = (overrides: Partial<SeriesQueryArgs> = {}): SeriesQueryArgs => ({
    series: [{ sourceId, aggFn: "avg" }],
    startTime,
    endTime,
    granularity: "1h",
    ...overrides,
  });

  before(async () => {
    emulator = await sharedEmulator();
    sourceId = emulator.fixture.sources[0].id;
  });

  describe("the per-series view", () => {
    it("turns rows into one list of points per series column, in row order", () => {
      const rows: SeriesRow[] = [
        { ts_bucket: 0, "series_0.data": 1, "series_1.data": 10 },
        { ts_bucket: 60_000, "series_0.data": 2, "series_1.data": 20 },
      ];
      const two = query({
        series: [
          { sourceId: "a", aggFn: "sum" },
          { sourceId: "b", aggFn: "max" },
        ],
      });
      expect(seriesResult(two, rows)).to.deep.equal({
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
      expect(seriesResult(query(), rows).series).to.deep.equal([[{ ts: 0, value: 1, group: ["a"] }]]);
    });

    it("has a single series for a ratio, the only column the API returns", () => {
      const ratio = query({
        seriesReturnType: "ratio",
        series: [
          { sourceId: "a", aggFn: "count" },
          { sourceId: "a", aggFn: "count", where: "level:error" },
        ],
      });
      const rows: SeriesRow[] = [{ ts_bucket: 0, "series_0.data": 0.5 }];
      expect(seriesResult(ratio, rows).series).to.deep.equal([[{ ts: 0, value: 0.5 }]]);
    });
  });

  describe("against the emulator", () => {
    let savedConfig: Record<string, string>;
    let savedEnv: { url?: string; token?: string };

    beforeEach(() => {
      // Stack config lives in the Pulumi SDK's process-wide store; an inline e2e program may have set it.
      savedConfig = pulumi.runtime.allConfig();
      savedEnv = { url: process.env.OBSERVABILITY_API_URL, token: process.env.OBSERVABILITY_API_TOKEN };
      pulumi.runtime.setAllConfig({
        "observability:apiUrl": emulator.fixture.observabilityUrl,
        "observability:apiToken": emulator.fixture.observabilityToken,
      });
    });

    afterEach(async () => {
      pulumi.runtime.setAllConfig(savedConfig);
      restoreEnv("OBSERVABILITY_API_URL", savedEnv.url);
      restoreEnv("OBSERVABILITY_API_TOKEN", savedEnv.token);
      await emulator.control.clearFaults();
    });

    it("answers 1 to 5 series with one column and one point list per series", async () => {
      const aggFns = ["count", "sum", "avg", "p95", "max"] as const;
      for (let count = 1; count <= 5; count++) {
        const series = aggFns.slice(0, count).map((aggFn) => ({ sourceId, aggFn }));
        const result = await getSeries(query({ series }));
        expect(result.rows, `${count} series`).to.have.length(6);
        expect(result.series).to.have.length(count);
        for (let index = 0; index < count; index++) {
          const column = result.rows.map((row) => row[`series_${index}.data`]);
          expect(result.series[index].map((point) => point.value)).to.deep.equal(column);
          expect(result.series[index].map((point) => point.ts)).to.deep.equal(
            result.rows.map((row) => row.ts_bucket),
          );
        }
      }
    });

    it("is deterministic: the same query gives the same result", async () => {
      const args = query({
        series: [{ sourceId, aggFn: "p99", where: "service:checkout", groupBy: ["region"] }],
      });
      const first = await getSeries(args);
      expect(first.rows.length).to.be.greaterThan(6);
      expect(first.series[0][0].group).to.be.an("array");
      expect(await getSeries(args)).to.deep.equal(first);
    });

    it("names every bad field before sending anything", async () => {
      await emulator.control.clearRequests();
      const cases: Array<[Partial<SeriesQueryArgs>, string, RegExp]> = [
        [{ series: [] }, "series", /at least 1 element/],
        [
          { series: Array.from({ length: 6 }, () => ({ sourceId, aggFn: "avg" as const })) },
          "series",
          /at most 5/,
        ],
        [
          {
            series: [
              { sourceId, aggFn: "avg" },
              { sourceId, aggFn: "median" as never },
            ],
          },
          "series[1].aggFn",
          /got "median"/,
        ],
        [{ startTime: endTime + 1 }, "endTime", /later than startTime/],
        [{ startTime: 1.5 }, "startTime", /whole number of milliseconds/],
        [{ granularity: "2m" as never }, "granularity", /one of 30s, 1m/],
        [{ seriesReturnType: "rows" as never }, "seriesReturnType", /ratio, column/],
      ];
      for (const [overrides, property, reason] of cases) {
        const error = await getSeries(query(overrides)).catch((e: unknown) => e);
        expect(error, property).to.be.instanceOf(RequestValidationError);
        const problems = (error as RequestValidationError).problems;
        expect(problems.map((problem) => problem.property)).to.deep.equal([property]);
        expect(problems[0].reason).to.match(reason);
        expect((error as Error).message).to.contain(`${property}: `);
      }
      const sent = (await emulator.control.requests()).filter((entry) => entry.route === seriesRoute);
      expect(sent).to.deep.equal([]);
    });

    it("prefers stack config over the environment and falls back to the environment", async () => {
      process.env.OBSERVABILITY_API_URL = "http://127.0.0.1:9";
      process.env.OBSERVABILITY_API_TOKEN = "not-the-token";
      const fromConfig = await getSeries(query());
      pulumi.runtime.setAllConfig({});
      process.env.OBSERVABILITY_API_URL = emulator.fixture.observabilityUrl;
      process.env.OBSERVABILITY_API_TOKEN = emulator.fixture.observabilityToken;
      expect(await getSeries(query())).to.deep.equal(fromConfig);
    });

    it("names both settings when neither config nor environment has them", async () => {
      pulumi.runtime.setAllConfig({});
      delete process.env.OBSERVABILITY_API_URL;
      delete process.env.OBSERVABILITY_API_TOKEN;
      const error = await getSeries(query()).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(ConfigurationError);
      expect((error as Error).message)
        .to.contain("observability:apiUrl")
        .and.to.contain("OBSERVABILITY_API_TOKEN");
    });

    it("never puts the token in the result", async () => {
      const result = await getSeries(
        query({
          series: [
            { sourceId, aggFn: "count" },
            { sourceId, aggFn: "sum" },
          ],
        }),
      );
      expect(JSON.stringify(result)).to.not.contain(emulator.fixture.observabilityToken);
      expect(Object.keys(result).sort()).to.deep.equal(["rows", "series"]);
    });

    it("getSeriesOutput resolves Inputs and gives what getSeries gives, secrecy kept", async () => {
      const expected = await getSeries(query());
      const output = getSeriesOutput({
        series: [{ sourceId: pulumi.output(sourceId), aggFn: Promise.resolve("avg" as const) }],
        startTime: pulumi.secret(startTime),
        endTime,
        granularity: pulumi.output("1h" as const),
      });
      expect(await valueOf(output)).to.deep.equal(expected);
      expect(await pulumi.isSecret(output)).to.equal(true);
    });

    it("getSeriesOutput fails with the validation error of its resolved arguments", async () => {
      const output = getSeriesOutput({ series: pulumi.output([]), startTime, endTime });
      const error = await valueOf(output).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(RequestValidationError);
      expect((error as Error).message).to.match(/series: series must contain at least 1 element/);
    });
  });
});

/**
 * The value of an Output outside a deployment (where applies run as soon as values are known), or the error its
 * apply threw. `promise()` is the SDK's own accessor; the public API offers only apply.
 */
function valueOf<T>(output: pulumi.Output<T>): Promise<T> {
  return (output as unknown as { promise(): Promise<T> }).promise();
}

function restoreEnv(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}
