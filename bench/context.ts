import type { RunningEmulator } from "../emulator";

/** What every figure gets from the runner. */
export interface BenchContext {
  /** The in-process emulator; figures leave it reset, with rate limits off, when they finish. */
  readonly emulator: RunningEmulator;
  /** Repetitions of each timed measurement (at least 5 for the published table). */
  readonly runs: number;
  /** Progress for the terminal; the results go to the report. */
  log(line: string): void;
}
