/**
 * Figure 1: wall time of `pulumi up`, a no-change `pulumi preview` and `pulumi destroy` of 30 of our resources
 * (6 of each kind) against the emulator, divided by the same commands for 30 no-op dynamic resources on the same
 * engine. Rate limits are off on the emulator and the provider's throttle is off (`clickhouse:throttle` and
 * `observability:throttle` set to `off`), so the figure measures the provider's own work.
 */
import type { Deployment } from "@pulumi/pulumi/automation";
import type { LocalStack } from "../../scripts/lib/localStack";
import type { BenchContext } from "../context";
import { benchKinds } from "../programs/ours/settings";
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
  readonly control: Summary;
  /** median(ours) / median(control). */
  readonly ratio: number;
  /** ours / control of each run's pair, run against each other back to back. */
  readonly pairedRatios: Summary;
}

export interface OverheadResult {
  readonly resourcesPerProgram: number;
  readonly commands: Record<OverheadCommand, CommandTiming>;
}

export interface OverheadRun {
  readonly result: OverheadResult;
  /** Both programs' states after their first measured `up`, for figure 2. */
  readonly states: { readonly ours: Deployment; readonly control: Deployment };
}

type Program = { readonly name: "ours" | "control"; readonly stack: LocalStack };

export async function measureOverhead(context: BenchContext): Promise<OverheadRun> {
  const { emulator } = context;
  const resources = benchKinds.length * overheadPerKind;
  const ours = await benchStack("ours", oursConfig(emulator.fixture, benchKinds, overheadPerKind));
  const control = await benchStack("control", { "bench:count": { value: String(resources) } });
  try {
    await setProviderThrottle(ours, false);
    const programs: Program[] = [
      { name: "ours", stack: ours },
      { name: "control", stack: control },
    ];
    const expected = expectedChanges(resources);

    context.log("figure 1: warm-up (up and destroy of both programs, not counted)");
    for (const program of programs) {
      for (const operation of ["up", "destroy"] as const) await run(program, operation, expected);
    }
    await emulator.control.reset();

    const samples = { ours: emptySamples(), control: emptySamples() };
    let states: OverheadRun["states"] | undefined;
    for (let round = 0; round < context.runs; round++) {
      // Which program goes first alternates, so a drift in the machine's load does not favour either.
      const order = round % 2 === 0 ? programs : [...programs].reverse();
      for (const command of overheadCommands) {
        for (const program of order) {
          samples[program.name][command].push(await run(program, command, expected));
        }
        if (command === "up" && states === undefined) {
          states = { ours: await ours.exportState(), control: await control.exportState() };
        }
      }
      await emulator.control.reset();
      context.log(`figure 1: run ${round + 1} of ${context.runs} done`);
    }
    return {
      result: { resourcesPerProgram: resources, commands: timings(samples) },
      states: states!,
    };
  } finally {
    await ours.dispose();
    await control.dispose();
  }
}

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

function timings(samples: Record<"ours" | "control", Record<OverheadCommand, number[]>>) {
  const entries = overheadCommands.map((command) => {
    const ours = samples.ours[command];
    const control = samples.control[command];
    const timing: CommandTiming = {
      ours: summarize(ours),
      control: summarize(control),
      ratio: summarize(ours).median / summarize(control).median,
      pairedRatios: summarize(ours.map((ms, i) => ms / control[i])),
    };
    return [command, timing] as const;
  });
  return Object.fromEntries(entries) as Record<OverheadCommand, CommandTiming>;
}
