/**
 * Which failures are retried, and after how long. axios-retry runs the attempts; this module supplies its
 * decisions. The rules protect against duplicates: a POST is repeated only when it cannot have reached the
 * server (connection refused, DNS not answering) or was explicitly refused with 429.
 */
import type { AxiosError } from "axios";
import type { IAxiosRetryConfig } from "axios-retry";
import type { Clock } from "../../clock";
import type { HttpMethod } from "../errors/apiError";
import { pauseBounds, serverPause, type PauseBounds } from "../budget/rateLimit";
import { OBSERVABILITY_THROTTLE } from "../budget/throttle";

export interface RetrySettings {
  /** Attempts in total, the first included, when a failure other than a 429 is retried. */
  readonly maxAttempts: number;
  /**
   * Attempts in total while the API answers 429. A 429 means the request was not processed, so repeating it is
   * safe, and processes that share a key without sharing a budget (on different runners, or after the shared
   * budget's Redis became unreachable) can each lose several windows in a row; the time budget still bounds them.
   */
  readonly maxRateLimitedAttempts: number;
  /** No retry starts when its wait would end later than this after the first attempt began. */
  readonly maxTotalMs: number;
  /** First backoff delay; doubled for each further retry. */
  readonly baseDelayMs: number;
  /** Upper bound of one backoff delay. */
  readonly maxDelayMs: number;
  /** How long a 429 may ask to wait: about one window of the API (each client sets its own API's). */
  readonly serverPause: PauseBounds;
}

export const DEFAULT_RETRY_SETTINGS: RetrySettings = {
  maxAttempts: 6,
  maxRateLimitedAttempts: 20,
  maxTotalMs: 120_000,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  // The longer of the two APIs' windows.
  serverPause: pauseBounds(OBSERVABILITY_THROTTLE.windowMs, OBSERVABILITY_THROTTLE.marginMs),
};

/** Network failures that happen before the request is written: the server never saw it. */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "EAI_AGAIN", "EHOSTUNREACH"]);
/** Network failures after which the server may or may not have processed the request. */
const IN_FLIGHT_CODES = new Set(["ECONNRESET", "ETIMEDOUT", "EPIPE", "ERR_SOCKET_CONNECTION_TIMEOUT"]);
// 500 too: an API's internal error is as often passing as a gateway's, and these are retried only for requests that
// are safe to repeat (never a create).
const RETRIED_STATUSES = new Set([500, 502, 503, 504]);

export type FailureKind = "rate-limited" | "server-unavailable" | "not-sent" | "in-flight" | "final";

/** Sorts a failed attempt into the categories the retry rules speak about. */
export function classifyFailure(error: AxiosError): FailureKind {
  const status = error.response?.status;
  if (status === 429) return "rate-limited";
  if (status !== undefined) return RETRIED_STATUSES.has(status) ? "server-unavailable" : "final";
  const code = error.code ?? "";
  if (NOT_SENT_CODES.has(code)) return "not-sent";
  if (IN_FLIGHT_CODES.has(code)) return "in-flight";
  return "final";
}

/** True when the server may have processed the request although it did not report success. */
export function mayHaveBeenProcessed(error: AxiosError): boolean {
  const status = error.response?.status;
  if (status !== undefined) return status >= 500;
  return !NOT_SENT_CODES.has(error.code ?? "") && error.code !== "ENOTFOUND";
}

export function isRetryable(kind: FailureKind, method: HttpMethod): boolean {
  switch (kind) {
    case "rate-limited":
    case "not-sent":
      return true;
    case "server-unavailable":
    case "in-flight":
      return method !== "POST";
    case "final":
      return false;
  }
}

/** The wait before retry number `retryNumber` (1 for the first retry). */
export function retryDelayMs(
  error: AxiosError,
  retryNumber: number,
  settings: RetrySettings,
  nowMs: number,
  random: () => number,
): number {
  if (error.response?.status === 429) {
    const resetMs = serverPause(error.response.headers, nowMs, settings.serverPause).ms;
    // A little jitter after the reset keeps parallel processes from arriving in the same millisecond.
    if (resetMs !== undefined) return resetMs + Math.round(random() * Math.min(1000, settings.baseDelayMs));
  }
  const exponential = Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** (retryNumber - 1));
  // "Equal jitter": half the delay fixed, half random.
  return Math.round(exponential / 2 + (random() * exponential) / 2);
}

export interface RetryEvent {
  readonly kind: FailureKind;
  readonly error: AxiosError;
  /** The attempt about to start (2 for the first retry). */
  readonly nextAttempt: number;
  /** The most attempts a failure of this kind allows. */
  readonly maxAttempts: number;
  readonly delayMs: number;
}

/**
 * The retry state of one request: counts attempts, enforces the time budget and performs the wait through
 * the injected clock (axios-retry's own timer is then given zero).
 */
export class RetryTracker {
  readonly startedAt: number;
  private attemptsMade = 1;
  private plannedDelayMs = 0;

  constructor(
    private readonly method: HttpMethod,
    private readonly settings: RetrySettings,
    private readonly clock: Clock,
    private readonly random: () => number,
    private readonly onRetry: (event: RetryEvent) => void,
  ) {
    this.startedAt = clock.now();
  }

  get attempts(): number {
    return this.attemptsMade;
  }

  elapsedMs(): number {
    return this.clock.now() - this.startedAt;
  }

  /** Options for axios-retry, for this request only. */
  axiosRetryOptions(): IAxiosRetryConfig {
    return {
      retries: Math.max(0, this.settings.maxAttempts - 1, this.settings.maxRateLimitedAttempts - 1),
      shouldResetTimeout: true,
      retryCondition: (error) => this.shouldRetry(error),
      retryDelay: () => 0,
      onRetry: async () => {
        this.attemptsMade += 1;
        await this.clock.sleep(this.plannedDelayMs);
      },
    };
  }

  private shouldRetry(error: AxiosError): boolean {
    const kind = classifyFailure(error);
    if (!isRetryable(kind, this.method)) return false;
    const maxAttempts =
      kind === "rate-limited" ? this.settings.maxRateLimitedAttempts : this.settings.maxAttempts;
    if (this.attemptsMade >= maxAttempts) return false;
    const now = this.clock.now();
    const delayMs = retryDelayMs(error, this.attemptsMade, this.settings, now, this.random);
    if (now - this.startedAt + delayMs > this.settings.maxTotalMs) return false;
    this.plannedDelayMs = delayMs;
    this.onRetry({ kind, error, nextAttempt: this.attemptsMade + 1, maxAttempts, delayMs });
    return true;
  }
}
