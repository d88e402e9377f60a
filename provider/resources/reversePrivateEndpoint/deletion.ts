/** The end of a reverse private endpoint's deletion, which the API finishes after answering the DELETE. */
import type { Clock } from "../../clock";
import type { ReversePrivateEndpointsApi } from "../../rest";
import { readOrGone } from "../lifecycle/readOrGone";
import { waitUntil } from "../lifecycle/waitUntil";

/** How long to wait for a Deleting endpoint to be gone. */
const DELETE_TIMEOUT_SECONDS = 600;
const POLL_INTERVAL_MS = 1_000;

/**
 * Waits until the endpoint is gone after its DELETE was answered: the API keeps it listed with status Deleting for
 * a while, so a replacement could collide with it and a listing would still show it.
 */
export async function untilDeleted(
  api: ReversePrivateEndpointsApi,
  organizationId: string,
  serviceId: string,
  id: string,
  clock: Clock,
): Promise<void> {
  const stillThere = () =>
    readOrGone(async () => ({ id, outs: await api.get(organizationId, serviceId, id) }));
  await waitUntil(clock, {
    initial: await stillThere(),
    poll: stillThere,
    done: (found) => found === undefined,
    timeoutSeconds: DELETE_TIMEOUT_SECONDS,
    pollIntervalMs: POLL_INTERVAL_MS,
    onTimeout: () =>
      new Error(`reverse private endpoint ${id} was still deleting after ${DELETE_TIMEOUT_SECONDS} s`),
  });
}
