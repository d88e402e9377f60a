/**
 * The rule HyperDX's external API applies to a saved search's pinned filters (routers/external-api/v2/
 * savedSearches.ts): a filter the search does not have yet must show in the app's sidebar as one facet, that is an
 * SQL condition on one column with one `IN (...)`, `NOT IN (...)` or `BETWEEN a AND b`. A filter the search already
 * has may be sent back as it is, whatever its shape (one made in the app, or an adopted search's).
 */
import type { ValidationProblem } from "../../validation/problem";
import { isPlainObject, sameValue, type PropertyBag } from "../../propertyBags";

const membership = /^(?<column>.+?)\s+(?:not\s+)?in\s*\((?<values>.*)\)$/is;
const range = /^(?<column>.+?)\s+between\s+\S+\s+and\s+\S+$/is;
const connective = /\b(?:and|or|not)\b/i;

/** Whether a filter is one sidebar facet. */
export function isFacetFilter(filter: unknown): boolean {
  if (!isPlainObject(filter)) return false;
  const type = filter.type ?? "sql";
  if (type !== "sql" || typeof filter.condition !== "string") return false;
  const condition = filter.condition.trim();
  const parts = membership.exec(condition)?.groups ?? range.exec(condition)?.groups;
  if (parts === undefined) return false;
  // The condition is trimmed and the column's group is lazy, so the column neither is empty nor has white space at
  // either end.
  if (connective.test(parts.column)) return false;
  // An AND outside quoted values joins a second condition to the list.
  const values = parts.values;
  return values === undefined || !/\sand\s/i.test(values.replace(/'(?:[^'\\]|\\.|'')*'/g, "''"));
}

/** New filters must be facets; ones the search had (in `previous`) may stay as they are. */
export function newFiltersAreFacets(inputs: PropertyBag, previous: PropertyBag = {}): ValidationProblem[] {
  if (!Array.isArray(inputs.filters)) return [];
  const had = Array.isArray(previous.filters) ? previous.filters : [];
  return inputs.filters.flatMap((filter, index) => {
    if (isFacetFilter(filter) || had.some((kept) => sameValue(kept, filter))) return [];
    return [
      {
        property: `filters[${index}]`,
        reason:
          `filters[${index}] must be an SQL condition on one column with one IN (...), NOT IN (...) or ` +
          "BETWEEN a AND b (the app shows each filter as a sidebar facet); a filter the search already has may " +
          "stay as it is",
      },
    ];
  });
}
