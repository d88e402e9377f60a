/**
 * Figure 6: how the cost grows with the stack. `pulumi up`, `pulumi refresh` and `pulumi destroy` of 30, 100 and
 * 300 of our resources against the emulator, rate limits and the provider's throttle off: wall time, the peak
 * memory (VmHWM) and the CPU time of the dynamic-provider process, and the same for as many no-op dynamic resources
 * (the control) right after, so growth that is the engine's shows in both. Each size runs `scaleRunsPerSize` times,
 * the two programs taking turns to go first, and the median of each measure is the size's sample: with one run
 * per size, a pause of the shared machine decided the verdict. The kinds that manage something of an existing
 * service cannot grow past what the emulator's four services carry: they are in every stack at figure 1's counts
 * (all the services carry), and the rest of each size is split as evenly as it goes over the kinds that make
 * objects of their own, services among them. Growth per resource and a straight-line fit say whether cost is
 * linear; the fixed part is in every size, so the growth is that of the kinds that grow.
 *
 * Every command also runs on a second stack of each program whose engine skips its intermediate checkpoints
 * (PULUMI_SKIP_CHECKPOINTS). By default the engine writes the whole state after every step, so a command over n
 * resources writes about n²/2 resource entries, for any provider: that term dominates at 300 and moves by tenths
 * of a second between runs. Without it, what is left of the time is the program, the provider and the requests.
 */
import type { LocalStack } from "../../scripts/lib/localStack";
import type { BenchContext } from "../context";
import { ProviderMemorySampler } from "../processMemory";
import { kindCounts, totalOf, type KindCount } from "../programs/ours/counts";
import { isServiceBound } from "../programs/ours/serviceLayouts";
import { benchConfigKeys, benchKinds, type BenchKind } from "../programs/ours/settings";
import { benchStack, expectSummary, oursConfig, runOperation, setProviderThrottle } from "../stacks";
import { overheadPerKind } from "./overhead";

export const scaleSizes = [30, 100, 300] as const;
export const scaleRunsPerSize = 3;
export const scaleOperations = ["up", "refresh", "destroy"] as const;
export type ScaleOperation = (typeof scaleOperations)[number];
/** The kinds that grow with the stack, splitting what the fixed ones leave of each size. */
const scaleKinds: readonly BenchKind[] = [
  "ReversePrivateEndpoint",
  "ApiKey",
  "PrivateEndpoint",
  "Alert",
  "Service",
];
/** Kinds bound to the emulator's services, at figure 1's count (all the services carry) at every size. */
const fixedKinds: readonly BenchKind[] = benchKinds.filter(isServiceBound);
const fixedCounts = kindCounts(fixedKinds, overheadPerKind);

export interface ScaleSample {
  readonly resources: number;
  readonly ms: number;
  /** Peak resident set of the dynamic-provider process, kB. */
  readonly providerPeakKb: number;
  /** CPU time of the dynamic-provider process, ms (absent in results written before it was measured). */
  readonly providerCpuMs?: number;
}

/** A least-squares line through the samples of one operation, and how well it fits. */
export interface LinearFit {
  /** Growth per resource (ms or kB). */
  readonly slope: number;
  readonly intercept: number;
  /** 1 when every point is on the line. */
  readonly r2: number;
  /** Growth per resource between consecutive sizes (30→100, 100→300). */
  readonly steps: number[];
}

export interface ScaleSeries {
  readonly samples: Record<ScaleOperation, ScaleSample[]>;
  readonly timeFit: Record<ScaleOperation, LinearFit>;
  readonly memoryFit: Record<ScaleOperation, LinearFit>;
  readonly cpuFit?: Record<ScaleOperation, LinearFit>;
}

export interface ScaleResult {
  /** The kinds split evenly over what the fixed ones leave of each size. */
  readonly kinds: readonly BenchKind[];
  /** The kinds in every stack at the same count. */
  readonly fixedCounts: readonly KindCount[];
  readonly ours: ScaleSeries;
  readonly control: ScaleSeries;
  /** The same commands with the engine's intermediate checkpoints skipped. */
  readonly withoutCheckpoints: { readonly ours: ScaleSeries; readonly control: ScaleSeries };
}

/** The CLI's environment that makes the engine write the state once, at the end of a command. */
const skipCheckpointsEnv = { PULUMI_SKIP_CHECKPOINTS: "true" };

export async function measureScale(context: BenchContext): Promise<ScaleResult> {
  const { emulator } = context;
  const stackKinds = benchKinds.filter((kind) => scaleKinds.includes(kind) || fixedKinds.includes(kind));
  const oursSettings = oursConfig(context, stackKinds, 0);
  const withoutCheckpoints = { name: "no-checkpoints", env: skipCheckpointsEnv };
  const stacks = {
    ours: await benchStack("ours", oursSettings),
    control: await benchStack("control", {}),
    oursWithoutCheckpoints: await benchStack("ours", oursSettings, withoutCheckpoints),
    controlWithoutCheckpoints: await benchStack("control", {}, withoutCheckpoints),
  };
  type Measured = keyof typeof stacks;
  const measured = Object.keys(stacks) as Measured[];
  const samples = Object.fromEntries(measured.map((name) => [name, emptySamples()])) as Record<
    Measured,
    Record<ScaleOperation, ScaleSample[]>
  >;
  try {
    await setProviderThrottle(stacks.ours, false);
    await setProviderThrottle(stacks.oursWithoutCheckpoints, false);
    for (const size of scaleSizes) {
      for (const name of measured) {
        const stack = stacks[name];
        if (name.startsWith("ours"))
          await stack.stack.setConfig(benchConfigKeys.counts, { value: JSON.stringify(countsFor(size)) });
        else await stack.stack.setConfig("bench:count", { value: String(size) });
      }
      const runs = Object.fromEntries(measured.map((name) => [name, emptySamples()])) as typeof samples;
      for (let run = 0; run < scaleRunsPerSize; run++) {
        for (const name of run % 2 === 0 ? measured : [...measured].reverse()) {
          for (const operation of scaleOperations) {
            const sample = await measureOperation(stacks[name], operation, size);
            runs[name][operation].push(sample);
            context.log(
              `figure 6: ${name}: ${operation} of ${size} resources, run ${run + 1} of ${scaleRunsPerSize}: ` +
                `${(sample.ms / 1000).toFixed(1)} s, provider peak ${(sample.providerPeakKb / 1024).toFixed(0)} MB, ` +
                `provider CPU ${((sample.providerCpuMs ?? 0) / 1000).toFixed(1)} s`,
            );
          }
        }
        await emulator.control.reset();
      }
      for (const name of measured) {
        for (const operation of scaleOperations)
          samples[name][operation].push(medianSample(runs[name][operation]));
      }
    }
  } finally {
    for (const stack of Object.values(stacks)) await stack.dispose();
  }
  return {
    kinds: scaleKinds,
    fixedCounts,
    ours: series(samples.ours),
    control: series(samples.control),
    withoutCheckpoints: {
      ours: series(samples.oursWithoutCheckpoints),
      control: series(samples.controlWithoutCheckpoints),
    },
  };
}

async function measureOperation(
  stack: LocalStack,
  operation: ScaleOperation,
  size: number,
): Promise<ScaleSample> {
  const expected: Record<ScaleOperation, Record<string, number>> = {
    up: { create: size + 1 },
    refresh: { same: size + 1 },
    destroy: { delete: size + 1 },
  };
  const sampler = new ProviderMemorySampler();
  sampler.start();
  let outcome: Awaited<ReturnType<typeof runOperation>>;
  try {
    outcome = await runOperation(stack, operation);
  } finally {
    sampler.stop();
  }
  expectSummary(`${size} resources: ${operation}`, outcome.changes, expected[operation]);
  const provider = sampler.stop();
  return { resources: size, ms: outcome.ms, providerPeakKb: provider.peakKb, providerCpuMs: provider.cpuMs };
}

/** The median of each measure over a size's runs (each measure on its own). */
export function medianSample(runs: readonly ScaleSample[]): ScaleSample {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  return {
    resources: runs[0].resources,
    ms: median(runs.map((run) => run.ms)),
    providerPeakKb: median(runs.map((run) => run.providerPeakKb)),
    providerCpuMs: median(runs.map((run) => run.providerCpuMs ?? 0)),
  };
}

function emptySamples(): Record<ScaleOperation, ScaleSample[]> {
  return { up: [], refresh: [], destroy: [] };
}

function series(samples: Record<ScaleOperation, ScaleSample[]>): ScaleSeries {
  const fits = (value: (sample: ScaleSample) => number) =>
    Object.fromEntries(
      scaleOperations.map((operation) => [operation, linearFit(samples[operation], value)]),
    ) as Record<ScaleOperation, LinearFit>;
  return {
    samples,
    timeFit: fits((sample) => sample.ms),
    memoryFit: fits((sample) => sample.providerPeakKb),
    cpuFit: fits((sample) => sample.providerCpuMs ?? 0),
  };
}

/**
 * `size` resources: the fixed kinds at their counts, the rest over the scale kinds, the first kinds taking one more
 * when it does not divide evenly.
 */
export function countsFor(size: number): Partial<Record<BenchKind, number>> {
  const rest = size - totalOf(fixedCounts);
  const base = Math.floor(rest / scaleKinds.length);
  const extra = rest % scaleKinds.length;
  return {
    ...Object.fromEntries(fixedCounts.map(({ kind, count }) => [kind, count])),
    ...Object.fromEntries(scaleKinds.map((kind, i) => [kind, base + (i < extra ? 1 : 0)])),
  };
}

export function linearFit(
  samples: readonly ScaleSample[],
  value: (sample: ScaleSample) => number,
): LinearFit {
  const xs = samples.map((sample) => sample.resources);
  const ys = samples.map(value);
  const n = xs.length;
  const meanX = xs.reduce((a, b) => a + b, 0) / n;
  const meanY = ys.reduce((a, b) => a + b, 0) / n;
  const sxx = xs.reduce((sum, x) => sum + (x - meanX) ** 2, 0);
  const sxy = xs.reduce((sum, x, i) => sum + (x - meanX) * (ys[i] - meanY), 0);
  const slope = sxy / sxx;
  const intercept = meanY - slope * meanX;
  const residual = ys.reduce((sum, y, i) => sum + (y - (intercept + slope * xs[i])) ** 2, 0);
  const total = ys.reduce((sum, y) => sum + (y - meanY) ** 2, 0);
  const steps = xs.slice(1).map((x, i) => (ys[i + 1] - ys[i]) / (x - xs[i]));
  return { slope, intercept, r2: total === 0 ? 1 : 1 - residual / total, steps };
}
