/**
 * Figure 7: parallel pipelines sharing one API key. 2 and then 4 `pulumi up` of different stacks at once, each
 * creating 20 API keys with the same credentials, under the management API's real rate limit (the emulator
 * enforces 10 requests per 10 s per key) with each provider's throttle at its default, the published limit. Each
 * count runs twice: with the key's budget shared by the processes (the default), and with
 * PULUMI_CLICKHOUSE_CLOUD_SHARED_BUDGET=off, where each process throttles only itself, so together they send more
 * than the key allows and wait out 429s. The floor is what the limit imposes on the requests the creates needed
 * (429 answers excluded), as in figure 4: the first 10 at once, then 10 per further window.
 * Wall time runs from the start of the first `up` to the end of the last. Cleanup (destroy) runs with the limit
 * and the throttle off and is not timed.
 */
import * as path from "node:path";
import { managementRateLimit } from "../../emulator/server/rateLimits";
import { sharedBudgetVariable } from "../../provider/rest/budget/sharedBudgetSetting";
import * as fs from "node:fs";
import * as os from "node:os";
import { LocalStack } from "../../scripts/lib/localStack";
import { RedisServer } from "../../scripts/lib/redisServer";
import type { BenchContext } from "../context";
import { expectSummary, oursConfig, runOperation } from "../stacks";
import { summarize, type Summary } from "../stats";
import { destroyUnthrottled, rateLimitFloorMs } from "./throughput";

export const sharedKeyPipelines = [2, 4] as const;
export const keysPerPipeline = 20;

const repoRoot = path.resolve(__dirname, "..", "..", "..");

/** How the processes share the key's budget: the machine's files (the default), not at all, or through Redis. */
export type SharedKeyMode = "machine" | "off" | "redis";
export const sharedKeyModes: readonly SharedKeyMode[] = ["machine", "off", "redis"];

export interface SharedKeyRun {
  readonly pipelines: number;
  /** Whether the processes shared the key's budget (the machine's, or Redis's) or each throttled only itself. */
  readonly sharedBudget: boolean;
  /** True when the budget was shared through Redis, each stack with a temp dir of its own. */
  readonly redis?: boolean;
  readonly wallMs: number;
  readonly requests: number;
  readonly tooManyRequests: number;
  readonly floorMs: number;
  readonly ratio: number;
  /** Ups that failed, with the first lines of their errors. */
  readonly failures: string[];
}

export interface SharedKeyResult {
  readonly keysPerPipeline: number;
  readonly limit: { readonly requests: number; readonly windowMs: number };
  readonly runs: SharedKeyRun[];
  /** Ratio to the floor with the machine's shared budget, by number of pipelines. */
  readonly ratio: Record<string, Summary>;
  /** Ratio to the floor through Redis, by number of pipelines (runners). */
  readonly redisRatio?: Record<string, Summary>;
}

/** How a run's processes shared the budget (results from before Redis runs have no `redis` field). */
export function sharedKeyModeOf(run: SharedKeyRun): SharedKeyMode {
  return run.redis ? "redis" : run.sharedBudget ? "machine" : "off";
}

const modeNames: Record<SharedKeyMode, string> = {
  machine: "shared budget",
  off: "per-process throttle",
  redis: "through Redis, separate temp dirs",
};

export async function measureSharedKey(context: BenchContext, runs: number): Promise<SharedKeyResult> {
  const results: SharedKeyRun[] = [];
  const redis = await RedisServer.start();
  try {
    for (const pipelines of sharedKeyPipelines) {
      for (let round = 0; round < runs * sharedKeyModes.length; round++) {
        const mode = sharedKeyModes[round % sharedKeyModes.length];
        const run = await parallelUps(context, pipelines, mode, redis.url());
        results.push(run);
        context.log(
          `figure 7: ${pipelines} pipelines, ${modeNames[mode]}, ` +
            `run ${Math.floor(round / sharedKeyModes.length) + 1} of ${runs}: ${(run.wallMs / 1000).toFixed(1)} s for ` +
            `${run.requests} requests (floor ${(run.floorMs / 1000).toFixed(0)} s, ratio ${run.ratio.toFixed(2)}), ` +
            `${run.tooManyRequests} answered 429, ${run.failures.length} ups failed`,
        );
      }
    }
  } finally {
    await redis.stop();
  }
  const ratioOf = (mode: SharedKeyMode) =>
    Object.fromEntries(
      sharedKeyPipelines.map((n) => [
        String(n),
        summarize(
          results.filter((r) => r.pipelines === n && sharedKeyModeOf(r) === mode).map((r) => r.ratio),
        ),
      ]),
    );
  return {
    keysPerPipeline,
    limit: { requests: managementRateLimit.max, windowMs: managementRateLimit.timeWindowMs },
    runs: results,
    ratio: ratioOf("machine"),
    redisRatio: ratioOf("redis"),
  };
}

async function parallelUps(
  context: BenchContext,
  pipelines: number,
  mode: SharedKeyMode,
  redisUrl: string,
): Promise<SharedKeyRun> {
  const { control } = context.emulator;
  // Runners on different machines: no temp dir in common, so only Redis joins their budgets.
  const ownTemp = mode === "redis" ? fs.mkdtempSync(path.join(os.tmpdir(), "bench-runners-")) : undefined;
  const stacks = await Promise.all(
    Array.from({ length: pipelines }, (_, index) =>
      LocalStack.create({
        projectDir: path.join(repoRoot, "bench", "programs", "ours"),
        programModule: path.join(repoRoot, "dist", "bench", "programs", "ours", "index.js"),
        stackName: `bench-shared-key-${process.pid}-${index}`,
        config: {
          ...oursConfig(context, ["ApiKey"], keysPerPipeline),
          ...(mode === "redis" ? { "clickhouse:sharedBudget": { value: redisUrl, secret: true } } : {}),
        },
        env:
          mode === "off"
            ? { [sharedBudgetVariable]: "off" }
            : ownTemp === undefined
              ? {}
              : { TMPDIR: fs.mkdtempSync(path.join(ownTemp, `runner-${index}-`)) },
      }),
    ),
  );
  try {
    // A reset also forgets the rate-limit counters, so every run starts with a full window.
    await control.reset();
    await control.updateSettings({ rateLimits: true });
    await control.clearRequests();
    const started = process.hrtime.bigint();
    const outcomes = await Promise.allSettled(
      stacks.map(async (stack) => {
        const { changes } = await runOperation(stack, "up");
        expectSummary(`${keysPerPipeline} API keys: up`, changes, { create: keysPerPipeline + 1 });
      }),
    );
    const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
    const log = await control.requests();
    const tooManyRequests = log.filter((entry) => entry.status === 429).length;
    const requests = log.length - tooManyRequests;
    const floorMs = rateLimitFloorMs(requests, managementRateLimit.max, managementRateLimit.timeWindowMs);
    await control.updateSettings({ rateLimits: false });
    for (const stack of stacks) await destroyUnthrottled(stack);
    await control.reset();
    return {
      pipelines,
      sharedBudget: mode !== "off",
      ...(mode === "redis" ? { redis: true } : {}),
      wallMs,
      requests,
      tooManyRequests,
      floorMs,
      ratio: wallMs / floorMs,
      failures: outcomes.flatMap((outcome) =>
        outcome.status === "rejected" ? [String(outcome.reason).split("\n").slice(0, 6).join("\n")] : [],
      ),
    };
  } finally {
    await control.updateSettings({ rateLimits: false });
    await Promise.all(stacks.map((stack) => stack.dispose()));
    if (ownTemp !== undefined) fs.rmSync(ownTemp, { recursive: true, force: true });
  }
}
