/**
 * Service states as the emulator models them: provisioning (a new service), running, idle (idle scaling turned it
 * off), awaking (on its way back to running), the start/stop cycle (starting, stopping, stopped), and terminating
 * (deleted, gone once it settles). A transitional state settles after the
 * `awakeningDelayMs` setting (the service transition delay); the state is computed from timestamps whenever it is read.
 *
 * The real API refuses reverse private endpoint operations unless the service is running: a 424 whose error ends
 * with "Current state: <state>". `PATCH .../state` takes `{"command": "awake" | "start" | "stop"}`; awake wakes an
 * idle service and is a no-op on one that is running or awaking, but does not start a stopped service.
 */
import type { ServiceStateCommand } from "../../schemas/enums";
import { ApiError } from "../server/errors";
import type { EmulatedServiceState, ServiceRecord } from "../state/types";

/** States the control path may put a service in directly. */
export const assignableServiceStates = ["running", "idle", "stopped"] as const;
export type AssignableServiceState = (typeof assignableServiceStates)[number];

const settlesInto: Partial<Record<EmulatedServiceState, EmulatedServiceState>> = {
  provisioning: "running",
  awaking: "running",
  starting: "running",
  stopping: "stopped",
};

export function stateOf(service: ServiceRecord, nowMs: number): EmulatedServiceState {
  // State files written before services had states hold running services.
  const state = service.state ?? "running";
  const settled = settlesInto[state];
  if (settled !== undefined && nowMs >= (service.stateSettlesAt ?? 0)) return settled;
  return state;
}

/** Whether a deleted service has finished terminating: the API then answers 404 for it. */
export function isGone(service: ServiceRecord, nowMs: number): boolean {
  return service.state === "terminating" && nowMs >= (service.stateSettlesAt ?? 0);
}

/** Puts a service in a state at once (control path): no transition, no delay. */
export function assignState(service: ServiceRecord, state: AssignableServiceState): void {
  service.state = state;
  delete service.stateSettlesAt;
}

/** Applies a command of `PATCH .../state`; throws the API's refusal when the command does not apply. */
export function applyCommand(
  service: ServiceRecord,
  command: ServiceStateCommand,
  nowMs: number,
  delayMs: number,
): void {
  const current = stateOf(service, nowMs);
  if (current === "provisioning" || current === "terminating") {
    throw new ApiError(409, `Service ${service.id} is ${current}: its state cannot be changed now`);
  }
  switch (command) {
    case "awake":
      if (current === "idle") return enter(service, "awaking", nowMs, delayMs);
      if (current === "running" || current === "awaking") return;
      throw new ApiError(
        409,
        `Service ${service.id} is ${current}: the awake command wakes an idle service and does not start a ` +
          "stopped one; use the start command",
      );
    case "start":
      if (current === "stopped" || current === "stopping") return enter(service, "starting", nowMs, delayMs);
      if (current === "idle") return enter(service, "awaking", nowMs, delayMs);
      return;
    case "stop":
      if (current === "stopped" || current === "stopping") return;
      return enter(service, "stopping", nowMs, delayMs);
  }
}

/** Throws the real API's 424 unless the service is running. */
export function assertRunning(
  service: ServiceRecord,
  nowMs: number,
  operations: string,
  verb: "are" | "is" = "are",
): void {
  const state = stateOf(service, nowMs);
  if (state === "running") return;
  throw new ApiError(
    424,
    `${operations} ${verb} allowed only when the ClickHouse service is running. Current state: ${state}`,
  );
}

function enter(service: ServiceRecord, state: EmulatedServiceState, nowMs: number, delayMs: number): void {
  const settled = settlesInto[state];
  if (settled !== undefined && delayMs <= 0) {
    assignState(service, settled as AssignableServiceState);
    return;
  }
  service.state = state;
  service.stateSettlesAt = nowMs + delayMs;
}
