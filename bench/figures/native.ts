/**
 * Figure 8: the same resources as figure 1 served by the native plugin (loaded as a project plugin) against our dynamic
 * classes and the no-op control. The timings come from figure 1's rounds, where the native program runs as a third
 * program back to back with the other two; the states from each program's first measured `up`. The plugin's start
 * is timed alone: from spawning its launcher to the port line the engine waits for, against the same for the
 * launcher the engine runs for dynamic providers (`pulumi-resource-pulumi-nodejs`, next to the CLI), whose package
 * code loads later, at its first `configure`.
 */
import { spawn } from "node:child_process";
import * as path from "node:path";
import type { Deployment } from "@pulumi/pulumi/automation";
import { pulumiCliDir } from "../../scripts/lib/pulumiCli";
import { pluginLauncher } from "../nativeProgram";
import { benchKinds } from "../programs/ours/settings";
import { summarize, type Summary } from "../stats";
import { overheadCommands, type OverheadCommand, type OverheadSamples } from "./overhead";
import { jsonBytes, kindOf, ownResources } from "./stateSize";

const startSamples = 5;
/** Where the dynamic-provider process runs in figure 1: the `ours` program's directory. */
const oursProgramDir = path.resolve(__dirname, "..", "..", "..", "bench", "programs", "ours");

export interface NativeCommandTiming {
  /** Wall time in ms of each program's runs. */
  readonly native: Summary;
  readonly dynamic: Summary;
  readonly control: Summary;
  /** median(native) / median(control), and / median(dynamic). */
  readonly nativeOverControl: number;
  readonly nativeOverDynamic: number;
  /** native / control and native / dynamic of each round's runs, made back to back. */
  readonly pairedOverControl: Summary;
  readonly pairedOverDynamic: Summary;
}

export interface NativeStateRow {
  /** A resource kind, or "control". */
  readonly kind: string;
  /** Mean bytes of one resource's state entry (compact JSON), through each path. */
  readonly nativeBytes?: number;
  readonly dynamicBytes: number;
  /** Whether the native entry holds provider code (`__provider`); it must not. */
  readonly nativeHoldsProviderCode?: boolean;
}

export interface NativeResult {
  readonly resourcesPerProgram: number;
  readonly commands: Record<OverheadCommand, NativeCommandTiming>;
  readonly state: NativeStateRow[];
  /** Whole deployment divided by its resources (the plugin's default provider entry included in native's). */
  readonly deploymentBytesPerResource: {
    readonly native: number;
    readonly dynamic: number;
    readonly control: number;
  };
  /** ms from spawning each process to its port line. */
  readonly pluginStartMs: Summary;
  readonly dynamicHostStartMs: Summary;
}

export async function measureNative(
  samples: OverheadSamples,
  states: { ours: Deployment; control: Deployment; native?: Deployment },
  resourcesPerProgram: number,
): Promise<NativeResult> {
  if (states.native === undefined)
    throw new Error("figure 8 needs figure 1's rounds with the native program");
  return {
    resourcesPerProgram,
    commands: timings(samples),
    ...stateSizes(states as Required<typeof states>),
    pluginStartMs: await startTimes(pluginLauncher, [], process.cwd()),
    dynamicHostStartMs: await startTimes(
      path.join(pulumiCliDir(), "pulumi-resource-pulumi-nodejs"),
      [],
      oursProgramDir,
    ),
  };
}

function timings(samples: OverheadSamples): Record<OverheadCommand, NativeCommandTiming> {
  const entries = overheadCommands.map((command) => {
    const native = samples.native[command];
    const dynamic = samples.ours[command];
    const control = samples.control[command];
    const median = (values: number[]) => summarize(values).median;
    const timing: NativeCommandTiming = {
      native: summarize(native),
      dynamic: summarize(dynamic),
      control: summarize(control),
      nativeOverControl: median(native) / median(control),
      nativeOverDynamic: median(native) / median(dynamic),
      pairedOverControl: summarize(native.map((ms, i) => ms / control[i])),
      pairedOverDynamic: summarize(native.map((ms, i) => ms / dynamic[i])),
    };
    return [command, timing] as const;
  });
  return Object.fromEntries(entries) as Record<OverheadCommand, NativeCommandTiming>;
}

function stateSizes(states: {
  ours: Deployment;
  control: Deployment;
  native: Deployment;
}): Pick<NativeResult, "state" | "deploymentBytesPerResource"> {
  const native = ownResources(states.native);
  const dynamic = ownResources(states.ours);
  const control = ownResources(states.control);
  const mean = (resources: typeof native) =>
    resources.reduce((sum, r) => sum + jsonBytes(r), 0) / resources.length;
  const rows: NativeStateRow[] = benchKinds.map((kind) => {
    const nativeOfKind = native.filter((r) => kindOf(r) === kind);
    if (nativeOfKind.length === 0) throw new Error(`no native ${kind} resources in the state`);
    return {
      kind,
      nativeBytes: mean(nativeOfKind),
      dynamicBytes: mean(dynamic.filter((r) => kindOf(r) === kind)),
      nativeHoldsProviderCode: nativeOfKind.some((r) => JSON.stringify(r).includes("__provider")),
    };
  });
  rows.push({ kind: "control", dynamicBytes: mean(control) });
  return {
    state: rows,
    deploymentBytesPerResource: {
      native: jsonBytes(states.native.deployment) / native.length,
      dynamic: jsonBytes(states.ours.deployment) / dynamic.length,
      control: jsonBytes(states.control.deployment) / control.length,
    },
  };
}

async function startTimes(command: string, args: string[], cwd: string): Promise<Summary> {
  const samples: number[] = [];
  for (let i = 0; i < startSamples; i++) samples.push(await timeToPort(command, args, cwd));
  return summarize(samples);
}

/**
 * Spawns a provider process as the engine does (its first argument is the engine's address, which neither
 * process calls before a request arrives) and times it until it prints the port it listens on, then stops it.
 */
function timeToPort(command: string, args: string[], cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    // Its own process group: a launcher that does not `exec` leaves node as its child, stopped with the group.
    const child = spawn(command, [...args, "127.0.0.1:1"], {
      cwd,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (/^\d+\n/.test(stdout)) {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        child.once("exit", () => resolve(ms));
        process.kill(-child.pid!, "SIGTERM");
      }
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      if (!/^\d+\n/.test(stdout))
        reject(new Error(`${command} exited (${code}) before printing its port: ${stderr.trim()}`));
    });
  });
}
