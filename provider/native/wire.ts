/**
 * Property bags on the plugin wire: protobuf Structs whose secret values are marker objects (the provider
 * answers Configure with acceptSecrets, so the engine sends secrets marked instead of plain). The per-kind
 * implementations take and return the same raw bags the dynamic-provider host hands them; this module keeps
 * track of which top-level properties were secret on the way in, so the way out can mark them again.
 */
import {
  SECRET_SIG as specialSecretSig,
  SECRET_SIG_KEY as specialSigKey,
} from "../resources/support/properties";
import { Struct, type JavaScriptValue } from "google-protobuf/google/protobuf/struct_pb";
import { isPlainObject, type PropertyBag } from "../propertyBags";

export type { PropertyBag } from "../propertyBags";

/** The bag a Struct carries; an absent Struct (a request field the engine left empty) is an empty bag. */
export function bagOf(struct: Struct | undefined): PropertyBag {
  return struct === undefined ? {} : (struct.toJavaScript() as PropertyBag);
}

/** The Struct for a bag; properties that are undefined are left out (a Struct has no undefined). */
export function structOf(bag: PropertyBag): Struct {
  const defined = Object.fromEntries(Object.entries(bag).filter(([, value]) => value !== undefined));
  return Struct.fromJavaScript(defined as Record<string, JavaScriptValue>);
}

export function isSecretMarker(value: unknown): value is { value: unknown } {
  return isPlainObject(value) && value[specialSigKey] === specialSecretSig;
}

/** True when the value is, or holds anywhere inside it, a secret. */
export function holdsSecret(value: unknown): boolean {
  if (isSecretMarker(value)) return true;
  if (Array.isArray(value)) return value.some(holdsSecret);
  if (isPlainObject(value)) return Object.values(value).some(holdsSecret);
  return false;
}

/** The value without any secret marker, at any depth. */
export function revealed(value: unknown): unknown {
  if (isSecretMarker(value)) return revealed(value.value);
  if (Array.isArray(value)) return value.map(revealed);
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, revealed(field)]));
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
        ? { [specialSigKey]: specialSecretSig, value: revealed(value) }
        : value;
  }
  return marked;
}
