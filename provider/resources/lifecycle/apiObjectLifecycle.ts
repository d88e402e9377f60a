/**
 * The lifecycle of an API object that has a list, a get and a PUT that replaces it (webhooks, saved searches,
 * dashboards, sources and alerts of the observability API), written once: a create that makes exactly one object
 * even when its reply is lost, or that takes over an existing object by id; a read that drops an object deleted out
 * of band; an update that keeps what the program leaves out; and a delete that is done when the object is already
 * gone.
 *
 * The hooks a kind sets (each field of `ApiObjectKind` below says when):
 * - adoption after a lost reply: `newness` and either `sentFields` or `isMadeBy` tell the listed object a lost
 *   create made from others; that one object is adopted as listed (see `createWithReconcile`);
 * - adoption by id: `adoption` names the input that holds the id of an object to take over, and when the object
 *   already matches the program (then nothing is written);
 * - keeping unmanaged fields on update: the collection's `update` keeps what its wire's PUT would drop, and
 *   `keepUnmanaged` says how for the kind, when the collection cannot tell by itself.
 *
 * Where the object lives is the lifecycle's, not the kind's: a create goes to the managed ClickStack of the service
 * the inputs name (`clickstackServiceId`), else to the configured observability API, and the outputs record that
 * service; a read, an update and a delete go where the outputs say the object is, so a later change of the stack
 * config does not lose it. Outputs without it (of a resource that names no service, or written by an older version)
 * leave it to the stack config, as before.
 */
import type { ObservabilityClient } from "../../rest/observability";
import type { Freshness } from "../../rest/coalescing/coalescedReads";
import { sameValue } from "../../propertyBags";
import type { OperationContext, ResourceOperations } from "../operations";
import { createWithReconcile, type Newness } from "./createWithReconcile";
import { deleteIfPresent, readOrGone } from "./readOrGone";

/** How the kind's update turns the program's request into the PUT's body, given the object as it is now. */
export type KeepUnmanaged<Request, Shown> = (request: Request, current: Shown) => Request;

/** The REST calls of one collection of API objects (`ObjectCollection`, `AlertsApi`). */
export interface ReplaceableCollection<Request, Shown extends { id: string }> {
  create(request: Request): Promise<Shown>;
  list(): Promise<readonly Shown[]>;
  /**
   * The object; a `recent` read (a refresh's) may be answered by a list this process took a moment ago and has not
   * written since, a `now` read (the default) only by a list asked for while it waited.
   */
  get(id: string, freshness?: Freshness): Promise<Shown>;
  /**
   * Replaces the object with `request` (PUT), keeping the fields the request leaves out where the wire's PUT
   * would drop them: the collection reads the object for that, or takes `current`, the object as just read.
   */
  update(
    id: string,
    request: Request,
    keepUnmanaged?: KeepUnmanaged<Request, Shown>,
    current?: Shown,
  ): Promise<Shown>;
  delete(id: string): Promise<void>;
}

/** How a listed object is recognised as the one a lost create made (beside `newness`). */
export type LostCreateMatch<Request, Shown> =
  /** It carries each of these fields of the request as sent (a field the request leaves out is no test). */
  | { readonly sentFields: readonly (keyof Request & string)[] }
  /** The kind's own comparison, for an object the API shows in other words than the request's. */
  | { readonly isMadeBy: (listed: Shown, request: Request) => boolean };

/** Taking over an existing object by the id an input holds, instead of creating one. */
export interface AdoptionById<I, Request, Shown> {
  /** The id of the object to take over, or undefined to create one. */
  idOf(inputs: I): string | undefined;
  /** Whether the object already is what the request asks for; otherwise it is updated to it. */
  matches(shown: Shown, request: Request): boolean;
  /** The object's noun, for the progress line of an adopted object that differs: `alert`. */
  readonly noun: string;
}

/**
 * Inputs and outputs of an observability object: the service whose managed ClickStack holds it, when the resource
 * names one.
 */
export interface ClickStackPlaced {
  readonly clickstackServiceId?: string | null;
}

/** The service named, or undefined for the stack config to decide. */
function serviceOf(placed: ClickStackPlaced): string | undefined {
  return placed.clickstackServiceId ?? undefined;
}

export type ApiObjectKind<I, O, Request extends object, Shown extends { id: string }> = {
  /** The object, for messages: `webhook "pager"`. */
  what(inputs: I): string;
  collection(client: ObservabilityClient): ReplaceableCollection<Request, Shown>;
  request(inputs: I): Request;
  /**
   * The outputs of the object as shown, with what the API does not show taken from `recorded` (inputs or olds);
   * `now` is the clock's time, for outputs that depend on it.
   */
  outputs(recorded: I | O, shown: Shown, now: number): O;
  /** How an object a lost create made is told from one that existed before it. */
  readonly newness: "createdAt" | "listedBefore";
  /** The request of an update, when it needs more than the new inputs (ids carried from the old outputs). */
  updateRequest?(olds: O, news: I): Request;
  /** Hook: adoption by id (an `adoptId` input). Without it, every create makes an object. */
  readonly adoption?: AdoptionById<I, Request, Shown>;
  /**
   * Hook: keeping unmanaged fields, for a collection whose `update` needs the kind's word on what the PUT carries
   * back of the object as it is. Without it, the collection's `update` keeps them by itself.
   */
  readonly keepUnmanaged?: KeepUnmanaged<Request, Shown>;
  /**
   * Hook: what a read for `pulumi import` takes as recorded, for a kind whose outputs record which fields the
   * program manages (fields managed only when set): the program an import writes sets every field the object has,
   * so it manages them all.
   */
  importedRecord?(shown: Shown): Partial<O>;
} & LostCreateMatch<Request, Shown>;

export function apiObjectOperations<
  I extends ClickStackPlaced,
  O extends ClickStackPlaced,
  Request extends object,
  Shown extends { id: string; createdAt?: unknown },
>(kind: ApiObjectKind<I, O, Request, Shown>): ResourceOperations<I, O> {
  /** The kind's outputs, and the service the object lives on as `placed` says (the inputs, or the olds). */
  const outputs = (
    recorded: I | O,
    shown: Shown,
    context: OperationContext,
    placed: ClickStackPlaced = recorded,
  ): O =>
    defined({
      ...kind.outputs(recorded, shown, context.clock.now()),
      clickstackServiceId: serviceOf(placed),
    });
  /** The collection on the object's own ClickStack, or the configured one. */
  const collectionOn = (placed: ClickStackPlaced, context: OperationContext) =>
    kind.collection(context.observability(serviceOf(placed)));
  const isMadeBy = madeByOf(kind);
  const newness = newnessOf<Shown>(kind.newness);
  return {
    async create(inputs, context) {
      const collection = collectionOn(inputs, context);
      const request = kind.request(inputs);
      const adoptId = kind.adoption?.idOf(inputs);
      const made =
        kind.adoption !== undefined && adoptId !== undefined
          ? await adopt(adoptId, request, collection, kind.adoption, kind.keepUnmanaged, context)
          : await createWithReconcile<Shown, Shown>(context, {
              what: kind.what(inputs),
              send: () => collection.create(request),
              list: () => collection.list(),
              hasSentFields: (candidate) => isMadeBy(candidate, request),
              newness,
              whenFound: { adopt: (candidate) => candidate },
            });
      return { id: made.id, outs: outputs(inputs, made, context) };
    },

    async read(id, olds, context, purpose) {
      return readOrGone(async () => {
        const shown = await collectionOn(olds, context).get(id, "recent");
        const imported = purpose === "import" ? kind.importedRecord?.(shown) : undefined;
        return { id, outs: outputs({ ...olds, ...imported }, shown, context, olds) };
      });
    },

    async update(id, olds, news, context) {
      const request = kind.updateRequest?.(olds, news) ?? kind.request(news);
      // A different service replaces the object, so an update is of the object where it is.
      const shown = await collectionOn(olds, context).update(id, request, kind.keepUnmanaged);
      return outputs(news, shown, context, olds);
    },

    async delete(id, olds, context) {
      const collection = collectionOn(olds, context);
      await deleteIfPresent(() => collection.delete(id));
    },
  };
}

/** Takes over an existing object and makes it match the program; only a differing object is written. */
async function adopt<I, Request, Shown extends { id: string }>(
  id: string,
  request: Request,
  collection: ReplaceableCollection<Request, Shown>,
  adoption: AdoptionById<I, Request, Shown>,
  keepUnmanaged: KeepUnmanaged<Request, Shown> | undefined,
  context: OperationContext,
): Promise<Shown> {
  const existing = await collection.get(id);
  if (adoption.matches(existing, request)) return existing;
  context.progress(`adopted ${adoption.noun} ${id} differs from the program's inputs; replacing its fields`);
  return collection.update(id, request, keepUnmanaged, existing);
}

/** The outputs without the fields that have no value: the engine's wire format has no `undefined`. */
function defined<O>(outputs: O): O {
  return Object.fromEntries(
    Object.entries(outputs as object).filter(([, value]) => value !== undefined),
  ) as O;
}

function madeByOf<Request extends object, Shown extends object>(
  match: LostCreateMatch<Request, Shown>,
): (listed: Shown, request: Request) => boolean {
  if ("isMadeBy" in match) return match.isMadeBy;
  const fields = match.sentFields;
  return (listed, request) => carriesSentFields(listed, request, fields);
}

function newnessOf<Shown extends { createdAt?: unknown }>(
  newness: "createdAt" | "listedBefore",
): Newness<Shown> {
  if (newness === "listedBefore") return { listedBefore: true };
  return {
    createdAt: (candidate) => (typeof candidate.createdAt === "string" ? candidate.createdAt : undefined),
  };
}

function carriesSentFields(shown: object, request: object, fields: readonly string[]): boolean {
  const sent = request as Record<string, unknown>;
  const has = shown as Record<string, unknown>;
  return fields.every((field) => sent[field] === undefined || sameValue(has[field], sent[field]));
}
