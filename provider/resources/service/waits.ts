/**
 * Waiting on a service: until a state it moves through is over (provisioning, starting, stopping), and until a
 * deleted service is gone. Reads are soon at first and then every 5 seconds, as the official Terraform provider
 * polls, so that a long wait costs one request in two of the management API's 10-second budget.
 */
import { isNotFound, type ManagementClient, type ServiceDetails } from "../../rest";
import type { OperationContext } from "../operations";
import { waitUntil } from "../lifecycle/waitUntil";

export interface ServicePlace {
  readonly client: ManagementClient;
  readonly organizationId: string;
}

const POLL_SCHEDULE_MS = [1_000, 2_000, 5_000] as const;

function pollInterval(readsSoFar: number): number {
  return POLL_SCHEDULE_MS[Math.min(readsSoFar, POLL_SCHEDULE_MS.length - 1)];
}

/** States a service moves through on its own; a wait reads it again until it has left them. */
const passingStates = new Set(["provisioning", "starting", "stopping", "awaking"]);

/** Running and idle (running, scaled to zero) are the same to a program that wants a running service. */
export function effectiveState(state: string | null | undefined): string | undefined {
  switch (state) {
    case "idle":
    case "awaking":
    case "running":
    case "starting":
    case "partially_running":
      return "running";
    case "stopping":
    case "stopped":
      return "stopped";
    default:
      return state ?? undefined;
  }
}

/** Waits until the service is in none of the states it moves through on its own, then returns it. */
export function untilSettled(
  place: ServicePlace,
  service: ServiceDetails,
  timeoutMinutes: number,
  context: OperationContext,
  wanted = (state: string | null | undefined) => !passingStates.has(state ?? ""),
): Promise<ServiceDetails> {
  return waitUntil(context.clock, {
    initial: service,
    poll: () => place.client.services.details(place.organizationId, service.id),
    done: (current) => wanted(current.state),
    timeoutSeconds: timeoutMinutes * 60,
    pollIntervalMs: pollInterval,
    onWait: (current, waited) =>
      context.progress(`service ${service.id}: ${current.state ?? "no state"} after ${waited} s, waiting`),
    onTimeout: (current) =>
      new Error(
        `service ${service.id} was still ${current.state ?? "without a state"} after ${timeoutMinutes} minutes ` +
          "(waitTimeoutMinutes); the next `pulumi up` or `pulumi refresh` reads it again",
      ),
  });
}

/** Waits until the API answers 404 for a deleted service. */
export async function untilGone(
  place: ServicePlace,
  serviceId: string,
  timeoutMinutes: number,
  context: OperationContext,
): Promise<void> {
  const read = async (): Promise<ServiceDetails | undefined> => {
    try {
      return await place.client.services.details(place.organizationId, serviceId);
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  };
  await waitUntil(context.clock, {
    initial: await read(),
    poll: read,
    done: (current) => current === undefined,
    timeoutSeconds: timeoutMinutes * 60,
    pollIntervalMs: pollInterval,
    onWait: (current, waited) =>
      context.progress(
        `service ${serviceId}: ${current?.state ?? "deleted"} after ${waited} s, waiting until it is gone`,
      ),
    onTimeout: (current) =>
      new Error(
        `service ${serviceId} was still ${current?.state ?? "listed"} ${timeoutMinutes} minutes after its DELETE ` +
          "(waitTimeoutMinutes)",
      ),
  });
}
