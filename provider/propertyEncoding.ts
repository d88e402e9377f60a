/**
 * Property bags as the engine encodes them, on both front ends' wires: a value not yet known during preview is a
 * sentinel string, and a secret is a marker object around its value. This module keeps that encoding in one place;
 * below the front ends, values are plain.
 */
import { isPlainObject, type PropertyBag } from "./propertyBags";

/** The engine's marker for a value that is not known until apply (Pulumi's `unknownValue`). */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
/** The key and value that mark an object as a secret in the engine's property encoding. */
export const SECRET_SIG_KEY = "4dabf18193072939515e22adb298388d";
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";
/**
 * The key under which the serialized provider travels with every dynamic resource's properties. The front ends
 * take it off what they hand the host: the dynamic one from every call, the native one from the state of a
 * resource the dynamic classes made and an alias moved to a native type.
 */
export const PROVIDER_KEY = "__provider";
/**
 * A dynamic resource's own URN, among the inputs of the kinds whose create marks its object with it: the
 * dynamic-provider process hands a create its inputs only.
 */
export const URN_KEY = "__urn";

/** The bag without the dynamic front end's own keys: its serialized provider and the resource's URN. */
export function withoutProviderKey(bag: PropertyBag): PropertyBag {
  const { [PROVIDER_KEY]: _provider, [URN_KEY]: _urn, ...values } = bag;
  return values;
}

/** True when the value is, or holds anywhere inside it, a value not known yet. */
export function isUnknown(value: unknown): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(isUnknown);
  if (isPlainObject(value)) return Object.values(value).some(isUnknown);
  return false;
}

export function isSecretMarker(value: unknown): value is { value: unknown } {
  return isPlainObject(value) && value[SECRET_SIG_KEY] === SECRET_SIG;
}

/** True when the value is, or holds anywhere inside it, a secret. */
export function holdsSecret(value: unknown): boolean {
  if (isSecretMarker(value)) return true;
  if (Array.isArray(value)) return value.some(holdsSecret);
  if (isPlainObject(value)) return Object.values(value).some(holdsSecret);
  return false;
}

/** The value without any secret marker, at any depth. */
export function unwrapSecrets<T>(value: T): T {
  if (isSecretMarker(value)) return unwrapSecrets(value.value) as T;
  if (Array.isArray(value)) return value.map(unwrapSecrets) as T;
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unwrapSecrets(v)])) as T;
  }
  return value;
}

/** The names of the bag's top-level properties that are or hold a secret. */
export function secretKeysOf(bag: PropertyBag): Set<string> {
  return new Set(Object.keys(bag).filter((key) => holdsSecret(bag[key])));
}

/**
 * The bag with each listed property that is set wrapped as one secret (whatever markers it held inside are
 * folded into it): the engine then encrypts the whole value in state.
 */
export function markSecret(bag: PropertyBag, keys: ReadonlySet<string>): PropertyBag {
  const marked: PropertyBag = {};
  for (const [key, value] of Object.entries(bag)) {
    marked[key] =
      keys.has(key) && value !== undefined && value !== null
        ? { [SECRET_SIG_KEY]: SECRET_SIG, value: unwrapSecrets(value) }
        : value;
  }
  return marked;
}
