/**
 * The operations of an observability object (webhook, saved search, dashboard, source), written once: a create that
 * makes exactly one object even when its reply is lost, a read that drops an object deleted out of band, an update
 * that keeps what the program leaves out (the client reads the object and sends it back), and a delete that is done
 * when the object is already gone.
 */
import type { ObjectCollection, ObservabilityClient } from "../../rest/observability";
import { sameValue } from "../../propertyBags";
import type { ResourceOperations } from "../operations";
import { createWithReconcile, type Newness } from "./createWithReconcile";
import { deleteIfPresent, readOrGone } from "./readOrGone";

export interface ObjectKind<I, O, Request extends object, Shown extends { id: string }> {
  /** The object, for messages: `webhook "pager"`. */
  what(inputs: I): string;
  collection(client: ObservabilityClient): ObjectCollection<Request, Shown>;
  request(inputs: I): Request;
  /** The outputs of the object as shown, with what the API does not show taken from `recorded` (inputs or olds). */
  outputs(recorded: I | O, shown: Shown): O;
  /** How an object a lost create made is told from one that existed before it. */
  readonly newness: "createdAt" | "listedBefore";
  /** The request's fields a listed object must carry to be taken for the one a lost create made. */
  readonly sentFields: readonly (keyof Request & string)[];
  /** The request of an update, when it needs more than the new inputs (ids carried from the old outputs). */
  updateRequest?(olds: O, news: I): Request;
}

export function objectOperations<
  I,
  O,
  Request extends object,
  Shown extends { id: string; createdAt?: unknown },
>(objectKind: ObjectKind<I, O, Request, Shown>): ResourceOperations<I, O> {
  const kind = {
    ...objectKind,
    outputs: (recorded: I | O, shown: Shown) => defined(objectKind.outputs(recorded, shown)),
  };
  return {
    async create(inputs, context) {
      const collection = kind.collection(context.observability());
      const request = kind.request(inputs);
      const made = await createWithReconcile<Shown, Shown>(context, {
        what: kind.what(inputs),
        send: () => collection.create(request),
        list: () => collection.list(),
        hasSentFields: (candidate) => carriesSentFields(candidate, request, kind.sentFields),
        newness: newnessOf<Shown>(kind.newness),
        whenFound: { adopt: (candidate) => candidate },
      });
      return { id: made.id, outs: kind.outputs(inputs, made) };
    },

    async read(id, olds, context) {
      return readOrGone(async () => {
        const shown = await kind.collection(context.observability()).get(id);
        return { id, outs: kind.outputs(olds, shown) };
      });
    },

    async update(id, olds, news, context) {
      const request = kind.updateRequest?.(olds, news) ?? kind.request(news);
      const shown = await kind.collection(context.observability()).update(id, request);
      return kind.outputs(news, shown);
    },

    async delete(id, _olds, context) {
      const collection = kind.collection(context.observability());
      await deleteIfPresent(() => collection.delete(id));
    },
  };
}

/** The outputs without the fields that have no value: the engine's wire format has no `undefined`. */
function defined<O>(outputs: O): O {
  return Object.fromEntries(
    Object.entries(outputs as object).filter(([, value]) => value !== undefined),
  ) as O;
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
