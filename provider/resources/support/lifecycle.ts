import type { ReadOutcome } from "../definition";
import { ApiError, isNotFound } from "../../rest";

/** A read whose object is gone: the engine drops the resource from state on refresh, and the next `up` recreates it. */
export const GONE: ReadOutcome = { id: "", props: {} };

/**
 * Runs a read; the API's own not-found answer means the object was deleted out of band. Any other failure, a 404
 * from a proxy in front of the API included, fails the read and the engine keeps the resource in state.
 */
export async function readOrGone(read: () => Promise<ReadOutcome>): Promise<ReadOutcome> {
  try {
    return await read();
  } catch (error) {
    if (isNotFound(error)) return GONE;
    throw error;
  }
}

/**
 * Runs a delete; an object the API says does not exist is what a delete wants. Any other failure, a proxy's 404
 * included, fails the delete and the engine keeps the resource in state.
 */
export async function deleteIfPresent(remove: () => Promise<void>): Promise<void> {
  try {
    await remove();
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
}

/**
 * True when a create failed in a way that leaves its outcome unknown: the request may have been processed
 * (the connection dropped or timed out after sending). Such a create is reconciled by reading back, never repeated
 * blindly, so no duplicate is made.
 */
export function createOutcomeUnknown(error: unknown): error is ApiError {
  return error instanceof ApiError && error.outcomeUnknown;
}

/** Progress lines go to stderr, which the engine shows with the operation's output. */
export function progress(kind: string, message: string): void {
  console.error(`[${kind}] ${message}`);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
