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

/** Writes a progress line to stderr, which the engine shows with a dynamic provider's operation. */
function progressToStderr(kind: string, message: string): void {
  console.error(`[${kind}] ${message}`);
}

let reportProgress: (kind: string, message: string) => void = progressToStderr;

/**
 * Sends progress lines elsewhere: the native plugin's stderr does not reach the user, so the plugin sends them
 * to the engine.
 */
export function reportProgressWith(reporter: (kind: string, message: string) => void): void {
  reportProgress = reporter;
}

/** A line for the user about an operation under way; one that starts "warning: " is a warning. */
export function progress(kind: string, message: string): void {
  reportProgress(kind, message);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
