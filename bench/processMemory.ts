/**
 * Peak memory and CPU time of the dynamic-provider processes the engine starts for this runner's operations: polls
 * /proc (Linux) for descendants of this process whose command line runs @pulumi/pulumi's dynamic provider, and keeps
 * the last VmHWM (peak resident set, which only grows) and the last user + system CPU time seen for each. Other
 * sessions' providers on the same machine are not descendants, so they are never counted.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";

/** The provider's script, as the launcher passes it to node (the launcher's `node -e` that finds it is not it). */
const providerScript = /cmd[\\/]dynamic-provider([\\/]index\.js)?$/;

export interface ProviderMemory {
  /** The largest peak resident set among the provider processes, in kB; 0 when none was seen. */
  readonly peakKb: number;
  /** How many provider processes were seen. */
  readonly processes: number;
  /**
   * CPU time (user + system, ms) of the provider processes together, as last polled: the provider's own work,
   * apart from the engine's. A process's last poll is at most one interval before it exits.
   */
  readonly cpuMs: number;
}

/** Clock ticks per second, the unit of the CPU times in /proc/<pid>/stat. */
let ticksPerSecond: number | undefined;
function clockTicks(): number {
  ticksPerSecond ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  return ticksPerSecond;
}

export class ProviderMemorySampler {
  private readonly peaks = new Map<number, number>();
  private readonly cpuTicks = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly intervalMs = 100) {}

  start(): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), this.intervalMs);
  }

  stop(): ProviderMemory {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.sample();
    const ticks = [...this.cpuTicks.values()].reduce((sum, t) => sum + t, 0);
    return {
      peakKb: Math.max(0, ...this.peaks.values()),
      processes: this.peaks.size,
      cpuMs: (ticks * 1000) / clockTicks(),
    };
  }

  private sample(): void {
    for (const pid of providerDescendants(process.pid)) {
      const peak = statusField(pid, "VmHWM");
      if (peak !== undefined) this.peaks.set(pid, Math.max(peak, this.peaks.get(pid) ?? 0));
      const ticks = cpuTicks(pid);
      if (ticks !== undefined) this.cpuTicks.set(pid, Math.max(ticks, this.cpuTicks.get(pid) ?? 0));
    }
  }
}

/** Every process below `root` whose command line runs the dynamic provider. */
function providerDescendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of safeReaddir("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const stat = safeRead(`/proc/${pid}/stat`);
    // The command name (field 2) is in parentheses and may hold spaces; the parent pid follows the last ")".
    const fields = stat?.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (fields !== undefined) parents.set(pid, Number(fields[1]));
  }
  const isDescendant = (pid: number): boolean => {
    for (let parent = parents.get(pid); parent !== undefined && parent > 1; parent = parents.get(parent)) {
      if (parent === root) return true;
    }
    return false;
  };
  return [...parents.keys()].filter((pid) => isDescendant(pid) && runsProvider(pid));
}

function runsProvider(pid: number): boolean {
  const args = (safeRead(`/proc/${pid}/cmdline`) ?? "").split("\0");
  return !args.includes("-e") && args.some((arg) => providerScript.test(arg));
}

/** utime + stime (fields 14 and 15 of /proc/<pid>/stat), in clock ticks. */
function cpuTicks(pid: number): number | undefined {
  const stat = safeRead(`/proc/${pid}/stat`);
  if (stat === undefined) return undefined;
  // Fields after the command name's closing parenthesis start at field 3 (the state).
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const user = Number(fields[14 - 3]);
  const system = Number(fields[15 - 3]);
  return Number.isFinite(user) && Number.isFinite(system) ? user + system : undefined;
}

function statusField(pid: number, field: string): number | undefined {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(safeRead(`/proc/${pid}/status`) ?? "");
  return match === null ? undefined : Number(match[1]);
}

/** Processes come and go between listing and reading: a vanished one reads as nothing. */
function safeRead(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

function safeReaddir(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}
