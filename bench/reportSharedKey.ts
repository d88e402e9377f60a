/** The figure 7 parts of bench/results.md: its summary rows and its section. */
import {
  sharedKeyModeOf,
  sharedKeyPipelines,
  type SharedKeyMode,
  type SharedKeyResult,
} from "./figures/sharedKey";
import { goals } from "./results";
import { seconds } from "./stats";
import { met, ratioSpread, table } from "./markdown";

const budgetNames: Record<SharedKeyMode, string> = {
  machine: "shared (default)",
  off: "per process",
  redis: "Redis, own temp dirs",
};

export function sharedKeySummaryRows(k: SharedKeyResult | undefined): string[][] {
  if (k === undefined) return [];
  const rows: string[][] = [];
  for (const pipelines of sharedKeyPipelines) {
    for (const mode of ["machine", "redis"] as const) {
      const runs = k.runs.filter((run) => run.pipelines === pipelines && sharedKeyModeOf(run) === mode);
      const ratio = mode === "machine" ? k.ratio[String(pipelines)] : k.redisRatio?.[String(pipelines)];
      if (runs.length === 0 || ratio === undefined) continue;
      const failed = runs.reduce((sum, run) => sum + run.failures.length, 0);
      const tooMany = runs.reduce((sum, run) => sum + run.tooManyRequests, 0);
      const what =
        mode === "machine"
          ? `${pipelines} parallel ups sharing one key (${k.keysPerPipeline} keys each), wall / floor`
          : `${pipelines} runners sharing one key through Redis, separate temp dirs (${k.keysPerPipeline} keys each), wall / floor`;
      // Through Redis the budget is the only thing between the runners and the limit: a 429 misses the goal.
      const noTooMany = mode === "redis";
      rows.push([
        "7",
        what,
        `${ratio.median.toFixed(2)} ${ratioSpread(ratio)}; ${tooMany} × 429, ${failed} ups failed`,
        `≤ ${goals.sharedKeyRatio}, ${noTooMany ? "no 429, " : ""}none failed`,
        met(ratio.median <= goals.sharedKeyRatio && failed === 0 && (!noTooMany || tooMany === 0)),
      ]);
    }
  }
  return rows;
}

export function sharedKeySection(k: SharedKeyResult | undefined): string[] {
  if (k === undefined) return [];
  const rows = k.runs.map((run) => [
    String(run.pipelines),
    budgetNames[sharedKeyModeOf(run)],
    seconds(run.wallMs),
    String(run.requests),
    seconds(run.floorMs),
    run.ratio.toFixed(2),
    String(run.tooManyRequests),
    String(run.failures.length),
  ]);
  const errors = k.runs.flatMap((run) => run.failures.map((failure) => `- ${failure.split("\n")[0]}`));
  return [
    "## Figure 7: parallel pipelines sharing one API key",
    "",
    `2 and 4 \`pulumi up\` of different stacks at once, ${k.keysPerPipeline} API keys each, all with the same ` +
      `credentials. The emulator enforces ${k.limit.requests} requests per ${k.limit.windowMs / 1000} s per key; ` +
      "each provider's throttle is at its default, its budget shared by the processes through files under the OS " +
      "temp dir, or (PULUMI_CLICKHOUSE_CLOUD_SHARED_BUDGET=off) each process on its own, or, as runners on " +
      "different machines, each stack with a temp dir of its own and the budget shared through one Redis " +
      "(clickhouse:sharedBudget). " +
      "Wall time from the first start to the last end; floor = what the limit imposes on the requests needed " +
      "(429 answers excluded): the first window's worth at once, then one window's worth per further window.",
    "",
    table(
      ["pipelines", "budget", "wall (s)", "requests", "floor (s)", "wall / floor", "429", "ups failed"],
      rows,
    ),
    ...(errors.length > 0 ? ["", "Errors:", ...errors] : []),
    "",
  ];
}
