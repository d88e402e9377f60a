/**
 * Time as the REST layer sees it. Retries and the throttle wait through this interface so tests can replace
 * real waiting with a simulated clock.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms` milliseconds; keeps the process alive meanwhile, as a pending request should. */
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
};
