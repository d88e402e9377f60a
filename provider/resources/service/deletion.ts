/**
 * Deleting a service as the API requires: only a stopped service may be deleted. A service still provisioning
 * or starting is waited for; a running or idle one is stopped and waited for; the DELETE is sent again while the
 * API answers 409 (a service that reports stopped may still be settling, as the official Terraform provider's
 * internal/api/service.go notes), every 10 seconds up to 90 times; then the delete waits until the service is gone.
 * A service already gone at any step is what a delete wants.
 */
import { ApiError, isNotFound, type ServiceDetails } from "../../rest";
import type { OperationContext } from "../operations";
import { untilGone, untilSettled, type ServicePlace } from "./waits";

const CONFLICT_RETRY_MS = 10_000;
const MAX_CONFLICT_RETRIES = 90;

export async function deleteService(
  place: ServicePlace,
  serviceId: string,
  timeoutMinutes: number,
  context: OperationContext,
): Promise<void> {
  const stopped = await stoppedService(place, serviceId, timeoutMinutes, context);
  if (stopped === undefined) return;
  if (!(await deleteWhenAccepted(place, serviceId, context))) return;
  await untilGone(place, serviceId, timeoutMinutes, context);
}

/** The service once stopped; undefined when it is gone. */
async function stoppedService(
  place: ServicePlace,
  serviceId: string,
  timeoutMinutes: number,
  context: OperationContext,
): Promise<ServiceDetails | undefined> {
  return ifPresent(async () => {
    const { client, organizationId } = place;
    let service = await untilSettled(
      place,
      await client.services.details(organizationId, serviceId),
      timeoutMinutes,
      context,
    );
    if (service.state !== "stopped") {
      context.progress(`service ${serviceId}: ${service.state ?? "no state"}, stopping it before the delete`);
      await client.services.changeState(organizationId, serviceId, "stop");
      service = await untilSettled(
        place,
        await client.services.details(organizationId, serviceId),
        timeoutMinutes,
        context,
        (state) => state === "stopped",
      );
    }
    return service;
  });
}

/** Sends the DELETE until the API takes it; false when the service turned out to be gone already. */
async function deleteWhenAccepted(
  place: ServicePlace,
  serviceId: string,
  context: OperationContext,
): Promise<boolean> {
  for (let conflicts = 0; ; conflicts++) {
    try {
      await place.client.services.delete(place.organizationId, serviceId);
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      if (!(error instanceof ApiError && error.status === 409) || conflicts >= MAX_CONFLICT_RETRIES)
        throw error;
      context.progress(
        `service ${serviceId}: the API is not ready to delete it yet (409: ${error.detail}); retrying`,
      );
      await context.clock.sleep(CONFLICT_RETRY_MS);
    }
  }
}

async function ifPresent<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}
