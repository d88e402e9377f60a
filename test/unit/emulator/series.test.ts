import { expect } from "chai";
import { EmulatorHarness, expectObservabilityInvalid } from "../../support/httpRequests";

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

type Row = Record<string, unknown>;

describe("emulator: chart series", () => {
  const harness = new EmulatorHarness().install();
  const query = (body: unknown) => harness.observability("POST", "/api/v2/charts/series", { body });
  const countOf = (sourceIndex = 0) => ({
    sourceId: harness.fixture.sources[sourceIndex].id,
    aggFn: "count",
    where: "",
    groupBy: [] as string[],
  });
  const start = Date.UTC(2025, 0, 1, 10, 7, 13);

  it("answers one row per bucket with ts_bucket, group and series_<i>.data per series", async () => {
    const response = await query({
      series: [countOf(0), { ...countOf(1), aggFn: "avg", field: "Duration", where: "level:error" }],
      startTime: start,
      endTime: start + hour,
      granularity: "5m",
    });
    expect(response.status, response.text).to.equal(200);
    const rows = response.body.data as Row[];
    expect(rows).to.have.length(13); // 10:05 .. 11:05, aligned to 5 minutes
    for (const row of rows) {
      expect(Object.keys(row).sort()).to.deep.equal(["group", "series_0.data", "series_1.data", "ts_bucket"]);
      expect(row.group).to.deep.equal([]);
      expect((row.ts_bucket as number) % (5 * minute)).to.equal(0);
      expect(Number.isInteger(row["series_0.data"])).to.equal(true);
      expect(row["series_1.data"]).to.be.a("number");
    }
    expect(rows[0].ts_bucket).to.equal(Date.UTC(2025, 0, 1, 10, 5));
    expect(rows[1].ts_bucket).to.equal(Date.UTC(2025, 0, 1, 10, 10));
  });

  it("is deterministic for the same query and differs for another filter", async () => {
    const body = { series: [countOf()], startTime: start, endTime: start + hour };
    const first = (await query(body)).body.data as Row[];
    expect((await query(body)).body.data).to.deep.equal(first);
    const filtered = (await query({ ...body, series: [{ ...countOf(), where: "status:500" }] })).body
      .data as Row[];
    expect(filtered.map((row) => row["series_0.data"])).not.to.deep.equal(
      first.map((row) => row["series_0.data"]),
    );
  });

  it("auto (the default) takes the smallest step of at least a sixtieth of the range, never 10 minutes", async () => {
    const cases: Array<[number, number]> = [
      [10 * minute, 15 * second], // 10 s per bucket at 60 buckets: 15s is the smallest step
      [hour, minute],
      [6 * hour, 15 * minute], // 6 minutes per bucket: 10m is skipped, so 15m
      [7 * day, 6 * hour], // 2.8 hours per bucket
      [30 * day, 12 * hour],
    ];
    const aligned = Date.UTC(2025, 0, 1);
    for (const [span, expectedStep] of cases) {
      for (const granularity of [undefined, "auto"]) {
        const rows = (
          await query({ series: [countOf()], startTime: aligned, endTime: aligned + span, granularity })
        ).body.data as Row[];
        expect((rows[1].ts_bucket as number) - (rows[0].ts_bucket as number), `${span} ms`).to.equal(
          expectedStep,
        );
      }
    }
  });

  it("ratio divides nothing: it answers as the default, with any number of series", async () => {
    for (const series of [[countOf(0)], [countOf(0), countOf(1)], [countOf(0), countOf(1), countOf(2)]]) {
      const body = { series, startTime: start, endTime: start + hour, granularity: "15m" };
      const byDefault = await query(body);
      const ratio = await query({ ...body, seriesReturnType: "ratio" });
      expect(ratio.status, ratio.text).to.equal(200);
      expect(ratio.body).to.deep.equal(byDefault.body);
    }
  });

  it("column answers the database's rows: __hdx_time_bucket, groupBy fields and series_<i>, series by series", async () => {
    const groupBy = ["service"];
    const series = [
      { ...countOf(0), groupBy },
      { ...countOf(1), aggFn: "max", field: "Duration", groupBy },
    ];
    const body = {
      series,
      startTime: Date.UTC(2025, 0, 1),
      endTime: Date.UTC(2025, 0, 1, 2),
      granularity: "1h",
    };
    const rows = (await query({ ...body, seriesReturnType: "column" })).body.data as Row[];
    expect(rows).to.have.length(2 * 2 * 3); // series x buckets x groups
    expect(rows[0]).to.have.all.keys("__hdx_time_bucket", "service", "series_0");
    expect(rows[0]).to.include({ __hdx_time_bucket: "2025-01-01T00:00:00Z", service: "service-1" });
    expect(rows.slice(0, 6).every((row) => "series_0" in row && !("series_1" in row))).to.equal(true);
    expect(rows.slice(6).every((row) => "series_1" in row && !("series_0" in row))).to.equal(true);
    expect(rows[6]).to.include({ __hdx_time_bucket: "2025-01-01T00:00:00Z", service: "service-1" });
    // The same values as the default layout, which merges the series of a bucket and group into one row.
    const merged = (await query(body)).body.data as Row[];
    expect(merged[0]).to.deep.include({ ts_bucket: Date.UTC(2025, 0, 1), group: ["service-1"] });
    expect(merged[0]["series_0.data"]).to.equal(rows[0].series_0);
    expect(merged[0]["series_1.data"]).to.equal(rows[6].series_1);
  });

  it("groupBy gives one row per group and bucket, with the group's values", async () => {
    const rows = (
      await query({
        series: [{ ...countOf(), groupBy: ["service", "region"] }],
        startTime: start,
        endTime: start + hour,
        granularity: "30m",
      })
    ).body.data as Row[];
    expect(rows).to.have.length(3 * 3);
    expect(rows[0].group).to.deep.equal(["service-1", "region-1"]);
    expect(rows[2].group).to.deep.equal(["service-3", "region-3"]);
  });

  it("a quantile grows with its level, and without one is the median", async () => {
    const at = async (level?: number) => {
      const definition = {
        ...countOf(),
        aggFn: "quantile",
        field: "Duration",
        ...(level === undefined ? {} : { level }),
      };
      const rows = (await query({ series: [definition], startTime: start, endTime: start + hour })).body
        .data as Row[];
      return rows.map((row) => row["series_0.data"] as number);
    };
    const [median, p95, p99, noLevel] = [await at(0.5), await at(0.95), await at(0.99), await at()];
    expect(noLevel).to.deep.equal(median);
    median.forEach((value, index) => {
      expect(p95[index]).to.be.greaterThan(value);
      expect(p99[index]).to.be.greaterThan(p95[index]);
    });
  });

  it("ignores fields it does not know, as the API's validation does", async () => {
    const response = await query({
      series: [{ ...countOf(), dataSource: "events", sortOrder: "desc", alias: "errors" }],
      startTime: start,
      endTime: start + hour,
      limit: 5,
    });
    expect(response.status, response.text).to.equal(200);
  });

  it("finds a source whatever the case of its id", async () => {
    const response = await query({
      series: [{ ...countOf(), sourceId: harness.fixture.sources[0].id.toUpperCase() }],
      startTime: start,
      endTime: start + hour,
    });
    expect(response.status, response.text).to.equal(200);
  });

  it("answers no rows when endTime is not after startTime", async () => {
    for (const endTime of [start, start - hour]) {
      const response = await query({ series: [countOf()], startTime: start, endTime });
      expect(response.status, response.text).to.equal(200);
      expect(response.body).to.deep.equal({ data: [] });
    }
  });

  it("answers 404 naming the first series, from 0, whose source does not exist", async () => {
    const missing = (id: string) => ({ ...countOf(), sourceId: id });
    for (const [series, index] of [
      [[missing("a".repeat(24))], 0],
      [[countOf(), missing("b".repeat(24)), missing("c".repeat(24))], 1],
      // Any 12-character string passes as an object id, and is then not found.
      [[countOf(), countOf(1), missing("abcdefghijkl")], 2],
    ] as const) {
      const response = await query({ series, startTime: start, endTime: start + hour });
      expect(response.status, response.text).to.equal(404);
      expect(response.body).to.deep.equal({ error: `Source not found for series ${index}` });
    }
  });

  it("words a timestamp in seconds, a fraction and zero as the API does", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ startTime: 1_735_725_600 }, "startTime: Timestamp must be in milliseconds"],
      [{ endTime: start + 0.5 }, "endTime: Timestamp must be an integer"],
      [
        { startTime: 0 },
        "startTime: Timestamp must be positive; startTime: Timestamp must be in milliseconds",
      ],
      [
        { startTime: 1.5 },
        "startTime: Timestamp must be an integer; startTime: Timestamp must be in milliseconds",
      ],
    ];
    for (const [times, message] of cases) {
      const response = await query({
        series: [countOf()],
        startTime: start,
        endTime: start + hour,
        ...times,
      });
      expect(response.status, response.text).to.equal(400);
      expect(response.body).to.deep.equal({ message: `Body validation failed: ${message}` });
    }
  });

  it("refuses a body that is no JSON object, null as well as an array or a number", async () => {
    for (const body of [null, [], 5]) {
      const response = await query(body);
      expect(response.status, `${JSON.stringify(body)}: ${response.text}`).to.equal(400);
      expect(response.body).to.deep.equal({
        message: "Body validation failed: The request body must be a JSON object",
      });
    }
  });

  it("refuses series grouped differently in the API's words", async () => {
    const response = await query({
      series: [
        { ...countOf(), groupBy: ["service"] },
        { ...countOf(), groupBy: ["region"] },
      ],
      startTime: start,
      endTime: start + hour,
    });
    expect(response.body).to.deep.equal({
      message: "Body validation failed: series: All series must have the same groupBy fields",
    });
  });

  const within = (fields: Record<string, unknown>) => () => ({
    series: [{ ...countOf(), ...fields }],
    startTime: start,
    endTime: start + hour,
  });
  const without = (field: string) => () => {
    const definition: Record<string, unknown> = { ...countOf() };
    delete definition[field];
    return { series: [definition], startTime: start, endTime: start + hour };
  };
  const rejected: Array<[string, () => unknown, string]> = [
    ["no series", () => ({ series: [], startTime: start, endTime: start + hour }), "series"],
    [
      "six series",
      () => ({ series: Array(6).fill(countOf()), startTime: start, endTime: start + hour }),
      "series",
    ],
    ["a missing startTime", () => ({ series: [countOf()], endTime: start }), "startTime"],
    ["a series without where", without("where"), "series.0.where"],
    ["a series without groupBy", without("groupBy"), "series.0.groupBy"],
    [
      "eleven groupBy fields",
      within({ groupBy: Array.from({ length: 11 }, (_, i) => `f${i}`) }),
      "series.0.groupBy",
    ],
    [
      "an unknown granularity",
      () => ({ series: [countOf()], startTime: start, endTime: start + hour, granularity: "3m" }),
      "granularity",
    ],
    ["an unknown aggFn", within({ aggFn: "median" }), "series.0.aggFn"],
    ["p95, which the API never had", within({ aggFn: "p95" }), "series.0.aggFn"],
    ["a level above 1", within({ aggFn: "quantile", field: "Duration", level: 1.5 }), "series.0.level"],
    ["an unknown whereLanguage", within({ whereLanguage: "kql" }), "series.0.whereLanguage"],
    ["an unknown metricDataType", within({ metricDataType: "counter" }), "series.0.metricDataType"],
    ["a sourceId that is no object id", within({ sourceId: "logs" }), "series.0.sourceId: Invalid ObjectId"],
    [
      "an unknown seriesReturnType",
      () => ({ series: [countOf()], startTime: start, endTime: start + hour, seriesReturnType: "row" }),
      "seriesReturnType",
    ],
    [
      "too many buckets",
      () => ({
        series: [countOf()],
        startTime: Date.UTC(2024, 0, 1),
        endTime: Date.UTC(2025, 0, 1),
        granularity: "30s",
      }),
      "granularity",
    ],
  ];
  for (const [rule, body, field] of rejected) {
    it(`rejects ${rule} with a 400 naming ${field.split(":")[0]}`, async () => {
      expectObservabilityInvalid(await query(body()), field);
    });
  }
});

describe("emulator: chart series on the production wire (HyperDX's database quotes 64-bit integers)", () => {
  const harness = new EmulatorHarness({ dialect: "production" }).install();
  const query = (body: unknown) => harness.observability("POST", "/api/v2/charts/series", { body });
  const start = Date.UTC(2025, 0, 1, 10, 0, 0);
  const series = (aggFn: string, field?: string) => ({
    sourceId: harness.fixture.sources[0].id,
    aggFn,
    ...(field === undefined ? {} : { field }),
    where: "",
    groupBy: [] as string[],
  });

  it("writes counts as strings of digits and averages as numbers, in both row layouts", async () => {
    for (const seriesReturnType of [undefined, "column"]) {
      const response = await query({
        series: [series("count"), series("count_distinct", "UserId"), series("avg", "Duration")],
        startTime: start,
        endTime: start + hour,
        granularity: "15m",
        ...(seriesReturnType === undefined ? {} : { seriesReturnType }),
      });
      expect(response.status, response.text).to.equal(200);
      const rows = response.body.data as Row[];
      const values = (index: number) =>
        rows.flatMap((row) => {
          const value = row[seriesReturnType === "column" ? `series_${index}` : `series_${index}.data`];
          return value === undefined ? [] : [value];
        });
      for (const index of [0, 1]) {
        expect(values(index), `series ${index}, ${seriesReturnType ?? "default"}`).to.have.length(4);
        for (const value of values(index)) expect(value).to.be.a("string").and.match(/^\d+$/);
      }
      expect(values(2)).to.have.length(4);
      for (const value of values(2)) expect(value).to.be.a("number");
    }
  });

  it("refuses an empty series list with HyperDX's own message", async () => {
    const response = await query({ series: [], startTime: start, endTime: start + hour });
    expectObservabilityInvalid(response, "series: Series array cannot be empty");
  });

  it("refuses a body of null as no JSON object, as the specification's wire does", async () => {
    const response = await query(null);
    expect(response.status, response.text).to.equal(400);
    expect(response.body).to.deep.equal({
      message: "Body validation failed: The request body must be a JSON object",
    });
  });

  it("words the body's other problems beside an empty series list as its schema does", async () => {
    const response = await query({ series: [], startTime: "10:00", endTime: start + hour });
    expect(response.body).to.deep.equal({
      message: "Body validation failed: series: Series array cannot be empty; startTime: Expected number",
    });
  });

  it("words a missing, a non-array and an over-long series list as its schema does, not as empty", async () => {
    const refusals: Array<[unknown, string]> = [
      [undefined, "series: Required"],
      ["count", "series: Expected array"],
      [Array.from({ length: 6 }, () => series("count")), "series: Must contain at most 5 element(s)"],
    ];
    for (const [list, message] of refusals) {
      const response = await query({ series: list, startTime: start, endTime: start + hour });
      expect(response.status, response.text).to.equal(400);
      expect(response.body).to.deep.equal({ message: `Body validation failed: ${message}` });
    }
  });
});
