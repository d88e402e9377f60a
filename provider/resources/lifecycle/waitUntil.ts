/** The one polling loop: reads an object again every interval until it reaches what the caller waits for. */
import type { Clock } from "../../clock";

export interface WaitPlan<T> {
  /** What is known now; when it already satisfies `done`, nothing is read. */
  readonly initial: T;
  /** Reads the object again. */
  readonly poll: () => Promise<T>;
  readonly done: (value: T) => boolean;
  readonly timeoutSeconds: number;
  /** The pause before each read: fixed, or by the number of reads made so far (to poll soon, then less often). */
  readonly pollIntervalMs: number | ((readsSoFar: number) => number);
  /** Reports each wait, e.g. a progress line. */
  readonly onWait?: (value: T, waitedSeconds: number) => void;
  /** The error the wait ends with when `done` never held within the timeout. */
  readonly onTimeout: (value: T) => Error;
}

export async function waitUntil<T>(clock: Clock, plan: WaitPlan<T>): Promise<T> {
  const started = clock.now();
  let value = plan.initial;
  const interval = plan.pollIntervalMs;
  for (let reads = 0; !plan.done(value); reads++) {
    const waitedSeconds = Math.round((clock.now() - started) / 1000);
    if (waitedSeconds >= plan.timeoutSeconds) throw plan.onTimeout(value);
    plan.onWait?.(value, waitedSeconds);
    await clock.sleep(typeof interval === "number" ? interval : interval(reads));
    value = await plan.poll();
  }
  return value;
}
