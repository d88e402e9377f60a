/** The end of a deletion that the API finishes after answering the DELETE. */
import type { Clock } from "../../clock";
import { readOrGone } from "./readOrGone";
import { waitUntil } from "./waitUntil";

/** How long to wait for a deleted object to be gone, and how often to look. */
const DELETE_TIMEOUT_SECONDS = 600;
const POLL_INTERVAL_MS = 1_000;

/**
 * Waits until `get` answers the API's not-found: an object still listed (with a Deleting status, or not yet gone)
 * could collide with its replacement, and a listing would still show it. `what` names it in the timeout's error.
 */
export async function untilGone(clock: Clock, what: string, get: () => Promise<unknown>): Promise<void> {
  const stillThere = () => readOrGone(async () => ({ id: what, outs: await get() }));
  await waitUntil(clock, {
    initial: await stillThere(),
    poll: stillThere,
    done: (found) => found === undefined,
    timeoutSeconds: DELETE_TIMEOUT_SECONDS,
    pollIntervalMs: POLL_INTERVAL_MS,
    onTimeout: () => new Error(`${what} was still deleting after ${DELETE_TIMEOUT_SECONDS} s`),
  });
}
