/** The one polling loop: reads an object again every interval until it reaches what the caller waits for. */
import type { Clock } from "../../clock";

export interface WaitPlan<T> {
  /** What is known now; when it already satisfies `done`, nothing is read. */
  readonly initial: T;
  /** Reads the object again. */
  readonly poll: () => Promise<T>;
  readonly done: (value: T) => boolean;
  readonly timeoutSeconds: number;
  readonly pollIntervalMs: number;
  /** Reports each wait, e.g. a progress line. */
  readonly onWait?: (value: T, waitedSeconds: number) => void;
  /** The error the wait ends with when `done` never held within the timeout. */
  readonly onTimeout: (value: T) => Error;
}

export async function waitUntil<T>(clock: Clock, plan: WaitPlan<T>): Promise<T> {
  const started = clock.now();
  let value = plan.initial;
  while (!plan.done(value)) {
    const waitedSeconds = Math.round((clock.now() - started) / 1000);
    if (waitedSeconds >= plan.timeoutSeconds) throw plan.onTimeout(value);
    plan.onWait?.(value, waitedSeconds);
    await clock.sleep(plan.pollIntervalMs);
    value = await plan.poll();
  }
  return value;
}
