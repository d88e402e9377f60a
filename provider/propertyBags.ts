/** The shape every layer passes property values in, declared once, and the few operations every layer needs on it. */

/** A JSON object of any fields. */
export type PropertyBag = Record<string, unknown>;

/** True for a JSON object (not null, not an array). */
export function isPlainObject(value: unknown): value is PropertyBag {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The own enumerable fields of an object (an API's typed answer, say) as a bag, copied. */
export function fieldsOf(value: object): PropertyBag {
  return Object.fromEntries(Object.entries(value));
}

/** Deep equality for JSON-like values. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => sameValue(a[key], b[key]));
  }
  return false;
}

/** Picks the listed properties that are set (neither undefined nor null), dropping the rest. */
export function pick<K extends string>(bag: object, keys: readonly K[]): Partial<Record<K, unknown>> {
  const fields = bag as Partial<Record<K, unknown>>;
  const picked: Partial<Record<K, unknown>> = {};
  for (const key of keys) {
    if (fields[key] !== undefined && fields[key] !== null) picked[key] = fields[key];
  }
  return picked;
}
