/**
 * Creating an object so that exactly one exists afterwards, when the API can read back what a create made.
 *
 * A POST that fails without a clear answer (its connection dropped, a timeout, a 5xx) may or may not have been
 * processed, so it is never repeated blindly. The read-back decides: when the create made its object, that object
 * is adopted; when it made none, sending again cannot make a duplicate, so the create is sent again (a bounded
 * number of times). Without this, one lost reply among the several requests of a `pulumi up` fails the whole run
 * although nothing is wrong.
 */
import { createOutcomeUnknown, progress, sleep } from "./lifecycle";

/**
 * Creates sent for one resource operation, the first included: enough that a run of lost replies (each one already
 * checked by a read-back) must be long and unlucky to fail an `up`, few enough to end soon when the API is down.
 */
export const MAX_CREATE_ATTEMPTS = 5;
const SETTLE_MS = 1_000;

/**
 * Waits before reading back after a lost reply. A gateway that timed out may still be handing the request on:
 * reading a moment later makes it much less likely that an object still in the making is missed and then made a
 * second time.
 */
export function settleAfterLostReply(): Promise<void> {
  return sleep(SETTLE_MS);
}

export interface ReconciledCreate<T> {
  /** Resource kind, for progress lines. */
  readonly kind: string;
  /** The object, for messages: `reverse private endpoint "orders"`. */
  readonly what: string;
  /** Sends the create once. */
  create(): Promise<T>;
  /**
   * Reads back after a create whose outcome is unknown: the object that create made, or undefined when it made
   * none. Throws when it cannot tell (several candidates).
   */
  findMade(): Promise<T | undefined>;
}

export async function createReconciled<T>(steps: ReconciledCreate<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await steps.create();
    } catch (error) {
      if (!createOutcomeUnknown(error)) throw error;
      await settleAfterLostReply();
      const made = await steps.findMade();
      if (made !== undefined) {
        progress(steps.kind, `the reply to creating ${steps.what} was lost; the API shows it was made`);
        return made;
      }
      if (attempt >= MAX_CREATE_ATTEMPTS) {
        throw new Error(
          `creating ${steps.what} failed ${attempt} times without a reply, and the API shows that none of those ` +
            `attempts made it, so the next \`pulumi up\` starts clean. Last error: ${error.message}`,
          { cause: error },
        );
      }
      progress(
        steps.kind,
        `the reply to creating ${steps.what} was lost and the API shows nothing was made; sending it again ` +
          `(attempt ${attempt + 1} of ${MAX_CREATE_ATTEMPTS})`,
      );
    }
  }
}

/**
 * The one object among `candidates` that is new (its id not in `before`, the ids listed before the first create)
 * and matches the request; undefined when there is none. Older objects are never taken, however alike: they belong
 * to someone else, or to the resource this one replaces.
 */
export function onlyNewMatch<T extends { id: string }>(
  candidates: readonly T[],
  before: ReadonlySet<string>,
  matches: (candidate: T) => boolean,
  what: string,
): T | undefined {
  const made = candidates.filter((candidate) => !before.has(candidate.id) && matches(candidate));
  if (made.length > 1) {
    throw new Error(
      `creating ${what} lost its reply, and ${made.length} new objects match it ` +
        `(${made.map((candidate) => candidate.id).join(", ")}), so which one is this resource's cannot be told; ` +
        "delete the extra ones and run `pulumi up` again",
    );
  }
  return made[0];
}
