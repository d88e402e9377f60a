/**
 * The lifecycle of a management object whose status settles after the API answers (reverse private endpoints: made,
 * then Provisioning until Ready; deleted, then Deleting until gone), written once: a create that makes exactly one
 * object even when its reply is lost, or that takes over an existing object by id, then waits while its status is in
 * progress; a read that drops an object deleted out of band; an update that sends what the object can change in
 * place, if anything, or else reads it again, and waits the same way (most inputs of such an object replace it, so an
 * update is often only there to see a status the last run left unsettled); and a delete that is done when the object
 * is already gone, then waits until it is.
 *
 * The hooks a kind sets (each field of `AsyncStatusObjectKind` below says when):
 * - adoption after a lost reply: `newness` and `hasSentFields` tell the listed object a lost create made from
 *   others; that one object is adopted as listed (see `createWithReconcile`);
 * - adoption by id: `adoptId` names the object to take over instead of creating one;
 * - the status wait: `status` says which status is still in progress, how long to wait, and what the status reached
 *   means (record it, or fail with it recorded);
 * - changes in place: `changeInPlace` sends what the inputs change of an existing object, on an update and on an
 *   adoption by id;
 * - the delete wait: `untilGone` waits for an object the API deletes after answering.
 */
import type { OperationContext, ResourceOperations } from "../operations";
import { createWithReconcile, type Newness } from "./createWithReconcile";
import { deleteIfPresent, readOrGone } from "./readOrGone";
import { waitUntil } from "./waitUntil";

/** Waiting on an object's status after a create, an adoption or an update. */
export interface StatusWait<I, Place, Remote> {
  /** Whether the status is still in progress: the object is read again until it is not. */
  inProgress(remote: Remote): boolean;
  timeoutSeconds(inputs: I): number;
  readonly pollIntervalMs: number;
  /** The progress line of each wait. */
  waitingLine(remote: Remote, waitedSeconds: number): string;
  /** The error when the status is still in progress after `timeoutSeconds`. */
  timedOut(remote: Remote, inputs: I, place: Place): Error;
  /** Acts on the status reached: the object to record, or an error that records it and fails the operation. */
  reached(remote: Remote, inputs: I, place: Place, context: OperationContext): Remote;
}

export interface AsyncStatusObjectKind<I, O, Place, Request, Remote extends { id: string }> {
  /** Where the object lives (its client, organization, service), from the inputs or the last outputs. */
  place(recorded: I | O, context: OperationContext): Place;
  /** The object, for messages: `a reverse private endpoint of service <id>`. */
  what(place: Place): string;
  request(inputs: I): Request;
  create(place: Place, request: Request): Promise<Remote>;
  list(place: Place): Promise<readonly Remote[]>;
  /** The object now: its own GET, for the waits on its status. */
  get(place: Place, id: string): Promise<Remote>;
  /**
   * The object as a refresh reads it: from a list shared with the reads that come with it, which may be a little
   * older than this read when this process has written nothing since (`CoalescedReads`).
   */
  read(place: Place, id: string): Promise<Remote>;
  delete(place: Place, id: string): Promise<void>;
  /** The outputs of the object as read, with what the API does not report taken from `recorded`. */
  outputs(recorded: I | O, place: Place, remote: Remote): O;
  /** Hook: how an object a lost create made is told from one that existed before it. */
  readonly newness: Newness<Remote>;
  /** Hook: whether a listed object carries every field the create sent. */
  hasSentFields(listed: Remote, request: Request): boolean;
  /** Hook: the id of an existing object to take over instead of creating one (an `adoptId` input), if any. */
  adoptId?(inputs: I): string | undefined;
  /** Hook: the wait on the status after a create, an adoption or an update. */
  readonly status: StatusWait<I, Place, Remote>;
  /**
   * Hook: sends what `inputs` change in place of the object `id`, whose outputs are `current` (the last ones on an
   * update, those of the object taken over on an adoption), and answers the object as the API then shows it;
   * undefined when nothing in place differs, so nothing was sent.
   */
  changeInPlace?(place: Place, id: string, current: O, inputs: I): Promise<Remote | undefined>;
  /** Hook: waits until a deleted object is gone, for an API that finishes the delete after answering it. */
  untilGone?(place: Place, id: string, context: OperationContext): Promise<void>;
}

export function asyncStatusObjectOperations<I, O, Place, Request, Remote extends { id: string }>(
  kind: AsyncStatusObjectKind<I, O, Place, Request, Remote>,
): ResourceOperations<I, O> {
  return {
    async create(inputs, context) {
      const place = kind.place(inputs, context);
      const adoptId = kind.adoptId?.(inputs);
      const remote =
        adoptId !== undefined
          ? await adopted(kind, place, adoptId, inputs)
          : await createExactlyOne(kind, place, inputs, context);
      const settled = await settle(kind, place, remote, inputs, context);
      return { id: settled.id, outs: kind.outputs(inputs, place, settled) };
    },

    async read(id, olds, context) {
      const place = kind.place(olds, context);
      return readOrGone(async () => ({ id, outs: kind.outputs(olds, place, await kind.read(place, id)) }));
    },

    async update(id, olds, news, context) {
      const place = kind.place(olds, context);
      const changed = await kind.changeInPlace?.(place, id, olds, news);
      const settled = await settle(kind, place, changed ?? (await kind.get(place, id)), news, context);
      return kind.outputs(news, place, settled);
    },

    async delete(id, olds, context) {
      const place = kind.place(olds, context);
      await deleteIfPresent(() => kind.delete(place, id));
      await kind.untilGone?.(place, id, context);
    },
  };
}

/** The existing object `id`, taken over with what the inputs change in place of it. */
async function adopted<I, O, Place, Request, Remote extends { id: string }>(
  kind: AsyncStatusObjectKind<I, O, Place, Request, Remote>,
  place: Place,
  id: string,
  inputs: I,
): Promise<Remote> {
  const found = await kind.get(place, id);
  const changed = await kind.changeInPlace?.(place, found.id, kind.outputs(inputs, place, found), inputs);
  return changed ?? found;
}

/** Sends the create so that exactly one object exists afterwards, even when its reply is lost. */
function createExactlyOne<I, O, Place, Request, Remote extends { id: string }>(
  kind: AsyncStatusObjectKind<I, O, Place, Request, Remote>,
  place: Place,
  inputs: I,
  context: OperationContext,
): Promise<Remote> {
  const request = kind.request(inputs);
  return createWithReconcile<Remote, Remote>(context, {
    what: kind.what(place),
    send: () => kind.create(place, request),
    list: () => kind.list(place),
    hasSentFields: (listed) => kind.hasSentFields(listed, request),
    newness: kind.newness,
    whenFound: { adopt: (listed) => listed },
  });
}

/** Waits while the status is in progress, then lets the kind act on the status reached. */
async function settle<I, O, Place, Request, Remote extends { id: string }>(
  kind: AsyncStatusObjectKind<I, O, Place, Request, Remote>,
  place: Place,
  initial: Remote,
  inputs: I,
  context: OperationContext,
): Promise<Remote> {
  const status = kind.status;
  const reached = await waitUntil(context.clock, {
    initial,
    poll: () => kind.get(place, initial.id),
    done: (current) => !status.inProgress(current),
    timeoutSeconds: status.timeoutSeconds(inputs),
    pollIntervalMs: status.pollIntervalMs,
    onWait: (current, waited) => context.progress(status.waitingLine(current, waited)),
    onTimeout: (current) => status.timedOut(current, inputs, place),
  });
  return status.reached(reached, inputs, place, context);
}
