import * as pulumi from "@pulumi/pulumi";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { ConfigurationError } from "../../../provider/settings";
import {
  getSeries,
  getSeriesOutput,
  type SeriesDefinition,
  type SeriesQueryArgs,
} from "../../../provider/functions";
import { SeriesSourceNotFoundError, isNotFound } from "../../../provider/rest";
import { RequestValidationError } from "../../../provider/validation/validate";
import { CannedServer } from "../../support/cannedServer";
import { sharedEmulator } from "../../support/emulator";

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
    series: [{ sourceId, aggFn: "avg", field: "Duration" }],
    startTime,
    endTime,
    granularity: "1h",
    ...overrides,
  });

  before(async () => {
    emulator = await sharedEmulator();
    sourceId = emulator.fixture.sources[0].id;
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
      const definitions: SeriesDefinition[] = [
        { sourceId, aggFn: "count" },
        { sourceId, aggFn: "sum", field: "Bytes" },
        { sourceId, aggFn: "avg", field: "Duration", where: "ServiceName = 'api'", whereLanguage: "sql" },
        { sourceId, aggFn: "quantile", level: 0.95, field: "Duration" },
        { sourceId, aggFn: "max", metricName: "http_requests_total", metricDataType: "gauge" },
      ];
      for (let count = 1; count <= 5; count++) {
        const series = definitions.slice(0, count);
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
        series: [
          { sourceId, aggFn: "quantile", level: 0.99, field: "Duration", groupBy: ["region"] },
          { sourceId, aggFn: "count", where: "service:checkout", groupBy: ["region"] },
        ],
      });
      const first = await getSeries(args);
      expect(first.rows.length).to.be.greaterThan(6);
      expect(first.series[0][0].group).to.deep.equal(["region-1"]);
      expect(await getSeries(args)).to.deep.equal(first);
    });

    it("names every bad field before sending anything", async () => {
      await emulator.control.clearRequests();
      const avg = (fields: Partial<SeriesDefinition> = {}): SeriesDefinition => ({
        sourceId,
        aggFn: "avg",
        field: "Duration",
        ...fields,
      });
      const cases: Array<[Partial<SeriesQueryArgs>, string, RegExp]> = [
        [{ series: [] }, "series", /at least 1 element/],
        [{ series: Array.from({ length: 6 }, () => avg()) }, "series", /at most 5/],
        [{ series: [avg(), avg({ aggFn: "median" as never })] }, "series[1].aggFn", /got "median"/],
        [{ series: [avg({ aggFn: "p95", level: 0.9 })] }, "series[0].level", /cannot be combined/],
        [{ series: [avg({ level: 0.95 })] }, "series[0].level", /only to aggFn quantile/],
        [{ series: [avg({ aggFn: "quantile", level: 95 })] }, "series[0].level", /at most 1; got 95/],
        [{ series: [avg({ field: undefined })] }, "series[0].field", /required when aggFn is avg/],
        [{ series: [avg({ whereLanguage: "kql" as never })] }, "series[0].whereLanguage", /lucene, sql/],
        [
          { series: [avg({ metricDataType: "counter" as never })] },
          "series[0].metricDataType",
          /gauge, histogram, sum, summary, exponential histogram/,
        ],
        [{ series: [avg({ sourceId: "logs" })] }, "series[0].sourceId", /24-hex-digit object id/],
        [
          { series: [avg({ groupBy: Array.from({ length: 11 }, (_, i) => `f${i}`) })] },
          "series[0].groupBy",
          /at most 10 elements; got 11/,
        ],
        [
          { series: [avg({ groupBy: ["region"] }), avg({ groupBy: ["service"] })] },
          "series[1].groupBy",
          /must be the same as series\[0\]\.groupBy \(\["region"\]\)/,
        ],
        [{ startTime: endTime + 1 }, "endTime", /later than startTime/],
        [{ startTime: 1.5 }, "startTime", /whole number of milliseconds/],
        [{ startTime: 1_736_121_600 }, "startTime", /milliseconds.*got 1736121600/],
        [{ granularity: "2m" as never }, "granularity", /one of 30s, 1m/],
        [{ seriesReturnType: "rows" as never }, "seriesReturnType", /ratio, column/],
      ];
      for (const [overrides, property, reason] of cases) {
        const error = await getSeries(query(overrides)).catch((e: unknown) => e);
        expect(error, property).to.be.instanceOf(RequestValidationError);
        const problems = (error as RequestValidationError).problems;
        expect(problems.map((problem) => problem.property)).to.deep.equal([property]);
        expect(problems[0].reason).to.match(reason);
        expect((error as Error).message).to.match(
          new RegExp(`^the getSeries query is invalid: .*${property.replace(/[[\].]/g, "\\$&")}: `),
        );
      }
      const sent = (await emulator.control.requests()).filter((entry) => entry.route === seriesRoute);
      expect(sent).to.deep.equal([]);
    });

    it("sends the deprecated p95 as quantile at level 0.95", async () => {
      const quantile = (level: number) =>
        getSeries(query({ series: [{ sourceId, aggFn: "quantile", level, field: "Duration" }] }));
      const deprecated = await getSeries(query({ series: [{ sourceId, aggFn: "p95", field: "Duration" }] }));
      expect(deprecated).to.deep.equal(await quantile(0.95));
      expect(deprecated).to.not.deep.equal(await quantile(0.5));
    });

    it("reads column and ratio answers into the same points as the default answer", async () => {
      const series: SeriesDefinition[] = [
        { sourceId, aggFn: "count", groupBy: ["region"] },
        { sourceId, aggFn: "quantile", level: 0.9, field: "Duration", groupBy: ["region"] },
      ];
      const byDefault = await getSeries(query({ series }));
      const column = await getSeries(query({ series, seriesReturnType: "column" }));
      const ratio = await getSeries(query({ series, seriesReturnType: "ratio" }));
      // 6 hourly buckets, 3 groups each; a column answer has one row per series, bucket and group.
      expect(byDefault.rows).to.have.length(18);
      expect(column.rows).to.have.length(36);
      expect(column.series).to.deep.equal(byDefault.series);
      expect(ratio).to.deep.equal(byDefault);
    });

    it("names the series whose source does not exist, and is not a not-found of the query", async () => {
      const missing = "0123456789abcdef01234567";
      const error = await getSeries(
        query({
          series: [
            { sourceId, aggFn: "count" },
            { sourceId: missing, aggFn: "count" },
          ],
        }),
      ).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(SeriesSourceNotFoundError);
      expect(isNotFound(error)).to.equal(false);
      expect((error as SeriesSourceNotFoundError).seriesIndex).to.equal(1);
      expect((error as Error).message).to.contain(`series[1].sourceId "${missing}"`);
      expect((error as Error).message).to.contain('"Source not found for series 1"');
    });

    it("reads series values that the API sends as strings as numbers", async () => {
      const server = await new CannedServer(() => ({
        status: 200,
        body: JSON.stringify({
          data: [
            { ts_bucket: startTime, group: [], "series_0.data": "42" },
            { ts_bucket: startTime + hour, group: [], "series_0.data": "17" },
          ],
        }),
      })).start();
      try {
        pulumi.runtime.setAllConfig({
          "observability:apiUrl": server.url,
          "observability:apiToken": "canned-token",
        });
        const result = await getSeries(query({ series: [{ sourceId, aggFn: "count" }] }));
        expect(result.series).to.deep.equal([
          [
            { ts: startTime, value: 42 },
            { ts: startTime + hour, value: 17 },
          ],
        ]);
      } finally {
        await server.stop();
      }
    });

    it("reads the production wire's counts, which its database quotes, as the numbers they spell", async () => {
      const production = await sharedEmulator("production");
      const series: SeriesDefinition[] = [
        { sourceId: production.fixture.sources[0].id, aggFn: "count" },
        { sourceId: production.fixture.sources[0].id, aggFn: "avg", field: "Duration" },
      ];
      const raw = await fetch(`${production.fixture.observabilityUrl}/api/v2/charts/series`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${production.fixture.observabilityToken}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({
          series: series.map((definition) => ({ ...definition, where: "", groupBy: [] })),
          startTime,
          endTime,
          granularity: "1h",
        }),
      });
      const rows = ((await raw.json()) as { data: Array<Record<string, unknown>> }).data;
      const counts = rows.map((row) => row["series_0.data"]);
      expect(counts).to.have.length(6);
      for (const count of counts) expect(count).to.be.a("string").and.match(/^\d+$/);
      pulumi.runtime.setAllConfig({
        "observability:apiUrl": production.fixture.observabilityUrl,
        "observability:apiToken": production.fixture.observabilityToken,
        "observability:apiDialect": "production",
      });
      const result = await getSeries(query({ series }));
      expect(result.series[0].map((point) => point.value)).to.deep.equal(counts.map(Number));
      expect(result.series[1].map((point) => point.value)).to.deep.equal(
        rows.map((row) => row["series_1.data"]),
      );
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
            { sourceId, aggFn: "sum", field: "Bytes" },
          ],
        }),
      );
      expect(JSON.stringify(result)).to.not.contain(emulator.fixture.observabilityToken);
      expect(Object.keys(result).sort()).to.deep.equal(["rows", "series"]);
    });

    it("getSeriesOutput resolves Inputs and gives what getSeries gives, secrecy kept", async () => {
      const expected = await getSeries(query());
      const output = getSeriesOutput({
        series: [
          { sourceId: pulumi.output(sourceId), aggFn: Promise.resolve("avg" as const), field: "Duration" },
        ],
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
