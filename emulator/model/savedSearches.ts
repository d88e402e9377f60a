/**
 * The observability API's saved searches (HyperDX's routers/external-api/v2/savedSearches.ts and
 * models/savedSearch.ts): the body's rules, the defaults a create or PUT gives what it leaves out, a new filter
 * that must render as one sidebar facet, and the saved search as shown.
 */
import { schemas } from "../../schemas";
import type { SavedSearchRecord } from "../state/types";
import { readBody } from "./objectBodies";
import type { Problem } from "./problems";

export const missingSourceMessage = "sourceId must be an existing source id";

export interface SavedSearchBody {
  name: string;
  sourceId: string;
  select: string;
  where: string;
  whereLanguage: string;
  orderBy: string;
  tags: string[];
  filters: Record<string, unknown>[];
}

/** The body's problems in the API's words, or the body with its defaults filled in, as a create or PUT stores it. */
export function parseSavedSearchBody(body: unknown): { problems: Problem[] } | { body: SavedSearchBody } {
  const { problems, kept } = readBody(schemas.savedSearchCreate, body, /^sourceId$/);
  if (problems.length > 0) return { problems };
  const filters = ((kept.filters as Record<string, unknown>[] | undefined) ?? []).map((filter) =>
    filter.type === undefined ? { type: "sql", ...filter } : filter,
  );
  return {
    body: {
      name: (kept.name as string).trim(),
      sourceId: (kept.sourceId as string).toLowerCase(),
      select: (kept.select as string | undefined) ?? "",
      where: (kept.where as string | undefined) ?? "",
      whereLanguage: (kept.whereLanguage as string | undefined) ?? "lucene",
      orderBy: (kept.orderBy as string | undefined) ?? "",
      tags: (kept.tags as string[] | undefined) ?? [],
      filters,
    },
  };
}

/**
 * The index of the first filter that neither renders as one sidebar facet nor is one of `kept` (the filters the
 * stored search already has, unchanged, which a PUT may send back); -1 when all are fine.
 */
export function firstUnrenderableFilter(
  filters: readonly Record<string, unknown>[],
  kept: readonly Record<string, unknown>[] = [],
): number {
  const keys = new Set(kept.map(filterKey));
  return filters.findIndex((filter) => !isRenderable(filter) && !keys.has(filterKey(filter)));
}

export function unrenderableFilterMessage(index: number): string {
  return (
    `filters[${index}] must be a sidebar-renderable SQL predicate ` +
    `(e.g. "<column> IN ('<value>', ...)", "NOT IN (...)", or "BETWEEN <n> AND <n>"). ` +
    "Other shapes are only accepted on update when preserved unchanged from the stored saved search."
  );
}

function filterKey(filter: Record<string, unknown>): string {
  return filter.type === "sql_ast"
    ? JSON.stringify(["sql_ast", filter.operator, filter.left, filter.right])
    : JSON.stringify([filter.type, filter.condition]);
}

/**
 * One SQL predicate on one column: `<column> IN (...)`, `<column> NOT IN (...)` or `<column> BETWEEN a AND b`,
 * with no other top-level AND and no NOT, AND or OR inside the column.
 */
function isRenderable(filter: Record<string, unknown>): boolean {
  if (filter.type !== "sql" || typeof filter.condition !== "string") return false;
  const condition = filter.condition.trim();
  const inList = /^(.+?)\s+(?:NOT\s+)?IN\s*\((.*)\)$/is.exec(condition);
  const between = /^(.+?)\s+BETWEEN\s+(\S+)\s+AND\s+(\S+)$/is.exec(condition);
  const match = inList ?? between;
  if (match === null) return false;
  const column = (match[1] as string).trim();
  if (column === "" || /\b(?:NOT|AND|OR)\b/i.test(column)) return false;
  return inList === null || !/\sAND\s/i.test(outsideQuotes(match[2] as string));
}

/** The text with quoted strings emptied: an AND inside a value is not a conjunct. */
function outsideQuotes(text: string): string {
  return text.replace(/'(?:[^'\\]|\\.|'')*'/g, "''");
}

export function savedSearchView(search: SavedSearchRecord, teamId: string): Record<string, unknown> {
  return {
    id: search.id,
    name: search.name,
    select: search.select ?? "",
    where: search.where ?? "",
    whereLanguage: search.whereLanguage ?? "lucene",
    orderBy: search.orderBy ?? "",
    sourceId: search.sourceId,
    tags: search.tags ?? [],
    filters: search.filters ?? [],
    teamId,
    createdAt: search.createdAt,
    updatedAt: search.updatedAt,
  };
}
