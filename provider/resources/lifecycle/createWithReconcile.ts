/**
 * Creating an object so that exactly one exists afterwards, in one request when nothing goes wrong.
 *
 * The create is sent once. Only when it fails without a clear answer (its connection dropped or timed out after
 * the request was sent, a 5xx) may it have made its object; then the objects are listed and the one that create
 * made is looked for. An object that existed before the first send is never taken for it:
 * - by `createdAt` (API keys, alerts): only objects the API dates no earlier than the first send, less
 *   CLOCK_SKEW_MS, are candidates;
 * - by the ids listed before the first send, for an API that dates nothing (reverse private endpoints): that list
 *   costs a request on every create, but without it an older twin (such as the Failed endpoint a replacement
 *   replaces, which has exactly the same fields) could not be told from the object the lost create made;
 * - not at all, for an API that keeps one object per request key (private endpoints: the same id registers the
 *   same endpoint), where any match is the one this create asked for.
 * Candidates must also carry every field that was sent. Exactly one candidate is the object made: it is adopted, or,
 * when the lost reply carried something that cannot be read back (a key's secret), deleted and the create sent
 * again. Several candidates, or one the API does not date, fail the create with an error naming them: a guess could
 * take someone else's object. No candidate means the lost request made nothing (yet): the create is sent again, a
 * bounded number of times; the window stays anchored at the first send, so an object a late earlier attempt makes
 * is still a candidate for every later read-back.
 */
import type { OperationContext } from "../operations";
import { createOutcomeUnknown } from "./readOrGone";
import { discardMade, FIND_AND_DELETE_IT, readBack } from "./readBack";

/**
 * Creates sent for one resource operation, the first included: enough that a run of lost replies (each one checked
 * by a read-back) must be long and unlucky to fail an `up`, few enough to end soon when the API is down.
 */
export const MAX_CREATE_ATTEMPTS = 5;

/**
 * How much earlier than the first send, by this machine's clock, the API may date the object that send made. The
 * API dates an object when it makes it, after the send, so only its clock lagging ours (and a `createdAt` cut to
 * whole seconds) can put the date earlier. Hosts kept by NTP differ by well under a second; one minute also covers a
 * machine whose clock is set off by tens of seconds, while keeping short the span in which an older object with
 * the very same fields would be taken for new.
 */
export const CLOCK_SKEW_MS = 60_000;

/**
 * Wait before reading back after a lost reply. A gateway that timed out may still be handing the request on:
 * reading a moment later makes it much less likely that an object still in the making is missed and made twice.
 */
const SETTLE_MS = 1_000;

/** How an object made by this create is told from one that existed before it. */
export type Newness<Listed> =
  | { readonly createdAt: (candidate: Listed) => string | null | undefined }
  | { readonly listedBefore: true }
  | { readonly onePerRequestKey: true };

/** What becomes of the one object a lost reply is found to have made. */
export type WhenFound<Made, Listed> =
  | { readonly adopt: (candidate: Listed) => Made }
  | {
      /** Deletes it; the create is then sent again. */
      readonly discard: (candidate: Listed) => Promise<void>;
      /** Why it cannot be adopted, for the progress line. */
      readonly because: string;
    };

export interface CreateWithReconcile<Made, Listed extends { id: string }> {
  /** The object, for messages: `alert "errors"`. */
  readonly what: string;
  /** Sends the create once. */
  send(): Promise<Made>;
  /** Lists the objects among which a lost create's object would be. */
  list(): Promise<readonly Listed[]>;
  /** Whether a listed object carries every field the create sent. */
  hasSentFields(candidate: Listed): boolean;
  readonly newness: Newness<Listed>;
  readonly whenFound: WhenFound<Made, Listed>;
}

/** The advice when it stays unknown whether the create made its object. */
function whatToDoIfUnknown<Listed>(newness: Newness<Listed>): string {
  return "onePerRequestKey" in newness
    ? "Sending the same create again makes no second one, so the next `pulumi up` is safe."
    : FIND_AND_DELETE_IT;
}

/** Runs the create; `context` gives the clock and the progress lines. */
export async function createWithReconcile<Made, Listed extends { id: string }>(
  { clock, progress }: Pick<OperationContext, "clock" | "progress">,
  steps: CreateWithReconcile<Made, Listed>,
): Promise<Made> {
  const now = () => clock.now();
  const listedBefore =
    "listedBefore" in steps.newness ? new Set((await steps.list()).map((listed) => listed.id)) : undefined;
  const firstSentAt = now();
  for (let attempt = 1; ; attempt++) {
    try {
      return await steps.send();
    } catch (error) {
      if (!createOutcomeUnknown(error)) throw error;
      await clock.sleep(SETTLE_MS);
      const listed = await readBack(
        clock,
        steps.what,
        () => steps.list(),
        SETTLE_MS,
        whatToDoIfUnknown(steps.newness),
      );
      const made = onlyCandidate(steps, listed, firstSentAt, listedBefore);
      if (made !== undefined && "adopt" in steps.whenFound) {
        progress(`the reply to creating ${steps.what} was lost; the API shows it was made (${made.id})`);
        return steps.whenFound.adopt(made);
      }
      if (made !== undefined && "discard" in steps.whenFound) {
        progress(
          `the reply to creating ${steps.what} was lost, ${steps.whenFound.because}; deleting what it made (${made.id})`,
        );
        const { discard } = steps.whenFound;
        await discardMade(clock, steps.what, made.id, () => discard(made), SETTLE_MS);
      }
      if (attempt >= MAX_CREATE_ATTEMPTS) {
        const outcome =
          "adopt" in steps.whenFound
            ? "and the API shows that none of those attempts made it"
            : "and what those attempts made was deleted";
        throw new Error(
          `creating ${steps.what} failed ${attempt} times without a reply, ${outcome}, so the next ` +
            `\`pulumi up\` starts clean. Last error: ${error.message}`,
          { cause: error },
        );
      }
      progress(
        `creating ${steps.what} again, its reply having been lost (attempt ${attempt + 1} of ${MAX_CREATE_ATTEMPTS})`,
      );
    }
  }
}

/**
 * The one listed object the create may have made, or undefined when there is none; throws when it cannot be told
 * safely which one it is.
 */
function onlyCandidate<Listed extends { id: string }>(
  steps: CreateWithReconcile<unknown, Listed>,
  listed: readonly Listed[],
  firstSentAt: number,
  listedBefore: ReadonlySet<string> | undefined,
): Listed | undefined {
  const alike = listed.filter((candidate) => steps.hasSentFields(candidate));
  const newness = steps.newness;
  let candidates = alike;
  if (listedBefore !== undefined) candidates = alike.filter((candidate) => !listedBefore.has(candidate.id));
  if ("createdAt" in newness) {
    const earliest = firstSentAt - CLOCK_SKEW_MS;
    const undated = alike.filter((candidate) => Number.isNaN(Date.parse(newness.createdAt(candidate) ?? "")));
    if (undated.length > 0) {
      throw cannotTell(
        steps.what,
        undated,
        "the API reports no createdAt for them, so whether they are older than this create cannot be told",
      );
    }
    candidates = alike.filter((candidate) => Date.parse(newness.createdAt(candidate) ?? "") >= earliest);
  }
  if (candidates.length > 1) {
    const since =
      "createdAt" in newness
        ? `made since ${new Date(firstSentAt - CLOCK_SKEW_MS).toISOString()}`
        : "made after the list taken before the create";
    throw cannotTell(
      steps.what,
      candidates,
      `they were all ${since} with the fields this create sent, so which one it made cannot be told`,
    );
  }
  return candidates[0];
}

function cannotTell(what: string, candidates: readonly { id: string }[], why: string): Error {
  const ids = candidates.map((candidate) => candidate.id).join(", ");
  return new Error(
    `creating ${what} lost its reply, and ${candidates.length} objects may be the one it made (${ids}): ${why}. ` +
      "Check them with the API or console, delete any that no resource uses, and run `pulumi up` again " +
      "(this create sends nothing more, so it makes no further object)",
  );
}
