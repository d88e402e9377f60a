/**
 * The read-back after a create lost its reply: the list in which the object that create may have made is looked
 * for. It is the only way to learn whether the object exists, so a failed list is tried again (a read, safe to
 * repeat) before the create gives up: giving up sends the next `pulumi up` into a create that makes a second
 * object when the first exists. When every list fails, the error says that the object may exist and what to do.
 */
import { sleep } from "./lifecycle";

/** Lists tried after a lost reply, each after its own pause; the HTTP client has retried each one already. */
export const READ_BACK_ATTEMPTS = 3;

/** What to do before the next `pulumi up` when an object may exist untracked, for an API that makes one per create. */
export const FIND_AND_DELETE_IT =
  "Before the next `pulumi up` (which would create it again), look for it with " +
  "`pulumi-clickhouse-cloud orphans --stack <name>` and delete it if it is there.";

/**
 * Runs `list`, again after `pauseMs` when it fails, up to READ_BACK_ATTEMPTS times. `what` names the object for
 * the error, e.g. `alert "errors"`; `whatToDo` says what the user should do about an object that may exist.
 */
export async function readBack<T>(
  what: string,
  list: () => Promise<T>,
  pauseMs: number,
  whatToDo: string,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await list();
    } catch (error) {
      if (attempt >= READ_BACK_ATTEMPTS) {
        throw new Error(
          `creating ${what} lost its reply, and listing the objects to see whether it was made failed ` +
            `${attempt} times, so ${what} may exist although no state records it. ${whatToDo} ` +
            `Last error: ${(error as Error).message}`,
          { cause: error },
        );
      }
      await sleep(pauseMs);
    }
  }
}
