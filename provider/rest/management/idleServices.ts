/**
 * A service with idle scaling on (the default) goes idle when unused, and the API then refuses operations that
 * need it running with a 424 whose error ends "Current state: idle". Such an operation wakes the service
 * (`PATCH .../state {"command":"awake"}`), waits until it runs and is sent once more, as the official Terraform
 * provider does. A service that is awaking already is only waited for. A stopped service is never started: it was
 * stopped on purpose, so its 424 reaches the user as it is.
 */
import { ApiError } from "../errors/apiError";
import type { Clock } from "../../clock";
import type { ServicesApi } from "./services";

export interface WakeSettings {
  /** How long a woken service may take to run before the operation fails, in milliseconds. */
  readonly timeoutMs: number;
  /**
   * The longest pause between two reads of the service's state while waiting, in milliseconds. The first pause
   * is short and each one doubles up to this, so a service that wakes quickly is not kept waiting for.
   */
  readonly pollMs: number;
  /** Receives the one line that tells the user a service is being woken. */
  readonly report: (line: string) => void;
}

const FIRST_POLL_MS = 250;

export const DEFAULT_WAKE_SETTINGS: WakeSettings = {
  timeoutMs: 600_000,
  // Each poll is one request of the 10 per 10 s the API allows a key; other resources share that budget.
  pollMs: 2_000,
  report: () => undefined,
};

/** The service state a 424 names when the API refuses an operation because the service is not running. */
export function stateRefusedIn(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 424) return undefined;
  return /Current state: ([A-Za-z_]+)/.exec(error.detail)?.[1];
}

export class IdleServiceWaker {
  /** Wakes under way, per service: operations that meet the same idle service share one wake and one line. */
  private readonly wakes = new Map<string, Promise<void>>();

  constructor(
    private readonly services: ServicesApi,
    private readonly clock: Clock,
    private readonly settings: WakeSettings,
  ) {}

  /**
   * Runs `operation`; when the API refuses it because the service is idle or awaking, wakes the service, waits until
   * it runs and runs `operation` once more. A refused request was not processed, so sending it again is safe.
   * `refused` names what the API refuses, for the progress line: "reverse private endpoint operations".
   */
  async whileRunning<T>(
    organizationId: string,
    serviceId: string,
    refused: string,
    operation: () => Promise<T>,
  ): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      const state = stateRefusedIn(error);
      if (state !== "idle" && state !== "awaking") throw error;
      await this.wake(organizationId, serviceId, state, refused);
      return operation();
    }
  }

  private wake(organizationId: string, serviceId: string, state: string, refused: string): Promise<void> {
    const key = `${organizationId}/${serviceId}`;
    let wake = this.wakes.get(key);
    if (wake === undefined) {
      wake = this.wakeAndWait(organizationId, serviceId, state, refused).finally(() =>
        this.wakes.delete(key),
      );
      this.wakes.set(key, wake);
    }
    return wake;
  }

  private async wakeAndWait(
    organizationId: string,
    serviceId: string,
    state: string,
    refused: string,
  ): Promise<void> {
    const { timeoutMs, pollMs } = this.settings;
    const seconds = Math.round(timeoutMs / 1000);
    this.settings.report(
      state === "idle"
        ? `service ${serviceId} is idle, and the API refuses ${refused} until it runs: waking it up and waiting up to ${seconds} s`
        : `service ${serviceId} is waking up, and the API refuses ${refused} until it runs: waiting up to ${seconds} s`,
    );
    if (state === "idle") await this.services.changeState(organizationId, serviceId, "awake");
    const deadline = this.clock.now() + timeoutMs;
    for (let pause = Math.min(FIRST_POLL_MS, pollMs); ; pause = Math.min(pause * 2, pollMs)) {
      const current = (await this.services.get(organizationId, serviceId)).state;
      if (current === "running") return;
      const remaining = deadline - this.clock.now();
      if (remaining <= 0) {
        throw new Error(
          `service ${serviceId} was woken up but is still ${current ?? "not running"} after ${seconds} s, and ` +
            `the API refuses ${refused} until it runs; run the command again once the service runs`,
        );
      }
      await this.clock.sleep(Math.min(pause, remaining));
    }
  }
}
