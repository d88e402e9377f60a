/** Reads and deletes that meet an object deleted out of band, and creates whose outcome is unknown. */
import type { Found } from "../operations";
import { ApiError, isNotFound } from "../../rest";

/**
 * Runs a read; the API's own not-found answer means the object was deleted out of band (undefined: the engine
 * drops the resource from state on refresh, and the next `up` recreates it). Any other failure, a 404 from a proxy
 * in front of the API included, fails the read and the engine keeps the resource in state.
 */
export async function readOrGone<O>(read: () => Promise<Found<O>>): Promise<Found<O> | undefined> {
  try {
    return await read();
  } catch (error) {
    if (isNotFound(error)) return undefined;
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
