/**
 * Object ids in paths. Management ids are uuids and observability ids MongoDB ObjectIds (24 hex digits); both
 * are hexadecimal, and both real APIs read them without regard to case (an ObjectId is parsed from its hex, a uuid
 * compared as a uuid). The store keeps them lower-case, so path ids are lower-cased before any lookup.
 */

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const objectIdPattern = /^[0-9a-f]{24}$/i;

/** Lower-cases, in place, every path parameter that is a uuid. */
export function canonicalUuidParams(params: Record<string, string>): void {
  lowerCaseMatching(params, uuidPattern);
}

/** Lower-cases, in place, every path parameter that is an ObjectId. */
export function canonicalObjectIdParams(params: Record<string, string>): void {
  lowerCaseMatching(params, objectIdPattern);
}

function lowerCaseMatching(params: Record<string, string>, pattern: RegExp): void {
  for (const [name, value] of Object.entries(params ?? {})) {
    if (typeof value === "string" && pattern.test(value)) params[name] = value.toLowerCase();
  }
}

/** A path value as quoted in an error message: long ones are cut, so an over-long id is not echoed whole. */
export function quotedParam(value: string): string {
  const limit = 60;
  return JSON.stringify(value.length <= limit ? value : `${value.slice(0, limit)}…`);
}
