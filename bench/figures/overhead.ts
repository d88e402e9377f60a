/**
 * Figure 1: wall time of `pulumi up`, a no-change `pulumi preview` and `pulumi destroy` of 6 of our resources of
 * each kind (fewer of a kind bound to the emulator's services, which carry no more: `programs/ours/serviceLayouts`)
 * against the emulator, divided by the same commands for the control: as many no-op dynamic resources, each
 * registered with the same properties as its counterpart of ours, on the same engine. Pulumi's SDK does work for
 * every property a resource registers (a promise with a captured stack trace per output, four per property), which
 * any provider of these resources pays; the control pays it too, so the ratio is the provider's own work. The bare
 * no-op resources of two inputs each, the control of earlier runs, are timed beside them for comparison. Rate
 * limits are off on the emulator and the provider's throttle is off (`clickhouse:throttle` and
 * `observability:throttle` set to `off`).
 */
import type { Deployment } from "@pulumi/pulumi/automation";
import type { LocalStack } from "../../scripts/lib/localStack";
import type { BenchContext } from "../context";
import { kindCounts, totalOf, type KindCount } from "../programs/ours/counts";
import { benchKinds } from "../programs/ours/settings";
import { nativeConfig } from "../nativeProgram";
import {
  benchStack,
  expectSummary,
  oursConfig,
  runOperation,
  setProviderThrottle,
  type EngineOperation,
} from "../stacks";
import { summarize, type Summary } from "../stats";

export const overheadPerKind = 6;
export const overheadCommands = ["up", "preview", "destroy"] as const;
export type OverheadCommand = (typeof overheadCommands)[number];

export interface CommandTiming {
  /** Wall time in ms. */
  readonly ours: Summary;
  /** The no-op resources registered as ours are. */
  readonly control: Summary;
  /** median(ours) / median(control). */
  readonly ratio: number;
  /** ours / control of each run's pair, run against each other back to back. */
  readonly pairedRatios: Summary;
  /** The bare no-op resources (two inputs each). */
  readonly bare: Summary;
  /** median(ours) / median(bare). */
  readonly bareRatio: number;
}

export interface OverheadResult {
  readonly resourcesPerProgram: number;
  /** How many resources of each kind, in the figures' order. */
  readonly counts: readonly KindCount[];
  readonly commands: Record<OverheadCommand, CommandTiming>;
}

/** Wall time (ms) of each command of every run, per program. */
export type OverheadSamples = Record<ProgramName, Record<OverheadCommand, number[]>>;

export interface OverheadRun {
  readonly result: OverheadResult;
  /**
   * The programs' states after their first measured `up`, for figures 2 and 8 (`native` only with figure 8);
   * `control` is the bare program's, the reference of the state-size goals.
   */
  readonly states: { readonly ours: Deployment; readonly control: Deployment; readonly native?: Deployment };
  /** Every sample, for figure 8, which compares the native program's runs with the other two. */
  readonly samples: OverheadSamples;
}

type ProgramName = "ours" | "control" | "bare" | "native";
type Program = { readonly name: ProgramName; readonly stack: LocalStack };

/**
 * With `withNative` (figure 8), the same resources through the native plugin run as a third program in every
 * round, so the three are measured back to back under the same load.
 */
export async function measureOverhead(context: BenchContext, withNative = false): Promise<OverheadRun> {
  const { emulator } = context;
  const counts = kindCounts(benchKinds, overheadPerKind);
  const resources = totalOf(counts);
  const ours = await benchStack("ours", oursConfig(context, benchKinds, overheadPerKind));
  // The control program given ours' kinds registers each resource as ours does; given a count, bare ones.
  const control = await benchStack("control", oursConfig(context, benchKinds, overheadPerKind));
  const bare = await benchStack("control", { "bench:count": { value: String(resources) } }, bareVariant);
  const native = withNative
    ? await benchStack("native", nativeConfig(context, benchKinds, overheadPerKind))
    : undefined;
  try {
    await setProviderThrottle(ours, false);
    const programs: Program[] = [
      { name: "ours", stack: ours },
      { name: "control", stack: control },
      { name: "bare", stack: bare },
      ...(native === undefined ? [] : [{ name: "native" as const, stack: native }]),
    ];
    const expected = expectedChanges(resources);

    context.log(
      `figure 1: warm-up (up and destroy of ${programs.map((p) => p.name).join(", ")}, not counted)`,
    );
    for (const program of programs) {
      for (const operation of ["up", "destroy"] as const) await run(program, operation, expected);
    }
    await emulator.control.reset();

    const samples: OverheadSamples = {
      ours: emptySamples(),
      control: emptySamples(),
      bare: emptySamples(),
      native: emptySamples(),
    };
    let states: OverheadRun["states"] | undefined;
    for (let round = 0; round < context.runs; round++) {
      // Which program goes first rotates, so a drift in the machine's load does not favour any of them.
      const order = programs.map((_, i) => programs[(i + round) % programs.length]);
      for (const command of overheadCommands) {
        for (const program of order) {
          samples[program.name][command].push(await run(program, command, expected));
        }
        if (command === "up" && states === undefined) {
          states = {
            ours: await ours.exportState(),
            control: await bare.exportState(),
            native: await native?.exportState(),
          };
        }
      }
      await emulator.control.reset();
      context.log(`figure 1: run ${round + 1} of ${context.runs} done`);
    }
    return {
      result: { resourcesPerProgram: resources, counts, commands: timings(samples) },
      states: states!,
      samples,
    };
  } finally {
    await ours.dispose();
    await control.dispose();
    await bare.dispose();
    await native?.dispose();
  }
}

/** A second stack of the control program, for its bare resources. */
const bareVariant = { name: "bare", env: {} };

/** Every resource plus the stack itself. */
function expectedChanges(resources: number): Record<OverheadCommand, Record<string, number>> {
  const all = resources + 1;
  return { up: { create: all }, preview: { same: all }, destroy: { delete: all } };
}

async function run(
  program: Program,
  operation: EngineOperation & OverheadCommand,
  expected: Record<OverheadCommand, Record<string, number>>,
): Promise<number> {
  const outcome = await runOperation(program.stack, operation);
  expectSummary(`${program.name}: ${operation}`, outcome.changes, expected[operation]);
  return outcome.ms;
}

function emptySamples(): Record<OverheadCommand, number[]> {
  return { up: [], preview: [], destroy: [] };
}

function timings(samples: OverheadSamples) {
  const entries = overheadCommands.map((command) => {
    const ours = samples.ours[command];
    const control = samples.control[command];
    const bare = samples.bare[command];
    const timing: CommandTiming = {
      ours: summarize(ours),
      control: summarize(control),
      ratio: summarize(ours).median / summarize(control).median,
      pairedRatios: summarize(ours.map((ms, i) => ms / control[i])),
      bare: summarize(bare),
      bareRatio: summarize(ours).median / summarize(bare).median,
    };
    return [command, timing] as const;
  });
  return Object.fromEntries(entries) as Record<OverheadCommand, CommandTiming>;
}
