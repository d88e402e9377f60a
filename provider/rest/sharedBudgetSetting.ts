/**
 * Whether a throttled client shares its key's budget with the other processes of this machine (see
 * sharedBudget.ts). On unless PULUMI_CLICKHOUSE_CLOUD_SHARED_BUDGET is `off`, which leaves each process to
 * throttle only itself (the benchmark compares the two), or unless this user's budget directory fails its checks
 * (budgetDirectory.ts), which turns sharing off with one warning line.
 */
import type { Clock } from "./clock";
import { budgetDirectory, budgetRoot, privateDirectoryProblem } from "./budgetDirectory";
import { SharedBudget, type SharedBudgetSettings } from "./sharedBudget";

export const sharedBudgetVariable = "PULUMI_CLICKHOUSE_CLOUD_SHARED_BUDGET";

/** The directory problems already reported: each once per process, whichever client met it. */
const warned = new Set<string>();

export function sharedBudgetFor(
  baseUrl: string,
  credential: string,
  settings: SharedBudgetSettings,
  clock: Clock,
  log?: (line: string) => void,
): SharedBudget | undefined {
  if (process.env[sharedBudgetVariable]?.trim().toLowerCase() === "off") return undefined;
  const dir = budgetDirectory(baseUrl, credential);
  const problem = privateDirectoryProblem(budgetRoot()) ?? privateDirectoryProblem(dir);
  if (problem !== undefined) {
    if (!warned.has(problem)) {
      warned.add(problem);
      log?.(
        `shared rate-limit budget off: ${problem}, so another user may have made it; ` +
          "this process throttles only itself",
      );
    }
    return undefined;
  }
  return new SharedBudget(dir, settings, clock, log);
}
