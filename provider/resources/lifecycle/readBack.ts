/**
 * The steps after a create lost its reply that decide whether an object is left behind: the list in which the
 * object that create may have made is looked for, and the delete of one found that cannot be adopted. Each is safe
 * to repeat (a read; a delete of an object that is then gone) and is tried again before the create gives up:
 * giving up sends the next `pulumi up` into a create that makes a second object while the first exists. When every
 * attempt fails, the error says that the object may exist, or does, and what to do.
 */
import type { Clock } from "../../clock";

/** Attempts of each step, each after its own pause; the HTTP client has retried each one already. */
export const READ_BACK_ATTEMPTS = 3;

/** Runs `step`, again after `pauseMs` when it fails, up to READ_BACK_ATTEMPTS times; `gaveUp` words the last error. */
async function withAttempts<T>(
  clock: Clock,
  step: () => Promise<T>,
  pauseMs: number,
  gaveUp: (attempts: number, error: Error) => Error,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (attempt >= READ_BACK_ATTEMPTS) throw gaveUp(attempt, error as Error);
      await clock.sleep(pauseMs);
    }
  }
}

/** What to do before the next `pulumi up` when an object may exist untracked, for an API that makes one per create. */
export const FIND_AND_DELETE_IT =
  "Before the next `pulumi up` (which would create it again), look for it with " +
  "`pulumi-clickhouse-cloud orphans --stack <name>` and delete it if it is there.";

/**
 * Runs `list`, again after `pauseMs` when it fails, up to READ_BACK_ATTEMPTS times. `what` names the object for
 * the error, e.g. `alert "errors"`; `whatToDo` says what the user should do about an object that may exist.
 */
export function readBack<T>(
  clock: Clock,
  what: string,
  list: () => Promise<T>,
  pauseMs: number,
  whatToDo: string,
): Promise<T> {
  return withAttempts(
    clock,
    list,
    pauseMs,
    (attempts, error) =>
      new Error(
        `creating ${what} lost its reply, and listing the objects to see whether it was made failed ` +
          `${attempts} times, so ${what} may exist although no state records it. ${whatToDo} ` +
          `Last error: ${error.message}`,
        { cause: error },
      ),
  );
}

/**
 * Runs `discard`, the delete of `id`, the object a create whose reply was lost made and that cannot be adopted,
 * again after `pauseMs` when it fails, up to READ_BACK_ATTEMPTS times.
 */
export function discardMade(
  clock: Clock,
  what: string,
  id: string,
  discard: () => Promise<void>,
  pauseMs: number,
): Promise<void> {
  return withAttempts(
    clock,
    discard,
    pauseMs,
    (attempts, error) =>
      new Error(
        `creating ${what} lost its reply; the API shows it was made (${id}), and deleting it, since it cannot be ` +
          `taken as it is, failed ${attempts} times, so it exists although no state records it. Delete it ` +
          "before the next `pulumi up` (`pulumi-clickhouse-cloud orphans --stack <name> --delete <id>`). " +
          `Last error: ${error.message}`,
        { cause: error },
      ),
  );
}
