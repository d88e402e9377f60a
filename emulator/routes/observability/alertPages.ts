/**
 * A page of the alert list on the production wire (HyperDX's packages/api/src/utils/pagination.ts): `limit` 1 to
 * 1000 (1000 when absent) and `offset` from 0, both whole numbers, read from text as zod's `coerce` reads them; the
 * answer carries `meta {total, limit, offset}`. A bad value is refused as the API's query validation refuses it.
 */
import { ApiError } from "../../server/errors";
import type { Problem } from "../../model/problems";
import { describeProblems } from "../../model/problems";
import type { AlertRecord } from "../../state/types";

const maxLimit = 1000;

export interface AlertPage {
  alerts: AlertRecord[];
  meta: { total: number; limit: number; offset: number };
}

export function alertPage(alerts: AlertRecord[], query: unknown): AlertPage {
  const page = pageOf(alerts, query);
  return { alerts: page.items, meta: page.meta };
}

/** A page of any paged list of the API (alerts, webhooks, saved searches), read as the alert list's. */
export function pageOf<T>(items: T[], query: unknown): { items: T[]; meta: AlertPage["meta"] } {
  const params = (typeof query === "object" && query !== null ? query : {}) as Record<string, unknown>;
  const problems: Problem[] = [];
  const limit = wholeNumber(params.limit, "limit", maxLimit, problems, 1, maxLimit);
  const offset = wholeNumber(params.offset, "offset", 0, problems, 0, undefined);
  if (problems.length > 0) throw new ApiError(400, `Query validation failed: ${describeProblems(problems)}`);
  return { items: items.slice(offset, offset + limit), meta: { total: items.length, limit, offset } };
}

function wholeNumber(
  raw: unknown,
  property: string,
  fallback: number,
  problems: Problem[],
  min: number,
  max: number | undefined,
): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) {
    problems.push({ property, message: "Expected number, received nan" });
  } else if (!Number.isInteger(value)) {
    problems.push({ property, message: "Expected integer, received float" });
  } else if (value < min) {
    problems.push({ property, message: `Number must be greater than or equal to ${min}` });
  } else if (max !== undefined && value > max) {
    problems.push({ property, message: `Number must be less than or equal to ${max}` });
  }
  return value;
}
