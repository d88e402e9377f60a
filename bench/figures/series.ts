/**
 * Figure 5: latency of getSeries, called from this process as a program would, for a query of five series; and
 * the provider's own share of it: the time the call took here minus the time the emulator spent on the request
 * (its log's durationMs). The share covers argument validation, settings resolution, the HTTP client, response
 * validation and reshaping the rows into series. Rate limits and the client throttle are off: the figure is
 * about the call, not about waiting for a rate window.
 */
import * as pulumi from "@pulumi/pulumi";
import { getSeries, type SeriesQueryArgs } from "pulumi-clickhouse-cloud";
import { SETTINGS } from "../../schemas/settings";
import type { BenchContext } from "../context";
import { percentile, summarize, type Summary } from "../stats";

export const seriesCallsPerRun = 100;
const warmUpCalls = 10;
const seriesRoute = "POST /api/v2/charts/series";

export interface SeriesRunStats {
  /** Client-side latency, ms. */
  readonly median: number;
  readonly p99: number;
  /** Client time minus server time, ms. */
  readonly providerMedian: number;
  readonly providerP99: number;
}

export interface SeriesResult {
  readonly callsPerRun: number;
  readonly seriesPerQuery: number;
  readonly runs: SeriesRunStats[];
  readonly median: Summary;
  readonly p99: Summary;
  readonly providerMedian: Summary;
  readonly providerP99: Summary;
  /** providerMedian over median, of the median run. */
  readonly providerShare: number;
}

export async function measureSeries(context: BenchContext): Promise<SeriesResult> {
  const { fixture } = context.emulator;
  // getSeries reads stack config first, then the environment; outside a program there is no stack config, but
  // an inline program run earlier in this process could have left some: clear it.
  pulumi.runtime.setAllConfig({});
  const restoreEnv = setEnv({
    [SETTINGS.observabilityApiUrl.envVar]: fixture.observabilityUrl,
    [SETTINGS.observabilityApiToken.envVar]: fixture.observabilityToken,
    [SETTINGS.observabilityThrottle.envVar]: "off",
  });
  try {
    return await measureCalls(context);
  } finally {
    restoreEnv();
  }
}

async function measureCalls(context: BenchContext): Promise<SeriesResult> {
  const { fixture, control } = context.emulator;
  const query = fiveSeriesQuery(fixture.sources.map((source) => source.id));
  for (let i = 0; i < warmUpCalls; i++) await getSeries(query);

  const runs: SeriesRunStats[] = [];
  for (let round = 0; round < context.runs; round++) {
    await control.clearRequests();
    const clientMs: number[] = [];
    // One call at a time, so the n-th log entry is the n-th call's request.
    for (let i = 0; i < seriesCallsPerRun; i++) {
      const started = process.hrtime.bigint();
      await getSeries(query);
      clientMs.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    const serverMs = (await control.requests())
      .filter((e) => e.route === seriesRoute)
      .map((e) => e.durationMs);
    if (serverMs.length !== clientMs.length) {
      throw new Error(
        `expected ${clientMs.length} series requests in the emulator's log, found ${serverMs.length}`,
      );
    }
    const providerMs = clientMs.map((ms, i) => ms - serverMs[i]);
    runs.push({
      median: percentile(clientMs, 50),
      p99: percentile(clientMs, 99),
      providerMedian: percentile(providerMs, 50),
      providerP99: percentile(providerMs, 99),
    });
    context.log(`figure 5: run ${round + 1} of ${context.runs} done`);
  }
  const median = summarize(runs.map((r) => r.median));
  const providerMedian = summarize(runs.map((r) => r.providerMedian));
  return {
    callsPerRun: seriesCallsPerRun,
    seriesPerQuery: query.series.length,
    runs,
    median,
    p99: summarize(runs.map((r) => r.p99)),
    providerMedian,
    providerP99: summarize(runs.map((r) => r.providerP99)),
    providerShare: providerMedian.median / median.median,
  };
}

/** Sets environment variables (the engine's later commands inherit this process's environment); returns an undo. */
function setEnv(values: Record<string, string>): () => void {
  const previous = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]));
  Object.assign(process.env, values);
  return () => {
    for (const [key, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
}

/** Five series over the fixture's sources: a day in 15-minute buckets (96 rows). */
function fiveSeriesQuery(sourceIds: string[]): SeriesQueryArgs {
  const endTime = Date.UTC(2026, 0, 2);
  const source = (i: number) => sourceIds[i % sourceIds.length];
  return {
    series: [
      { sourceId: source(0), aggFn: "count" },
      { sourceId: source(1), aggFn: "avg", field: "Duration", where: "level:error" },
      { sourceId: source(2), aggFn: "quantile", level: 0.95, field: "Duration" },
      { sourceId: source(0), aggFn: "max", field: "Duration" },
      { sourceId: source(1), aggFn: "sum", field: "Bytes" },
    ],
    startTime: endTime - 24 * 3600_000,
    endTime,
    granularity: "15m",
  };
}
