/**
 * Figure 4: `pulumi up` of 50 API keys under the management API's real rate limit (the emulator enforces it, 10
 * requests per 10 s per key) with the provider's throttle at its default, the published limit. The floor is the
 * time the limit itself imposes on the requests the creates needed (429 answers excluded): the first window's
 * requests go at once, each later window's one window after the previous, so N requests need ⌈N / 10⌉ − 1
 * windows. Cleanup between runs (destroy) runs with the limit and the throttle off and is not timed. The runner
 * clears CLICKHOUSE_THROTTLE from its environment, so the throttle really is at its default. The same keys go
 * through both paths, our dynamic classes and the native plugin, `runs` times each.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as nodePath from "node:path";
import { managementRateLimit } from "../../emulator/server/rateLimits";
import { SETTINGS } from "../../schemas/settings";
import type { LocalStack } from "../../scripts/lib/localStack";
import type { BenchContext } from "../context";
import { nativeConfig } from "../nativeProgram";
import { benchStack, expectSummary, oursConfig, runOperation, setProviderThrottle } from "../stacks";
import { summarize, type Summary } from "../stats";

export const throughputKeys = 50;

export type ThroughputPath = "dynamic" | "native";

export interface ThroughputRun {
  /** Through our dynamic classes or the native plugin (absent in results written before the plugin ran here). */
  readonly path?: ThroughputPath;
  readonly wallMs: number;
  /** Requests the operation needed: every request but the 429 answers. */
  readonly requests: number;
  readonly tooManyRequests: number;
  readonly floorMs: number;
  readonly ratio: number;
  /** From the start of `up` to the first request the emulator received: engine, program and provider start. */
  readonly beforeFirstMs: number;
  /** From the first request received to the last: the part the rate limit governs. */
  readonly requestSpanMs: number;
  readonly created: number;
  /** Keys the `up` did not create. */
  readonly failed: number;
  /** The engine's error, when `up` failed. */
  readonly error?: string;
}

export interface ThroughputResult {
  readonly keys: number;
  readonly limit: { readonly requests: number; readonly windowMs: number };
  readonly runs: ThroughputRun[];
  /** Wall / floor and wall time of the dynamic path's runs. */
  readonly ratio: Summary;
  readonly wallMs: Summary;
  /** The same of the native plugin's runs. */
  readonly native?: { readonly ratio: Summary; readonly wallMs: Summary };
}

export async function measureThroughput(context: BenchContext, runs: number): Promise<ThroughputResult> {
  const { emulator } = context;
  const dynamic = await benchStack("ours", oursConfig(context, ["ApiKey"], throughputKeys));
  const nativeConfigMap = nativeConfig(context, ["ApiKey"], throughputKeys);
  // The plugin's throttle at its default: its setting left out of the stack config.
  delete nativeConfigMap["clickhouse-cloud:throttle"];
  const native = await benchStack("native", nativeConfigMap);
  try {
    const results: ThroughputRun[] = [];
    for (let round = 0; round < runs; round++) {
      // The two paths alternate, so a drift in the machine's load does not favour either.
      for (const [path, stack] of [
        ["dynamic", dynamic],
        ["native", native],
      ] as const) {
        const run = await rateLimitedUp(context, stack, path);
        results.push(run);
        context.log(
          `figure 4: ${path}: run ${round + 1} of ${runs}: ${(run.wallMs / 1000).toFixed(1)} s for ` +
            `${run.requests} requests, ${run.tooManyRequests} answered 429, ${run.failed} failed; first request ` +
            `after ${(run.beforeFirstMs / 1000).toFixed(1)} s, requests spanning ${(run.requestSpanMs / 1000).toFixed(1)} s`,
        );
      }
    }
    const ofPath = (path: ThroughputPath) => results.filter((r) => r.path === path);
    return {
      keys: throughputKeys,
      limit: { requests: managementRateLimit.max, windowMs: managementRateLimit.timeWindowMs },
      runs: results,
      ratio: summarize(ofPath("dynamic").map((r) => r.ratio)),
      wallMs: summarize(ofPath("dynamic").map((r) => r.wallMs)),
      native: {
        ratio: summarize(ofPath("native").map((r) => r.ratio)),
        wallMs: summarize(ofPath("native").map((r) => r.wallMs)),
      },
    };
  } finally {
    await emulator.control.updateSettings({ rateLimits: false });
    await dynamic.dispose();
    await native.dispose();
  }
}

async function rateLimitedUp(
  context: BenchContext,
  stack: LocalStack,
  path: ThroughputPath,
): Promise<ThroughputRun> {
  const { control } = context.emulator;
  // A reset also forgets the rate-limit counters, so every run starts with a full window.
  await control.reset();
  await control.updateSettings({ rateLimits: true });
  if (path === "dynamic") await setProviderThrottle(stack, true);
  await control.clearRequests();
  // The provider keeps the key's budget in files under the OS temp directory, shared by its processes; they
  // remember the previous run's requests, which the emulator's reset has just forgotten. A fresh temp directory
  // per run starts the client's budget with a full window too, as the floor assumes.
  const env = stack.stack.workspace.envVars;
  const budgetRoot = fs.mkdtempSync(nodePath.join(os.tmpdir(), "chc-bench-budget-"));
  env.TMPDIR = budgetRoot;

  const startedAt = Date.now();
  const started = process.hrtime.bigint();
  let error: string | undefined;
  try {
    const { changes } = await runOperation(stack, "up");
    expectSummary("50 API keys: up", changes, { create: throughputKeys + 1 });
  } catch (failure) {
    error = firstLines(failure instanceof Error ? failure.message : String(failure));
  }
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;

  const log = await control.requests();
  const tooManyRequests = log.filter((entry) => entry.status === 429).length;
  const requests = log.length - tooManyRequests;
  const floorMs = rateLimitFloorMs(requests, managementRateLimit.max, managementRateLimit.timeWindowMs);
  const created = (await stack.resources()).length;
  const receivedAt = log.map((entry) => Date.parse(entry.startedAt)).sort((a, b) => a - b);
  const beforeFirstMs = receivedAt.length > 0 ? receivedAt[0] - startedAt : 0;
  const requestSpanMs = receivedAt.length > 0 ? receivedAt[receivedAt.length - 1] - receivedAt[0] : 0;

  await control.updateSettings({ rateLimits: false });
  await destroyUnthrottled(stack);
  delete env.TMPDIR;
  fs.rmSync(budgetRoot, { recursive: true, force: true });
  await control.reset();
  return {
    path,
    wallMs,
    requests,
    tooManyRequests,
    floorMs,
    ratio: wallMs / floorMs,
    beforeFirstMs,
    requestSpanMs,
    created,
    failed: throughputKeys - created,
    ...(error === undefined ? {} : { error }),
  };
}

/** The least time `requests` requests take under a limit of `limit` per window: the first window's go at once. */
export function rateLimitFloorMs(requests: number, limit: number, windowMs: number): number {
  return Math.max(0, Math.ceil(requests / limit) - 1) * windowMs;
}

/**
 * Cleanup at full speed. Destroy does not run the program, so its provider gets the config recorded in state by
 * the `up` (no throttle setting: the default); the environment variable is what fills that gap.
 */
export async function destroyUnthrottled(stack: LocalStack): Promise<void> {
  const env = stack.stack.workspace.envVars;
  env[SETTINGS.managementThrottle.envVar] = "off";
  try {
    await runOperation(stack, "destroy");
  } finally {
    delete env[SETTINGS.managementThrottle.envVar];
  }
}

/** Enough of an engine error to say what failed, without its whole log. */
function firstLines(message: string): string {
  return message.split("\n").slice(0, 12).join("\n");
}
