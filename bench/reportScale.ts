/** The figure 6 parts of bench/results.md: its summary rows and its section. */
import {
  scaleOperations,
  scaleRunsPerSize,
  type LinearFit,
  type ScaleResult,
  type ScaleSample,
  type ScaleSeries,
} from "./figures/scale";
import { table } from "./markdown";

/**
 * Cost is called linear when the value at the largest size is at most this many times what the growth per resource
 * between the two smaller sizes predicts for it (no growth predicts the middle size's value). A cost growing with
 * the square of the size comes out at about 2.5 times, a flat one that only wobbles near 1.
 */
export const linearGrowthTolerance = 1.25;

export function isLinear(samples: readonly ScaleSample[], value: (sample: ScaleSample) => number): boolean {
  const [small, middle, large] = samples;
  const firstStep = (value(middle) - value(small)) / (middle.resources - small.resources);
  const predicted = value(middle) + Math.max(firstStep, 0) * (large.resources - middle.resources);
  return value(large) <= predicted * linearGrowthTolerance;
}

const time = (sample: ScaleSample) => sample.ms;
const memory = (sample: ScaleSample) => sample.providerPeakKb;
const cpu = (sample: ScaleSample) => sample.providerCpuMs ?? 0;
const seconds = (samples: readonly ScaleSample[]) => samples.map((s) => (s.ms / 1000).toFixed(1)).join(" / ");

/**
 * What the engine's intermediate checkpoints cost a program at each size: its time by default minus its time with
 * them skipped (none when the difference is below zero).
 */
function checkpointTime(byDefault: readonly ScaleSample[], skipped: readonly ScaleSample[]): ScaleSample[] {
  return byDefault.map((sample, i) => ({ ...sample, ms: Math.max(sample.ms - skipped[i].ms, 0) }));
}

/**
 * One row per command. The time verdict is on ours with the engine's checkpoints skipped: by default the engine
 * writes the whole state after every step, a cost that grows with the square of the size for any provider (the
 * row shows it for both programs), so a verdict on that time would judge the engine.
 */
export function scaleSummaryRows(scale: ScaleResult | undefined): string[][] {
  if (scale === undefined) return [];
  return scaleOperations.map((operation) => {
    const timeFit = scale.ours.timeFit[operation];
    const memoryFit = scale.ours.memoryFit[operation];
    const samples = scale.ours.samples[operation];
    const largest = samples[samples.length - 1];
    const control = scale.control.timeFit[operation];
    const cpuFit = scale.ours.cpuFit?.[operation];
    const cpuLinear = cpuFit === undefined || isLinear(samples, cpu);
    const cpuText =
      cpuFit === undefined
        ? ""
        : `; provider CPU ${cpuFit.slope.toFixed(1)} ms per resource (linear: ${cpuLinear ? "yes" : "no"})`;
    const skipped = scale.withoutCheckpoints.ours.samples[operation];
    const skippedLinear = isLinear(skipped, time);
    const oursCheckpoints = checkpointTime(samples, skipped);
    const controlCheckpoints = checkpointTime(
      scale.control.samples[operation],
      scale.withoutCheckpoints.control.samples[operation],
    );
    return [
      "6",
      `\`${operation}\` of ${samples.map((s) => s.resources).join(" / ")} resources: growth per resource`,
      `${timeFit.slope.toFixed(0)} ms (control ${control.slope.toFixed(0)} ms), ${memoryFit.slope.toFixed(0)} kB of ` +
        `provider memory; ${(largest.ms / 1000).toFixed(1)} s and ${(largest.providerPeakKb / 1024).toFixed(0)} MB ` +
        `at ${largest.resources}${cpuText}; with the engine's checkpoints skipped ${seconds(skipped)} s, ` +
        `${scale.withoutCheckpoints.ours.timeFit[operation].slope.toFixed(1)} ms per resource ` +
        `(linear: ${skippedLinear ? "yes" : "no"}); the engine's checkpoints take ${seconds(oursCheckpoints)} s ` +
        `(control ${seconds(controlCheckpoints)} s)`,
      "linear: time with the engine's checkpoints skipped, provider memory and CPU",
      skippedLinear && isLinear(samples, memory) && cpuLinear ? "yes" : "**no**",
    ];
  });
}

export function scaleSection(scale: ScaleResult | undefined): string[] {
  if (scale === undefined) return [];
  const sizes = scale.ours.samples.up.map((sample) => sample.resources);
  const cells = (series: ScaleSeries, i: number, value: "s" | "MB" | "CPU s") =>
    scaleOperations.map((op) => {
      const sample = series.samples[op][i];
      if (value === "CPU s") return (cpu(sample) / 1000).toFixed(1);
      return value === "s" ? (sample.ms / 1000).toFixed(1) : (sample.providerPeakKb / 1024).toFixed(0);
    });
  const timeRows = sizes.map((size, i) => [
    String(size),
    ...cells(scale.ours, i, "s"),
    ...cells(scale.control, i, "s"),
  ]);
  const skippedRows = sizes.map((size, i) => [
    String(size),
    ...cells(scale.withoutCheckpoints.ours, i, "s"),
    ...cells(scale.withoutCheckpoints.control, i, "s"),
  ]);
  const memoryRows = sizes.map((size, i) => [
    String(size),
    ...cells(scale.ours, i, "MB"),
    ...cells(scale.control, i, "MB"),
  ]);
  const cpuRows = sizes.map((size, i) => [
    String(size),
    ...cells(scale.ours, i, "CPU s"),
    ...cells(scale.control, i, "CPU s"),
  ]);
  const headings = (unit: string) => [
    "resources",
    ...scaleOperations.map((op) => `ours ${op} (${unit})`),
    ...scaleOperations.map((op) => `control ${op} (${unit})`),
  ];
  const fitRows = (["ours", "control"] as const).flatMap((program) =>
    scaleOperations.flatMap((op) => [
      fitRow(
        program,
        op,
        "time (ms)",
        scale[program].timeFit[op],
        isLinear(scale[program].samples[op], time),
      ),
      fitRow(
        program,
        op,
        "time, checkpoints skipped (ms)",
        scale.withoutCheckpoints[program].timeFit[op],
        isLinear(scale.withoutCheckpoints[program].samples[op], time),
      ),
      fitRow(
        program,
        op,
        "provider memory (kB)",
        scale[program].memoryFit[op],
        isLinear(scale[program].samples[op], memory),
      ),
      ...(scale[program].cpuFit === undefined
        ? []
        : [
            fitRow(
              program,
              op,
              "provider CPU (ms)",
              scale[program].cpuFit[op],
              isLinear(scale[program].samples[op], cpu),
            ),
          ]),
    ]),
  );
  const fixed = scale.fixedCounts.map(({ kind, count }) => `${count} ${kind}`).join(", ");
  const ours =
    fixed === ""
      ? `${scale.kinds.join(", ")}, split evenly`
      : `${fixed} in every stack, as many as the emulator's four services carry, and the rest split evenly over ` +
        scale.kinds.join(", ");
  return [
    "## Figure 6: scale",
    "",
    `${sizes.join(", ")} resources (ours: ${ours}; control: as many no-op dynamic resources), ` +
      "against the in-process emulator with rate limits and the provider's throttle off; " +
      `${scaleRunsPerSize} runs per size and program, the programs taking turns to go first, and the median of each ` +
      "measure. Wall time of each command, and the peak resident memory (VmHWM) of the dynamic-provider process it " +
      "started. Chart: [scale.svg](scale.svg).",
    "",
    table(headings("s"), timeRows),
    "",
    "The same commands on a second stack of each program whose engine skips its intermediate checkpoints " +
      "(`PULUMI_SKIP_CHECKPOINTS=true`). By default the engine writes the whole state after every step, so a " +
      "command over n resources writes about n²/2 resource entries, for any provider; without those writes, what " +
      "is left is the program, the provider and its requests. (Skipping them is not advice: a run killed halfway " +
      "would then leave no record of what it made.)",
    "",
    table(headings("s"), skippedRows),
    "",
    table(headings("MB"), memoryRows),
    "",
    "CPU time (user + system) of the dynamic-provider process, which tells the provider's own work from the " +
      "engine's: the engine and the emulator run in other processes.",
    "",
    table(headings("CPU s"), cpuRows),
    "",
    "Growth per resource: least-squares slope over the three sizes, R² of that line, and the growth between " +
      `consecutive sizes. Linear = the value at ${sizes[2]} is at most ${linearGrowthTolerance}× what the growth ` +
      `from ${sizes[0]} to ${sizes[1]} predicts for it (each value the median of ${scaleRunsPerSize} runs).`,
    "",
    table(
      [
        "program",
        "command",
        "measure",
        "per resource",
        "R²",
        `${sizes[0]}→${sizes[1]}`,
        `${sizes[1]}→${sizes[2]}`,
        "linear",
      ],
      fitRows,
    ),
    "",
    "![figure 6](scale.svg)",
    "",
  ];
}

function fitRow(
  program: string,
  operation: string,
  measure: string,
  fit: LinearFit,
  linear: boolean,
): string[] {
  return [
    program,
    operation,
    measure,
    fit.slope.toFixed(1),
    fit.r2.toFixed(3),
    ...fit.steps.map((step) => step.toFixed(1)),
    linear ? "yes" : "**no**",
  ];
}
