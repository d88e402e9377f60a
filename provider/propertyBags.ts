/** The shape every layer passes property values in, declared once: a JSON object of any fields. */
export type PropertyBag = Record<string, unknown>;

/** True for a JSON object (not null, not an array). */
export function isPlainObject(value: unknown): value is PropertyBag {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
