import { expect } from "chai";
import { validate } from "../../provider/rest/validation";
import { EmulatorHarness, expectObservabilityInvalid } from "./helpers";

const minute = 60_000;
const hour = 60 * minute;

describe("emulator: chart series", () => {
  const harness = new EmulatorHarness().install();
  const query = (body: unknown) => harness.observability("POST", "/api/v2/charts/series", { body });
  const countOf = (sourceIndex = 0) => ({
    sourceId: harness.fixture.sources[sourceIndex].id,
    aggFn: "count",
  });
  const start = Date.UTC(2025, 0, 1, 10, 7, 13);

  it("answers one row per bucket with ts_bucket and series_<i>.data per series", async () => {
    const response = await query({
      series: [countOf(0), { ...countOf(1), aggFn: "avg", where: "level:error" }],
      startTime: start,
      endTime: start + hour,
      granularity: "5m",
    });
    expect(response.status, response.text).to.equal(200);
    const rows = response.body.data;
    expect(validate("seriesRows", rows)).to.deep.equal([]);
    expect(rows).to.have.length(13); // 10:05 .. 11:05, aligned to 5 minutes
    for (const row of rows) {
      expect(Object.keys(row).sort()).to.deep.equal(["series_0.data", "series_1.data", "ts_bucket"]);
      expect(row.ts_bucket % (5 * minute)).to.equal(0);
      expect(Number.isInteger(row["series_0.data"])).to.equal(true);
    }
    expect(rows[0].ts_bucket).to.equal(Date.UTC(2025, 0, 1, 10, 5));
    expect(rows[1].ts_bucket - rows[0].ts_bucket).to.equal(5 * minute);
  });

  it("is deterministic for the same query and differs for another filter", async () => {
    const body = { series: [countOf()], startTime: start, endTime: start + hour };
    const first = (await query(body)).body.data;
    const second = (await query(body)).body.data;
    expect(first).to.deep.equal(second);
    const filtered = (await query({ ...body, series: [{ ...countOf(), where: "status:500" }] })).body.data;
    expect(filtered.map((row: Record<string, number>) => row["series_0.data"])).not.to.deep.equal(
      first.map((row: Record<string, number>) => row["series_0.data"]),
    );
  });

  it("auto (the default) picks the smallest granularity giving at most 60 buckets", async () => {
    const cases: Array<[number, number]> = [
      [hour, minute], // 60 one-minute buckets at most
      [6 * hour, 10 * minute],
      [7 * 24 * hour, 6 * hour],
    ];
    for (const [span, expectedStep] of cases) {
      const aligned = Date.UTC(2025, 0, 1);
      for (const granularity of [undefined, "auto"]) {
        const rows = (
          await query({ series: [countOf()], startTime: aligned, endTime: aligned + span, granularity })
        ).body.data;
        expect(rows.length, `${span} ms`).to.be.at.most(60);
        expect(rows[1].ts_bucket - rows[0].ts_bucket, `${span} ms`).to.equal(expectedStep);
      }
    }
  });

  it("ratio divides the first series by the second", async () => {
    const body = {
      series: [countOf(0), countOf(1)],
      startTime: start,
      endTime: start + hour,
      granularity: "15m",
    };
    const columns = (await query(body)).body.data;
    const ratio = (await query({ ...body, seriesReturnType: "ratio" })).body.data;
    expect(ratio).to.have.length(columns.length);
    ratio.forEach((row: Record<string, number>, index: number) => {
      expect(Object.keys(row).sort()).to.deep.equal(["series_0.data", "ts_bucket"]);
      const expected = columns[index]["series_0.data"] / columns[index]["series_1.data"];
      expect(row["series_0.data"]).to.be.closeTo(expected, 0.0001);
    });
    expectObservabilityInvalid(
      await query({ ...body, series: [countOf()], seriesReturnType: "ratio" }),
      "series",
    );
  });

  it("groupBy gives one row per group and bucket, with the group's values", async () => {
    const rows = (
      await query({
        series: [{ ...countOf(), groupBy: ["service"] }],
        startTime: start,
        endTime: start + hour,
        granularity: "30m",
      })
    ).body.data;
    expect(rows).to.have.length(3 * 3);
    expect(rows[0].group).to.deep.equal(["service-1"]);
  });

  const rejected: Array<[string, () => unknown, string]> = [
    ["no series", () => ({ series: [], startTime: start, endTime: start + hour }), "series"],
    [
      "six series",
      () => ({ series: Array(6).fill(countOf()), startTime: start, endTime: start + hour }),
      "series",
    ],
    ["a missing startTime", () => ({ series: [countOf()], endTime: start }), "startTime"],
    [
      "endTime before startTime",
      () => ({ series: [countOf()], startTime: start, endTime: start - 1 }),
      "endTime",
    ],
    [
      "an unknown granularity",
      () => ({ series: [countOf()], startTime: start, endTime: start + hour, granularity: "3m" }),
      "granularity",
    ],
    [
      "an unknown aggFn",
      () => ({ series: [{ ...countOf(), aggFn: "median" }], startTime: start, endTime: start + hour }),
      "series.0.aggFn",
    ],
    [
      "a source that doesn't exist",
      () => ({
        series: [countOf(), { sourceId: "a".repeat(24), aggFn: "count" }],
        startTime: start,
        endTime: start + hour,
      }),
      "series.1.sourceId",
    ],
    [
      "an unknown seriesReturnType",
      () => ({ series: [countOf()], startTime: start, endTime: start + hour, seriesReturnType: "row" }),
      "seriesReturnType",
    ],
    [
      "too many buckets",
      () => ({ series: [countOf()], startTime: 0, endTime: 365 * 24 * hour, granularity: "30s" }),
      "granularity",
    ],
  ];
  for (const [rule, body, field] of rejected) {
    it(`rejects ${rule} with a 400 naming ${field}`, async () => {
      expectObservabilityInvalid(await query(body()), field);
    });
  }
});
