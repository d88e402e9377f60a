/**
 * Property bags as the dynamic provider hands them over: raw protobuf structs, where a value not yet known during
 * preview is a sentinel string and a secret is a wrapper object. These helpers keep that encoding in one place.
 */

/** The engine's marker for a value that is not known until apply (Pulumi's `unknownValue`). */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
/** The key and value that mark an object as a secret wrapper in the engine's property encoding. */
export const SECRET_SIG_KEY = "4dabf18193072939515e22adb298388d";
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";
/** The key under which the serialized provider travels with every resource's properties. */
export const PROVIDER_KEY = "__provider";

export { isPlainObject, type PropertyBag } from "../../propertyBags";
import { isPlainObject, type PropertyBag } from "../../propertyBags";

export function isUnknown(value: unknown): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(isUnknown);
  if (isPlainObject(value)) return Object.values(value).some(isUnknown);
  return false;
}

function isSecretWrapper(value: unknown): value is { value: unknown } {
  return isPlainObject(value) && value[SECRET_SIG_KEY] === SECRET_SIG;
}

/** Removes secret wrappers (anywhere in the bag) so values can be validated and sent. */
export function unwrapSecrets<T>(value: T): T {
  if (isSecretWrapper(value)) return unwrapSecrets(value.value) as T;
  if (Array.isArray(value)) return value.map(unwrapSecrets) as T;
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unwrapSecrets(v)])) as T;
  }
  return value;
}

/** Deep equality for JSON-like values; used to compare inputs across a diff. */
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

/** Picks the listed properties that are set, dropping the rest. */
export function pick<K extends string>(bag: PropertyBag, keys: readonly K[]): Partial<Record<K, unknown>> {
  const picked: Partial<Record<K, unknown>> = {};
  for (const key of keys) {
    if (bag[key] !== undefined && bag[key] !== null) picked[key] = bag[key];
  }
  return picked;
}
