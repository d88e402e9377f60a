/**
 * Whether a throttled client shares its key's budget with the other processes of this machine (see
 * sharedBudget.ts). On unless PULUMI_CLICKHOUSE_CLOUD_SHARED_BUDGET is `off`, which leaves each process to
 * throttle only itself (the benchmark compares the two).
 */
import type { Clock } from "./clock";
import { budgetDirectory, SharedBudget, type SharedBudgetSettings } from "./sharedBudget";

export const sharedBudgetVariable = "PULUMI_CLICKHOUSE_CLOUD_SHARED_BUDGET";

export function sharedBudgetFor(
  baseUrl: string,
  credential: string,
  settings: SharedBudgetSettings,
  clock: Clock,
  log?: (line: string) => void,
): SharedBudget | undefined {
  if (process.env[sharedBudgetVariable]?.trim().toLowerCase() === "off") return undefined;
  return new SharedBudget(budgetDirectory(baseUrl, credential), settings, clock, log);
}
