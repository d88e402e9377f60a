/**
 * What the REST layer's HTTP tests add to test/support/: client options with small retry settings, a simulated
 * clock and captured log lines, and readers of failures and of the emulator's request log.
 */
import { expect } from "chai";
import type { RunningEmulator } from "../../emulator";
import type { Clock } from "../../provider/clock";
import { ApiError } from "../../provider/rest/errors/apiError";
import type { HttpOptions } from "../../provider/rest/transport/http";

/**
 * Time that passes only when slept through: waits take no real time and are recorded, so a test can assert
 * that a client waited 7 s for a rate-limit reset without waiting 7 s. `onSleep` runs before each wait.
 */
export class SimulatedClock implements Clock {
  readonly sleeps: number[] = [];
  private offsetMs = 0;

  constructor(private readonly onSleep: (ms: number) => Promise<void> | void = () => undefined) {}

  now(): number {
    return Date.now() + this.offsetMs;
  }

  async sleep(ms: number): Promise<void> {
    this.sleeps.push(ms);
    await this.onSleep(ms);
    this.offsetMs += ms;
  }
}

/** Options for test clients: short timeouts, few attempts, simulated time, and every log line kept. */
export function testOptions(logs: string[], overrides: HttpOptions = {}): HttpOptions {
  return {
    timeoutMs: 2_000,
    retry: { maxAttempts: 4, maxTotalMs: 60_000, baseDelayMs: 100, maxDelayMs: 1_000 },
    clock: new SimulatedClock(),
    log: (line) => logs.push(line),
    ...overrides,
  };
}

/** Awaits `promise`, expecting it to fail with an ApiError, and returns that error. */
export async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error("expected the request to fail with an ApiError");
}

/** The API requests the emulator logged (control requests excluded), as "METHOD path status [fault]". */
export async function loggedRequests(emulator: RunningEmulator): Promise<string[]> {
  const entries = await emulator.control.requests();
  return entries
    .filter((entry) => !entry.path.startsWith("/__emulator"))
    .map((entry) => `${entry.method} ${entry.path} ${entry.status}${entry.fault ? ` ${entry.fault}` : ""}`);
}

export { unusedPort } from "../../scripts/lib/ports";
