/**
 * Reading the fields of an API's answer into a kind's typed outputs. The answers' schemas check only what the
 * provider relies on, so a field they leave unchecked (or allow to be null) is read here: taken when it has the
 * shape its output declares, left out (undefined) otherwise. Each reader's type is what it checked.
 */
import { isPlainObject, type PropertyBag } from "../../propertyBags";

export function text(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** A number, not NaN or infinite (JSON has neither). */
export function numeric(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

export function flag(value: unknown): boolean | undefined {
  return typeof value === "boolean" ? value : undefined;
}

export function list(value: unknown): unknown[] | undefined {
  return Array.isArray(value) ? value : undefined;
}

/** A JSON object (not null, not an array). */
export function record(value: unknown): PropertyBag | undefined {
  return isPlainObject(value) ? value : undefined;
}

/** `value` when it is one of `allowed`. */
export function listed<T extends string>(allowed: readonly T[], value: unknown): T | undefined {
  return allowed.find((member) => member === value);
}

/** `value` when it is a list of which every item is one of `allowed`. */
export function eachListed<T extends string>(allowed: readonly T[], value: unknown): T[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const members = value.flatMap((item) => listed(allowed, item) ?? []);
  return members.length === value.length ? members : undefined;
}

/** The strings of a list (none when it is no list). */
export function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

export function setOrUndefined<T>(value: T | null | undefined): T | undefined {
  return value ?? undefined;
}

/**
 * The named fields of `fields` that `read` takes, each under its own name; a field it leaves out is absent. The
 * result's type names each field with the reader's type, so a kind's outputs built from it are checked field by
 * field against their declared types.
 */
export function taken<K extends string, T>(
  names: readonly K[],
  fields: PropertyBag,
  read: (value: unknown) => T | undefined,
): Partial<Record<K, T>> {
  const found: Partial<Record<K, T>> = {};
  for (const name of names) {
    const value = read(fields[name]);
    if (value !== undefined) found[name] = value;
  }
  return found;
}

/** `{ [name]: value }`, or nothing when `value` is undefined: the engine's wire format has no `undefined`. */
export function optional<K extends string, T>(name: K, value: T | undefined): Partial<Record<K, T>> {
  const entry: Partial<Record<K, T>> = {};
  if (value !== undefined) entry[name] = value;
  return entry;
}
