/**
 * Keeps one process under an API's published rate limit, so that `pulumi up --parallel` queues its requests
 * instead of storming into 429s.
 *
 * Servers count requests in windows that start at the first request (the emulator's @fastify/rate-limit
 * does; so may the real APIs), and such a window can straddle any fixed local window: a reservoir refilled
 * every N seconds can let twice the limit through one server window. So this throttle bounds every sliding
 * window instead: a request takes a slot when it is sent and keeps it until one window after its answer. The
 * server counted the request before it answered, so the slot is held for at least one window of the server's
 * clock whatever the network's delay, and no window the server can draw holds more than `limit` requests.
 * A full burst goes out at once and the next one goes the moment the first burst's answers are a window old:
 * N requests take ⌈N / limit⌉ − 1 windows plus the answers' delays, the least the limit allows.
 *
 * A limiter library's reservoir refills on a fixed local schedule, which is the straddling problem above; and
 * holding each slot from the answer needs a timer only while requests wait, or a finished command (the orphans
 * command, a program's getSeries) would be kept alive for its last window. Hence this small queue of its own.
 */
import type { Clock } from "../../clock";

/**
 * A key's budget shared with other processes: this machine's (sharedBudget.ts) or every runner's through Redis
 * (redisBudget.ts).
 */
export interface RateBudget {
  /**
   * Waits until the other processes' use of the key leaves room for one more request. Returns the function to call
   * when the request is sent, which may return the one to call when its answer arrives.
   */
  take(): Promise<() => (() => void) | void>;
  /** Tells every process of the key to send nothing before `untilMs` (a 429's reset). */
  pauseUntil(untilMs: number): void;
}

export interface ThrottleSettings {
  /** Requests allowed per window. */
  readonly limit: number;
  readonly windowMs: number;
  /** Extra time a slot is held after its window, covering the rounding of the server's clock. */
  readonly marginMs: number;
  /** Pause after a 429 that named no reset time. */
  readonly fallbackPauseMs: number;
}

/** Management API: 10 requests per 10 seconds per key. */
export const MANAGEMENT_THROTTLE: ThrottleSettings = {
  limit: 10,
  windowMs: 10_000,
  marginMs: 100,
  fallbackPauseMs: 1_000,
};

/** Observability API: 100 requests per minute per token. */
export const OBSERVABILITY_THROTTLE: ThrottleSettings = {
  limit: 100,
  windowMs: 60_000,
  marginMs: 1_000,
  fallbackPauseMs: 1_000,
};

/**
 * What distinguishes one client's throttle from another's for the same credential: the settings in force once
 * `override` (a client option) is applied to the API's published `base`.
 */
export function throttleKey(
  base: ThrottleSettings,
  override: Partial<ThrottleSettings> | "off" | undefined,
): string {
  if (override === "off") return "off";
  const { limit, windowMs, marginMs, fallbackPauseMs } = { ...base, ...override };
  return `${limit}/${windowMs}+${marginMs},${fallbackPauseMs}`;
}

export class Throttle {
  /** Requests sent and not yet answered: each holds a slot until its answer is a window old. */
  private inFlight = 0;
  /** When the last answers arrived, oldest first; only those younger than a window (plus margin) matter. */
  private readonly answeredAt: number[] = [];
  /** Wakes the request waiting for an answer when every slot is held by a request in flight. */
  private answered: (() => void) | undefined;
  /** Admission is first come, first served: each request waits for the one queued before it to be sent. */
  private admission: Promise<void> = Promise.resolve();
  private pausedUntil = 0;

  constructor(
    private readonly settings: ThrottleSettings,
    private readonly clock: Clock,
    /** The key's budget shared with other processes, when there is one. */
    private readonly shared?: RateBudget,
  ) {}

  /** Runs `send` once a slot is free and no 429 pause is in force; resolves with its result. */
  run<T>(send: () => Promise<T>): Promise<T> {
    const admitted = this.admission.then(() => this.admit());
    this.admission = admitted.catch(() => undefined);
    return admitted.then(async () => {
      let answered: (() => void) | void = undefined;
      try {
        const markSent = await this.shared?.take();
        answered = markSent?.();
        return await send();
      } finally {
        if (typeof answered === "function") answered();
        this.release();
      }
    });
  }

  /** Stops sending until `ms` from now; called when the server answers 429. */
  pauseFor(ms: number | undefined): void {
    const until = this.clock.now() + (ms ?? this.settings.fallbackPauseMs);
    this.pausedUntil = Math.max(this.pausedUntil, until);
    this.shared?.pauseUntil(until);
  }

  /**
   * Waits until a slot is free and no pause is in force, then takes the slot. Waiting happens only while a
   * request is queued, so a finished program is never kept alive for the rest of its last window.
   */
  private async admit(): Promise<void> {
    const holdMs = this.settings.windowMs + this.settings.marginMs;
    for (;;) {
      const now = this.clock.now();
      while (this.answeredAt.length > 0 && this.answeredAt[0] + holdMs <= now) this.answeredAt.shift();
      // A pause can be extended by another 429 while we wait, so everything is checked again after each wait.
      if (this.pausedUntil > now) {
        await this.clock.sleep(this.pausedUntil - now);
      } else if (this.inFlight + this.answeredAt.length < this.settings.limit) {
        // The slot is taken here, before the next queued request is admitted.
        this.inFlight += 1;
        return;
      } else if (this.answeredAt.length > 0) {
        await this.clock.sleep(this.answeredAt[0] + holdMs - now);
      } else {
        await new Promise<void>((resolve) => (this.answered = resolve));
      }
    }
  }

  private release(): void {
    this.inFlight -= 1;
    this.answeredAt.push(this.clock.now());
    const wake = this.answered;
    this.answered = undefined;
    wake?.();
  }
}
