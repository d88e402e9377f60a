/**
 * Where the routes of the observability objects (webhooks, saved searches, dashboards, sources) are served and how
 * they answer: under `/api/v2` in HyperDX's `{data}` (a DELETE's `{}`), or under a managed ClickStack's path in the
 * Cloud envelope. Also what their handlers share: the path id's check, a page of a paged list, and a 404.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { EmulatorContext } from "../../server/context";
import { ApiError } from "../../server/errors";
import { objectIdOf } from "../../model/alerts";
import { invalidRequest, invalidIdProblem } from "../../model/objectBodies";
import { pageOf } from "./alertPages";

export interface ObjectMount {
  /** `/api/v2`, or `.../services/:serviceId/clickstack`. */
  readonly prefix: string;
  /** The success body; `data` undefined for a DELETE. */
  readonly answer: (request: FastifyRequest, data: unknown, meta?: object) => object;
  /**
   * Whether a missing dashboard is Express's plain-text `Not Found` (HyperDX answers it with `sendStatus(404)`); the
   * Cloud gateway of managed ClickStack answers its own JSON 404 instead.
   */
  readonly plainNotFound: boolean;
}

export const observabilityObjectMount: ObjectMount = {
  prefix: "/api/v2",
  answer: (_request, data, meta) =>
    data === undefined ? {} : meta === undefined ? { data } : { data, meta },
  plainNotFound: true,
};

export interface IdParams {
  id: string;
}

/** The stored form of a path id, or the API's 400 for one that is no object id. */
export function validId(id: string): string {
  const stored = objectIdOf(id);
  if (stored === undefined) throw invalidRequest([], [invalidIdProblem]);
  return stored;
}

/** Answers one page of a paged list, with `meta` in the body and the total in `X-Total-Count`. */
export function pagedAnswer<T>(
  mount: ObjectMount,
  request: FastifyRequest,
  reply: FastifyReply,
  items: T[],
  view: (item: T) => unknown,
): object {
  const page = pageOf(items, request.query);
  void reply.header("X-Total-Count", String(page.meta.total));
  return mount.answer(request, page.items.map(view), page.meta);
}

/** The emulator's clock, as the API stamps dates. */
export function nowOf(context: EmulatorContext): string {
  return context.now().toISOString();
}

export const notFoundError = (message: string) => new ApiError(404, message);
