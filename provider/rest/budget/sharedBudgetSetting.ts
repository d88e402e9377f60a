/**
 * Which budget a throttled client shares its key's with (clickhouse:sharedBudget, or
 * PULUMI_CLICKHOUSE_CLOUD_SHARED_BUDGET for clients made without settings): this machine's processes' through
 * files (sharedBudget.ts; the default), every runner's through Redis (redisBudget.ts, which falls back on this
 * machine's when Redis is lost), or none (`off`, which leaves each process to throttle only itself; the benchmark
 * compares them). A budget directory that fails its checks (budgetDirectory.ts) turns the machine's sharing off
 * with one warning line.
 */
import { SETTINGS } from "../../../schemas/settings";
import { parseSharedBudgetSetting, type SharedBudgetSetting } from "../../settings/sharedBudget";
import type { Clock } from "../../clock";
import { budgetDigest, budgetDirectory, budgetRoot, privateDirectoryProblem } from "./budgetDirectory";
import { RedisBudget } from "./redisBudget";
import { redisStore } from "./redisStore";
import { DEFAULT_ATTEMPT_MS, SharedBudget, type SharedBudgetSettings } from "./sharedBudget";
import type { RateBudget } from "./throttle";

export const sharedBudgetVariable = SETTINGS.sharedBudget.envVar;
const settingName = `${SETTINGS.sharedBudget.key} (or ${sharedBudgetVariable})`;

/** The directory problems already reported: each once per process, whichever client met it. */
const warned = new Set<string>();

/** The setting as the environment gives it, for clients made without resolved settings. */
function settingFromEnvironment(): SharedBudgetSetting {
  const parsed = parseSharedBudgetSetting(process.env[sharedBudgetVariable] ?? "local");
  if (typeof parsed === "object" && "problem" in parsed) {
    throw new Error(`${sharedBudgetVariable} ${parsed.problem}`);
  }
  return parsed;
}

export function sharedBudgetFor(
  baseUrl: string,
  credential: string,
  settings: SharedBudgetSettings,
  clock: Clock,
  log?: (line: string) => void,
  setting: SharedBudgetSetting = settingFromEnvironment(),
): RateBudget | undefined {
  if (setting === "off") return undefined;
  const leased = {
    ...settings,
    leaseMs: settings.leaseMs ?? DEFAULT_ATTEMPT_MS + settings.windowMs + settings.marginMs,
  };
  const machine = () => machineBudget(baseUrl, credential, leased, clock, log);
  if (setting === "local") return machine();
  const store = redisStore(setting.redisUrl, settingName, log ?? (() => undefined));
  const digest = budgetDigest(baseUrl, credential);
  return new RedisBudget(store, digest, leased, clock, machine, log);
}

/** This machine's budget of the key, unless its directory cannot be trusted. */
function machineBudget(
  baseUrl: string,
  credential: string,
  settings: SharedBudgetSettings,
  clock: Clock,
  log?: (line: string) => void,
): SharedBudget | undefined {
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
