/**
 * Tells the API's own "this object does not exist" answer from any other 404. Only the former may drop a resource
 * from state on refresh or end a delete: a proxy, load balancer or gateway in front of the API also answers 404 (an
 * HTML page, plain text, or JSON of its own shape) for a route it does not know, and that says nothing about the
 * object. Treating such a page as "gone" would silently forget resources that still exist.
 */
import { parseJsonObject } from "./errorBodies";
import type { ApiName } from "./apiError";

/**
 * The management API answers a missing object with its error envelope, `{"status":404,"error":"NOT_FOUND: ...",
 * "requestId":...}`; the observability API with `{"message":"<Thing> not found"}` (e.g. "Alert not found").
 */
const ownAnswers: Record<ApiName, (body: Record<string, unknown>) => boolean> = {
  management: (body) => typeof body.error === "string" && /^NOT_FOUND(:|$)/.test(body.error.trim()),
  observability: (body) => typeof body.message === "string" && /\S not found$/i.test(body.message.trim()),
};

/** True when `body` (the raw text of a 404 response) is `api`'s own answer that the object does not exist. */
export function isOwnNotFoundAnswer(api: ApiName, body: string): boolean {
  const parsed = parseJsonObject(body.trim());
  return parsed !== undefined && ownAnswers[api](parsed);
}
