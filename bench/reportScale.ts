/** The figure 6 parts of bench/results.md: its summary rows and its section. */
import { scaleOperations, type LinearFit, type ScaleResult, type ScaleSeries } from "./figures/scale";

/**
 * Cost is called linear when the growth per resource from the middle size to the largest is at most this many
 * times the growth from the smallest to the middle: a cost growing with the square of the size gives about 3.
 */
export const linearGrowthTolerance = 1.5;

export function isLinear(fit: LinearFit): boolean {
  const [first, second] = fit.steps;
  // Growth that does not rise (or falls) is at most linear.
  return second <= 0 || second <= Math.max(first, 0) * linearGrowthTolerance;
}

export function scaleSummaryRows(scale: ScaleResult | undefined): string[][] {
  if (scale === undefined) return [];
  return scaleOperations.map((operation) => {
    const time = scale.ours.timeFit[operation];
    const memory = scale.ours.memoryFit[operation];
    const samples = scale.ours.samples[operation];
    const largest = samples[samples.length - 1];
    const control = scale.control.timeFit[operation];
    return [
      "6",
      `\`${operation}\` of ${samples.map((s) => s.resources).join(" / ")} resources: growth per resource`,
      `${time.slope.toFixed(0)} ms (control ${control.slope.toFixed(0)} ms), ${memory.slope.toFixed(0)} kB of ` +
        `provider memory; ${(largest.ms / 1000).toFixed(1)} s and ${(largest.providerPeakKb / 1024).toFixed(0)} MB ` +
        `at ${largest.resources}`,
      "linear",
      isLinear(time) && isLinear(memory) ? "yes" : "**no**",
    ];
  });
}

export function scaleSection(scale: ScaleResult | undefined): string[] {
  if (scale === undefined) return [];
  const sizes = scale.ours.samples.up.map((sample) => sample.resources);
  const cells = (series: ScaleSeries, i: number, value: "s" | "MB") =>
    scaleOperations.map((op) => {
      const sample = series.samples[op][i];
      return value === "s" ? (sample.ms / 1000).toFixed(1) : (sample.providerPeakKb / 1024).toFixed(0);
    });
  const timeRows = sizes.map((size, i) => [
    String(size),
    ...cells(scale.ours, i, "s"),
    ...cells(scale.control, i, "s"),
  ]);
  const memoryRows = sizes.map((size, i) => [
    String(size),
    ...cells(scale.ours, i, "MB"),
    ...cells(scale.control, i, "MB"),
  ]);
  const headings = (unit: string) => [
    "resources",
    ...scaleOperations.map((op) => `ours ${op} (${unit})`),
    ...scaleOperations.map((op) => `control ${op} (${unit})`),
  ];
  const fitRows = (["ours", "control"] as const).flatMap((program) =>
    scaleOperations.flatMap((op) => [
      fitRow(program, op, "time (ms)", scale[program].timeFit[op]),
      fitRow(program, op, "provider memory (kB)", scale[program].memoryFit[op]),
    ]),
  );
  return [
    "## Figure 6: scale",
    "",
    `${sizes.join(", ")} resources (ours: ${scale.kinds.join(", ")}, split evenly; control: as many no-op dynamic ` +
      "resources), against the in-process emulator with rate limits and the provider's throttle off; one run per " +
      "size and program. Wall time of each command, and the peak resident memory (VmHWM) of the dynamic-provider " +
      "process it started. Chart: [scale.svg](scale.svg).",
    "",
    table(headings("s"), timeRows),
    "",
    table(headings("MB"), memoryRows),
    "",
    "Growth per resource: least-squares slope over the three sizes, R² of that line, and the growth between " +
      `consecutive sizes. Linear = the growth from ${sizes[1]} to ${sizes[2]} is at most ${linearGrowthTolerance}× ` +
      `the growth from ${sizes[0]} to ${sizes[1]}.`,
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

function fitRow(program: string, operation: string, measure: string, fit: LinearFit): string[] {
  return [
    program,
    operation,
    measure,
    fit.slope.toFixed(1),
    fit.r2.toFixed(3),
    ...fit.steps.map((step) => step.toFixed(1)),
    isLinear(fit) ? "yes" : "**no**",
  ];
}

function table(headings: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(headings), line(headings.map(() => "---")), ...rows.map(line)].join("\n");
}
