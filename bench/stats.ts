/** Summaries of repeated measurements: the median and the spread (min to max), and percentiles. */

export interface Summary {
  readonly runs: number;
  readonly median: number;
  readonly min: number;
  readonly max: number;
}

export function summarize(samples: readonly number[]): Summary {
  if (samples.length === 0) throw new Error("no samples to summarize");
  return {
    runs: samples.length,
    median: percentile(samples, 50),
    min: Math.min(...samples),
    max: Math.max(...samples),
  };
}

/**
 * The p-th percentile by linear interpolation between the closest ranks (p50 of an even count is the mean of
 * the middle two).
 */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const below = Math.floor(rank);
  const above = Math.ceil(rank);
  return sorted[below] + (sorted[above] - sorted[below]) * (rank - below);
}

/** Milliseconds as seconds with one decimal, the unit of the engine figures. */
export function seconds(ms: number): string {
  return (ms / 1000).toFixed(1);
}

/** "median [min–max]" in seconds. */
export function secondsWithSpread(summary: Summary): string {
  return `${seconds(summary.median)} [${seconds(summary.min)}–${seconds(summary.max)}]`;
}

/** Milliseconds with two decimals, the unit of the getSeries figure. */
export function millis(ms: number): string {
  return ms.toFixed(2);
}
