/**
 * The benchmark's settings from its environment variables. A bad value stops the run before anything is measured,
 * with a message that names the variable, what it takes, and what it got.
 */
import { figureNumbers, type BenchSettings, type FigureNumber } from "./results";

/** A setting the user got wrong; printed alone, without a stack trace. */
export class BenchSettingsError extends Error {}

export function readSettings(env: NodeJS.ProcessEnv): BenchSettings {
  const figures = figureList(env.BENCH_FIGURES);
  // Figures 2 and 8 are measured on figure 1's states and rounds.
  if ((figures.includes(2) || figures.includes(8)) && !figures.includes(1)) figures.push(1);
  return {
    runs: positiveInteger(env.BENCH_RUNS, 5, "BENCH_RUNS"),
    throughputRuns: positiveInteger(env.BENCH_THROUGHPUT_RUNS, 2, "BENCH_THROUGHPUT_RUNS"),
    figures: [...new Set(figures)].sort(),
  };
}

function figureList(value: string | undefined): FigureNumber[] {
  if (value === undefined || value.trim() === "") return [...figureNumbers];
  const parts = value.split(",").map((part) => part.trim());
  const unknown = parts.filter(
    (part) => !(figureNumbers as readonly number[]).includes(Number(part)) || part === "",
  );
  if (unknown.length > 0)
    throw new BenchSettingsError(
      `BENCH_FIGURES must list figure numbers from ${figureNumbers.join(", ")}, separated by commas ` +
        `(e.g. BENCH_FIGURES=1,3); got ${JSON.stringify(value)}, where ${unknown.map((u) => JSON.stringify(u)).join(", ")} ` +
        (unknown.length === 1 ? "is not a figure" : "are not figures"),
    );
  return parts.map((part) => Number(part) as FigureNumber);
}

function positiveInteger(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === "") return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1)
    throw new BenchSettingsError(
      `${name} must be a whole number above 0 (e.g. ${name}=2); got ${JSON.stringify(value)}`,
    );
  return parsed;
}
