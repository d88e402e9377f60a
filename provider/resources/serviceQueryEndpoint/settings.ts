/**
 * How a query API endpoint's settings compare: roles and keys are sets (the API's order is not the program's), key
 * ids are uuids in either case, and the allowed origins are a set of origins written in one comma-separated string,
 * where spaces, order, letter case and repeats carry no meaning. An empty list of origins is no list.
 */
import type { PropertyBag } from "../../propertyBags";

/** The origins of a comma-separated list, trimmed and lower-cased, each once, in order; none for "" or absent. */
export function originsOf(allowedOrigins: unknown): string[] {
  if (typeof allowedOrigins !== "string") return [];
  const origins = allowedOrigins
    .split(",")
    .map((origin) => origin.trim().toLowerCase())
    .filter((origin) => origin.length > 0);
  return [...new Set(origins)].sort();
}

/** A set of strings, sorted; `value` as it is when it is not a list (the check reports it). */
function sortedSet(value: unknown, normalise: (item: string) => string = (item) => item): unknown {
  if (!Array.isArray(value)) return value;
  return [...new Set(value.map((item) => (typeof item === "string" ? normalise(item) : item)))].sort();
}

/** The endpoint's settings where equal meaning is equal value; the other fields as they are. */
export function comparableEndpoint(bag: PropertyBag): PropertyBag {
  const { allowedOrigins: _origins, ...rest } = bag;
  const origins = originsOf(bag.allowedOrigins);
  return {
    ...rest,
    ...(bag.roles === undefined ? {} : { roles: sortedSet(bag.roles) }),
    ...(bag.openApiKeys === undefined
      ? {}
      : { openApiKeys: sortedSet(bag.openApiKeys, (id) => id.toLowerCase()) }),
    ...(origins.length === 0 ? {} : { allowedOrigins: origins.join(",") }),
  };
}
