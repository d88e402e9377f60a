import type { RunningEmulator } from "../emulator";
import type { BenchFixtureIds } from "./programs/ours/settings";

/** What every figure gets from the runner. */
export interface BenchContext {
  /** The in-process emulator; figures leave it reset, with rate limits off, when they finish. */
  readonly emulator: RunningEmulator;
  /** The emulator's objects the programs' resources name (the same after every reset). */
  readonly fixtureIds: BenchFixtureIds;
  /** The day of the week the scaling schedules' windows fall on (`bench:scheduleWeekday`). */
  readonly scheduleWeekday: number;
  /** Repetitions of each timed measurement (at least 5 for the published table). */
  readonly runs: number;
  /** Progress for the terminal; the results go to the report. */
  log(line: string): void;
}
