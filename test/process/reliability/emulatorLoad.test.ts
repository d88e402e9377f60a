import { execFile } from "node:child_process";
import * as path from "node:path";
import { promisify } from "node:util";
import * as v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { dedicatedEmulator, requestStats, takeRequests } from "../../support/reliability/emulators";
import type { LoadPlan, LoadResult } from "./support/loadGenerator";
import { reportCase } from "../../support/reliability/report";

const loadGenerator = path.join(__dirname, "support", "loadGenerator.js");
const burst = { amount: 5_000, connections: 32 };
const megabyte = 1024 * 1024;

/** A full garbage collection, whether or not node was started with --expose-gc. */
function collectGarbage(): void {
  v8.setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}

function memory(): { heapUsed: number; rss: number } {
  collectGarbage();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapUsed, rss };
}

const inMegabytes = (bytes: number) => `${(bytes / megabyte).toFixed(1)} MB`;

describe("emulator under load: a bounded burst, rate limits off", function () {
  this.timeout(120_000);
  let emulator: RunningEmulator;

  before(async () => {
    emulator = await dedicatedEmulator();
  });

  after(async () => {
    await emulator?.close();
  });

  /** Reads and a query of both APIs, with the fixture's credentials. */
  function plan(amount: number): LoadPlan {
    const { fixture } = emulator;
    const basic = `Basic ${Buffer.from(`${fixture.tokenKey}:${fixture.tokenSecret}`).toString("base64")}`;
    const bearer = `Bearer ${fixture.observabilityToken}`;
    const orgPath = `/v1/organizations/${fixture.organizationId}`;
    const now = Date.UTC(2026, 0, 1);
    return {
      url: emulator.url,
      amount,
      connections: burst.connections,
      requests: [
        {
          method: "GET",
          path: `${orgPath}/services/${fixture.services.production}`,
          headers: { authorization: basic },
        },
        { method: "GET", path: `${orgPath}/keys`, headers: { authorization: basic } },
        { method: "GET", path: "/api/v2/alerts", headers: { authorization: bearer } },
        {
          method: "POST",
          path: "/api/v2/charts/series",
          headers: { authorization: bearer, "content-type": "application/json" },
          body: JSON.stringify({
            series: [
              {
                sourceId: fixture.sources[0].id,
                aggFn: "quantile",
                level: 0.95,
                field: "Duration",
                where: "",
                groupBy: [],
              },
            ],
            startTime: now - 3_600_000,
            endTime: now,
            granularity: "1m",
          }),
        },
      ],
    };
  }

  async function fire(amount: number): Promise<LoadResult> {
    const { stdout } = await promisify(execFile)("node", [loadGenerator, JSON.stringify(plan(amount))]);
    return JSON.parse(stdout.trim()) as LoadResult;
  }

  /** Counts of the request log, which is emptied; the entries themselves are not kept. */
  async function summarizeLog() {
    const entries = await takeRequests(emulator);
    return { ...requestStats(entries), serverErrors: entries.filter((entry) => entry.status >= 500).length };
  }

  it("answers 5,000 requests from 32 connections without a 5xx, and its memory comes back", async () => {
    // A short warm-up first, so that lazily built routes, schemas and JIT code are part of the starting size.
    await fire(400);
    await emulator.control.clearRequests();
    const before = memory();

    const result = await fire(burst.amount);
    // The request log keeps what it logged (bounded at 10,000 entries), so it is counted, then emptied.
    const withLog = memory();
    const stats = await summarizeLog();
    const after = memory();

    expect(result.sent).to.equal(burst.amount);
    expect(result.serverErrors).to.equal(0);
    expect(result.errors).to.equal(0);
    expect(result.timeouts).to.equal(0);
    expect(Object.keys(result.statusCounts)).to.deep.equal(["200"]);
    expect(stats.requests).to.equal(burst.amount);
    expect(stats.serverErrors).to.equal(0);

    const heapGrowth = after.heapUsed - before.heapUsed;
    const rssGrowth = after.rss - before.rss;
    console.log(
      `      ${result.sent} requests in ${result.durationSeconds} s, p99 ${result.latencyP99Ms} ms; heapUsed ` +
        `${inMegabytes(before.heapUsed)} before, ${inMegabytes(withLog.heapUsed)} with the log, ` +
        `${inMegabytes(after.heapUsed)} after (${inMegabytes(heapGrowth)}); rss ${inMegabytes(before.rss)} -> ` +
        `${inMegabytes(after.rss)}`,
    );
    expect(heapGrowth, "heap growth after the burst").to.be.below(16 * megabyte);
    expect(rssGrowth, "rss growth after the burst").to.be.below(128 * megabyte);
    reportCase({
      case: "emulator load: 5,000 requests, 32 connections",
      injected: "burst, rate limits off",
      result: `no 5xx; heap ${inMegabytes(before.heapUsed)} -> ${inMegabytes(after.heapUsed)}`,
      requests: stats.requests,
      tooManyRequests: stats.tooManyRequests,
      faults: stats.faults,
    });
  });
});
