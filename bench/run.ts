/**
 * `npm run bench`: measures figures 1 to 9 (see bench/README.md) against an in-process emulator and the real
 * Pulumi engine, prints the tables and writes bench/results.md and bench/results.json.
 *
 * Environment: BENCH_RUNS (repetitions of figures 1 and 5, default 5), BENCH_THROUGHPUT_RUNS (of figure 4,
 * on each path, default 2), BENCH_FIGURES (e.g. "1,3"; figures 2 and 8 come from figure 1's states and rounds, so they bring
 * figure 1 along). A run of only some figures prints its tables and leaves the results files alone.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { startEmulator } from "../emulator";
import { SETTINGS } from "../schemas/settings";
import type { BenchContext } from "./context";
import { benchFixtureIds } from "./fixtureIds";
import { measureOverhead } from "./figures/overhead";
import { measureOverheadCauses } from "./figures/overheadCauses";
import { measureNative } from "./figures/native";
import { measureRefreshAtScale } from "./figures/refreshAtScale";
import { measureRequests } from "./figures/requests";
import { measureScale } from "./figures/scale";
import { measureSeries } from "./figures/series";
import { measureSharedKey } from "./figures/sharedKey";
import { measureStateSize } from "./figures/stateSize";
import { measureThroughput } from "./figures/throughput";
import { describeMachine, withEndLoad } from "./machine";
import { renderReport } from "./report";
import { renderScaleChart } from "./scaleChart";
import { figureNumbers, type BenchResults, type BenchSettings, type FigureNumber } from "./results";
import { BenchSettingsError, readSettings } from "./settings";

const benchDir = path.resolve(__dirname, "..", "..", "bench");

async function main(): Promise<void> {
  const settings = readSettings(process.env);
  // Each figure sets the throttle itself; one exported in this shell must not reach the engine's commands.
  for (const spec of [SETTINGS.managementThrottle, SETTINGS.observabilityThrottle])
    delete process.env[spec.envVar];
  const started = Date.now();
  const machine = await describeMachine();
  // Reverse private endpoints (provisioningDelayMs) and services (awakeningDelayMs: provisioning, starting,
  // stopping, terminating) settle at once, so no command waits on the emulator's clock.
  const emulator = await startEmulator({
    provisioningDelayMs: 0,
    awakeningDelayMs: 0,
    rateLimits: false,
    seed: 1,
  });
  const log = (line: string) => console.error(`[bench] ${line}`);
  log(`figures ${settings.figures.join(", ")}; ${settings.runs} runs (figure 4: ${settings.throughputRuns})`);
  let results: Omit<BenchResults, "durationSeconds" | "machine">;
  try {
    const fixtureIds = await benchFixtureIds(emulator);
    await emulator.control.clearRequests();
    // Three days ahead: no scaling schedule's window is active during the run, whatever its length.
    const scheduleWeekday = (new Date().getUTCDay() + 3) % 7;
    results = await measure({ emulator, fixtureIds, scheduleWeekday, runs: settings.runs, log }, settings);
  } finally {
    await emulator.close();
  }
  const complete: BenchResults = {
    ...results,
    machine: withEndLoad(machine),
    durationSeconds: (Date.now() - started) / 1000,
  };
  const report = renderReport(complete);
  console.log(report);
  if (settings.figures.length === figureNumbers.length) {
    fs.writeFileSync(path.join(benchDir, "results.md"), report);
    fs.writeFileSync(path.join(benchDir, "results.json"), `${JSON.stringify(complete, null, 2)}\n`);
    fs.writeFileSync(path.join(benchDir, "scale.svg"), renderScaleChart(complete.scale!));
    log(`wrote ${path.relative(process.cwd(), benchDir)}/results.md, results.json and scale.svg`);
  } else {
    log("only some figures ran: bench/results.* left as they were");
  }
}

async function measure(
  context: BenchContext,
  settings: BenchSettings,
): Promise<Omit<BenchResults, "durationSeconds" | "machine">> {
  const wanted = (figure: FigureNumber) => settings.figures.includes(figure);
  const date = new Date().toISOString();
  // Figure 5 first: it calls getSeries in this process, before any inline program has run here.
  const series = wanted(5) ? await measureSeries(context) : undefined;
  let overhead: BenchResults["overhead"];
  let stateSize: BenchResults["stateSize"];
  let native: BenchResults["native"];
  if (wanted(1) || wanted(2) || wanted(8)) {
    const { result, states, samples } = await measureOverhead(context, wanted(8));
    overhead = { ...result, causes: await measureOverheadCauses() };
    stateSize = measureStateSize(states);
    if (wanted(8)) {
      context.log("figure 8: the plugin's start and the dynamic-provider process's start, 5 times each");
      native = await measureNative(samples, states, result.resourcesPerProgram);
    }
  }
  const requests = wanted(3) ? await measureRequests(context) : undefined;
  const throughput = wanted(4) ? await measureThroughput(context, settings.throughputRuns) : undefined;
  const scale = wanted(6) ? await measureScale(context) : undefined;
  // One run per pipeline count and mode: together about 6 minutes of waiting for the rate limit.
  const sharedKey = wanted(7) ? await measureSharedKey(context, 1) : undefined;
  const refreshAtScale = wanted(9) ? await measureRefreshAtScale(context) : undefined;
  return {
    date,
    settings,
    overhead,
    stateSize,
    requests,
    throughput,
    series,
    scale,
    sharedKey,
    native,
    refreshAtScale,
  };
}

main().then(
  // Stray handles of the engine's language servers must not keep a finished run alive.
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof BenchSettingsError) {
      console.error(`npm run bench: ${error.message}`);
      process.exit(2);
    }
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
