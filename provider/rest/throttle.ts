/**
 * Keeps one process under an API's published rate limit, so that `pulumi up --parallel` queues its requests
 * instead of storming into 429s.
 *
 * Servers count requests in windows that start at the first request (the emulator's @fastify/rate-limit
 * does; so may the real APIs), and such a window can straddle any fixed local window: a reservoir refilled
 * every N seconds can let twice the limit through one server window. So this throttle bounds every sliding
 * window instead: bottleneck admits at most `limit` requests at a time, and each admitted request keeps its
 * slot for one window (plus a margin for network latency) from the moment it is sent. A full burst still
 * goes out at once; the next one waits until the first has aged out of any window it could share.
 */
import Bottleneck from "bottleneck";
import type { Clock } from "./clock";
import type { SharedBudget } from "./sharedBudget";

export interface ThrottleSettings {
  /** Requests allowed per window. */
  readonly limit: number;
  readonly windowMs: number;
  /** Extra time a slot is held, covering the delay between sending and the server counting the request. */
  readonly marginMs: number;
  /** Pause after a 429 that named no reset time. */
  readonly fallbackPauseMs: number;
}

/** Management API: 10 requests per 10 seconds per key. */
export const MANAGEMENT_THROTTLE: ThrottleSettings = {
  limit: 10,
  windowMs: 10_000,
  marginMs: 500,
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
  private readonly limiter: Bottleneck;
  private pausedUntil = 0;
  /** Requests queued for a slot; while there are any, the slot timers must keep the process alive. */
  private queued = 0;
  private readonly heldSlots = new Set<NodeJS.Timeout>();

  constructor(
    private readonly settings: ThrottleSettings,
    private readonly clock: Clock,
    /** The key's budget shared with the other processes of this machine, when there is one. */
    private readonly shared?: SharedBudget,
  ) {
    this.limiter = new Bottleneck({ maxConcurrent: settings.limit });
  }

  /** Runs `send` once a slot is free and no 429 pause is in force; resolves with its result. */
  run<T>(send: () => Promise<T>): Promise<T> {
    this.setQueued(this.queued + 1);
    return new Promise<T>((resolve, reject) => {
      this.limiter
        .schedule(async () => {
          this.setQueued(this.queued - 1);
          await this.waitOutPause();
          const markSent = await this.shared?.take();
          markSent?.();
          send().then(resolve, reject);
          await this.holdSlot();
        })
        .catch(reject);
    });
  }

  /** Stops sending until `ms` from now; called when the server answers 429. */
  pauseFor(ms: number | undefined): void {
    const until = this.clock.now() + (ms ?? this.settings.fallbackPauseMs);
    this.pausedUntil = Math.max(this.pausedUntil, until);
    this.shared?.pauseUntil(until);
  }

  private async waitOutPause(): Promise<void> {
    // A pause can be extended by another 429 while we wait, so check again after each wait.
    for (
      let wait = this.pausedUntil - this.clock.now();
      wait > 0;
      wait = this.pausedUntil - this.clock.now()
    ) {
      await this.clock.sleep(wait);
    }
  }

  /**
   * Keeps the slot for one window in real time, as the server's window ages. The timer only keeps the process
   * alive while requests are queued behind it, so a finished program does not wait for its last window.
   */
  private holdSlot(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.heldSlots.delete(timer);
        resolve();
      }, this.settings.windowMs + this.settings.marginMs);
      this.heldSlots.add(timer);
      if (this.queued === 0) timer.unref();
    });
  }

  private setQueued(count: number): void {
    this.queued = count;
    for (const timer of this.heldSlots) {
      if (count > 0) timer.ref();
      else timer.unref();
    }
  }
}
