/**
 * The benchmark programs as stacks on the real engine (LocalStack: Automation API, inline program in this process,
 * local file backend), with timed operations that also check that each one did what the figure assumes.
 */
import * as path from "node:path";
import type { ConfigMap } from "@pulumi/pulumi/automation";
import { providerConfig } from "../scripts/lib/exampleConfig";
import { LocalStack } from "../scripts/lib/localStack";
import type { BenchContext } from "./context";
import { nativeProjectDir } from "./nativeProgram";
import { benchProgramConfig } from "./programConfig";
import type { BenchKind } from "./programs/ours/settings";

/** dist/bench -> the repository; programs keep their Pulumi.yaml in the sources and run from the build. */
const repoRoot = path.resolve(__dirname, "..", "..");

/** `native`: the resources of `ours` served by the native plugin (figure 8). */
export type BenchProgram = "ours" | "control" | "native";

/** `variant` names a second stack of the same program, whose engine gets `env` (the CLI's environment). */
export async function benchStack(
  program: BenchProgram,
  config: ConfigMap,
  variant?: { name: string; env: Record<string, string> },
): Promise<LocalStack> {
  return LocalStack.create({
    projectDir: program === "native" ? nativeProjectDir() : path.join(repoRoot, "bench", "programs", program),
    programModule: path.join(__dirname, "programs", program, "index.js"),
    stackName: `bench-${program}${variant ? `-${variant.name}` : ""}-${process.pid}`,
    config,
    env: variant?.env,
  });
}

/** Stack config of the `ours` program against the emulator: the provider's settings and the `bench` keys. */
export function oursConfig(context: BenchContext, kinds: readonly BenchKind[], perKind: number): ConfigMap {
  return { ...providerConfig(context.emulator.fixture), ...benchProgramConfig(context, kinds, perKind) };
}

/** The provider's client-side throttle of both APIs, off (figures 1 and 3) or back to the published limits. */
export async function setProviderThrottle(stack: LocalStack, on: boolean): Promise<void> {
  const keys = ["clickhouse:throttle", "observability:throttle"];
  if (on) await stack.stack.removeAllConfig(keys);
  else await stack.stack.setAllConfig(Object.fromEntries(keys.map((key) => [key, { value: "off" }])));
}

export type EngineOperation = "up" | "preview" | "refresh" | "destroy";

/** What one engine operation took (wall time from this process, in ms) and the engine's change summary. */
export interface OperationOutcome {
  readonly ms: number;
  readonly changes: Record<string, number>;
}

/**
 * Runs one engine operation and times it. The Automation API's results are used directly (not LocalStack's
 * helpers) because the figures need each operation's change summary and LocalStack's `up` returns outputs.
 */
export async function runOperation(stack: LocalStack, operation: EngineOperation): Promise<OperationOutcome> {
  const options = {
    color: "never" as const,
    onOutput: stack.echo ? (out: string) => process.stdout.write(out) : undefined,
  };
  const started = process.hrtime.bigint();
  const changes = await changesOf(stack, operation, options);
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, changes };
}

async function changesOf(
  stack: LocalStack,
  operation: EngineOperation,
  options: { color: "never"; onOutput?: (out: string) => void },
): Promise<Record<string, number>> {
  switch (operation) {
    case "up":
      return (await stack.stack.up(options)).summary.resourceChanges ?? {};
    case "preview":
      return (await stack.stack.preview(options)).changeSummary;
    case "refresh":
      return (await stack.stack.refresh(options)).summary.resourceChanges ?? {};
    case "destroy":
      return (await stack.stack.destroy(options)).summary.resourceChanges ?? {};
  }
}

/**
 * Fails the benchmark when an operation did something other than the figure assumes (a preview that is not a
 * no-op, an up that created fewer resources): its timing or request count would not mean what the table says.
 */
export function expectSummary(
  what: string,
  summary: Record<string, number>,
  expected: Record<string, number>,
): void {
  const actual = Object.fromEntries(Object.entries(summary).filter(([, count]) => count > 0));
  const same =
    Object.keys(actual).length === Object.keys(expected).length &&
    Object.entries(expected).every(([op, count]) => actual[op] === count);
  if (!same) {
    throw new Error(
      `${what}: expected ${JSON.stringify(expected)}, the engine reported ${JSON.stringify(actual)}`,
    );
  }
}
