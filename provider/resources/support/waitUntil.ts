/** The one polling loop: reads an object again every interval until it reaches what the caller waits for. */
import { sleep } from "./lifecycle";

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

export async function waitUntil<T>(plan: WaitPlan<T>): Promise<T> {
  const started = Date.now();
  let value = plan.initial;
  while (!plan.done(value)) {
    const waitedSeconds = Math.round((Date.now() - started) / 1000);
    if (waitedSeconds >= plan.timeoutSeconds) throw plan.onTimeout(value);
    plan.onWait?.(value, waitedSeconds);
    await sleep(plan.pollIntervalMs);
    value = await plan.poll();
  }
  return value;
}
