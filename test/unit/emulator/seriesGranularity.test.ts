/**
 * Every granularity the API documents (30s, 1m, 5m, 10m, 15m, 30m, 1h, 2h, 6h, 12h, 1d, 2d, 7d, 30d,
 * auto) is accepted, and each fixed one makes buckets of its own size, aligned to multiples of that size.
 */
import { expect } from "chai";
import { EmulatorHarness } from "../../support/httpRequests";

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

const bucketSizes: Array<[string, number]> = [
  ["30s", 30 * second],
  ["1m", minute],
  ["5m", 5 * minute],
  ["10m", 10 * minute],
  ["15m", 15 * minute],
  ["30m", 30 * minute],
  ["1h", hour],
  ["2h", 2 * hour],
  ["6h", 6 * hour],
  ["12h", 12 * hour],
  ["1d", day],
  ["2d", 2 * day],
  ["7d", 7 * day],
  ["30d", 30 * day],
];

describe("emulator: every documented series granularity", () => {
  const harness = new EmulatorHarness().install();
  const query = (body: unknown) => harness.observability("POST", "/api/v2/charts/series", { body });
  const series = () => [{ sourceId: harness.fixture.sources[0].id, aggFn: "count", where: "", groupBy: [] }];

  for (const [granularity, size] of bucketSizes) {
    it(`${granularity}: three buckets ${size} ms apart over three ${granularity} steps`, async () => {
      const startTime = Math.ceil(Date.UTC(2025, 0, 1) / size) * size;
      const response = await query({
        series: series(),
        startTime,
        endTime: startTime + 3 * size,
        granularity,
      });
      expect(response.status, response.text).to.equal(200);
      const buckets = (response.body.data as Array<{ ts_bucket: number }>).map((row) => row.ts_bucket);
      expect(buckets).to.deep.equal([startTime, startTime + size, startTime + 2 * size]);
    });
  }

  it("auto is accepted and answers rows", async () => {
    const startTime = Date.UTC(2025, 0, 1);
    const response = await query({
      series: series(),
      startTime,
      endTime: startTime + hour,
      granularity: "auto",
    });
    expect(response.status, response.text).to.equal(200);
    expect(response.body.data).to.have.length.greaterThan(0);
  });

  const thirtyDays = 30 * day;
  it("refuses more than 10000 buckets, naming auto when the query gives no granularity", async () => {
    // 10001 steps of 30 days (auto's largest) from a start that is no multiple of 30 days: 10002 buckets.
    const startTime = Date.UTC(2025, 0, 1);
    const response = await query({ series: series(), startTime, endTime: startTime + 10_001 * thirtyDays });
    expect(response.status, response.text).to.equal(400);
    expect(response.body).to.deep.equal({
      message:
        "Body validation failed: granularity: auto gives 10002 buckets between startTime and endTime; " +
        "the emulator answers at most 10000",
    });
  });

  it("refuses more than 10000 buckets, naming the granularity the query gives", async () => {
    const startTime = Date.UTC(2025, 0, 1);
    const response = await query({
      series: series(),
      startTime,
      endTime: startTime + 10_001 * 30_000,
      granularity: "30s",
    });
    expect(response.status, response.text).to.equal(400);
    expect(response.body).to.deep.equal({
      message:
        "Body validation failed: granularity: 30s gives 10001 buckets between startTime and endTime; " +
        "the emulator answers at most 10000",
    });
  });
});
