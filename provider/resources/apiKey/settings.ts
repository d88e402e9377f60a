/**
 * The settings of an API key that can change in place (name, roles, assignedRoleIds, expireAt, state,
 * ipAccessList): their
 * defaults, how two spellings of the same setting compare, and the PATCH that turns one into the other.
 * Diff, update and adoption all compare through `comparableSettings`, so they agree on what counts as a change.
 */
import type { ApiKeyCreateRequest, ApiKeyUpdateRequest } from "../../rest";
import { limits, type ApiKeyRole, type ApiKeyState } from "../../../schemas";
import { isPlainObject, sameValue, type PropertyBag } from "../../propertyBags";
import { requestBodyFor } from "../derive/requestBody";
import { definition } from "./definition";

const keyRequest = requestBodyFor(definition);

/** An entry of a key's IP access list: an IPv4 or IPv6 address or CIDR range, with an optional note. */
export interface ApiKeyIpAccessEntry {
  source: string;
  description?: string;
}

export const mutableSettings = [
  "name",
  "roles",
  "assignedRoleIds",
  "expireAt",
  "state",
  "ipAccessList",
] as const;
export type MutableSetting = (typeof mutableSettings)[number];

/** The settings a program may leave out to leave them as they are: the key's roles, either way of giving them. */
const unmanagedWhenUnset: ReadonlySet<MutableSetting> = new Set(["roles", "assignedRoleIds"]);

/**
 * The settings in a form where equal meaning is equal value. Absent `state` is the API's default (enabled);
 * absent `ipAccessList` is an empty list; roles and role ids are sets (order doesn't matter; ids in any case); an
 * entry's empty description
 * is no description; `expireAt` is an instant, so "2030-01-01T00:00:00Z" and "2030-01-01T00:00:00.000Z" are the
 * same, and "", null and absent all mean "never expires".
 */
export function comparableSettings(bag: PropertyBag): PropertyBag {
  const { state, roles, assignedRoleIds, ipAccessList, expireAt } = bag;
  return {
    ...bag,
    state: state ?? limits.apiKey.defaultState,
    roles: Array.isArray(roles) ? [...roles].map(String).sort() : roles,
    assignedRoleIds: Array.isArray(assignedRoleIds)
      ? assignedRoleIds.map((id) => String(id).toLowerCase()).sort()
      : assignedRoleIds,
    ipAccessList: Array.isArray(ipAccessList) ? ipAccessList.map(comparableEntry) : (ipAccessList ?? []),
    expireAt: comparableInstant(expireAt),
  };
}

/** The PATCH that gives a key whose settings are `current` the settings the inputs ask for; empty when none. */
export function settingsPatch(current: PropertyBag, inputs: PropertyBag): ApiKeyUpdateRequest {
  const have = comparableSettings(current);
  const want = comparableSettings(inputs);
  const patch: Record<string, unknown> = {};
  for (const setting of mutableSettings) {
    const unmanaged =
      unmanagedWhenUnset.has(setting) && (inputs[setting] === undefined || inputs[setting] === null);
    if (unmanaged || sameValue(have[setting], want[setting])) continue;
    patch[setting] = requestedValue(setting, inputs[setting]);
  }
  return patch as ApiKeyUpdateRequest;
}

/** The create request for the inputs: "" expireAt is left out (the key never expires). */
export function createRequest(inputs: PropertyBag): ApiKeyCreateRequest {
  const neverExpires = inputs.expireAt === "";
  return keyRequest(inputs, neverExpires ? ["expireAt"] : []);
}

/** What PATCH sends for a setting the program left out or emptied: the API's meaning of "absent". */
function requestedValue(setting: MutableSetting, value: unknown): unknown {
  switch (setting) {
    case "state":
      return (value ?? limits.apiKey.defaultState) as ApiKeyState;
    case "expireAt":
      return typeof value === "string" && value !== "" ? value : null;
    case "ipAccessList":
      return (value ?? []) as NonNullable<ApiKeyUpdateRequest["ipAccessList"]>;
    case "roles":
      return value as ApiKeyRole[];
    case "assignedRoleIds":
      return value as string[];
    case "name":
      return value;
  }
}

function comparableEntry(entry: unknown): unknown {
  if (!isPlainObject(entry)) return entry;
  const { description, ...rest } = entry;
  return description === undefined || description === null || description === ""
    ? rest
    : { ...rest, description };
}

function comparableInstant(value: unknown): unknown {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string") return value;
  const instant = Date.parse(value);
  return Number.isNaN(instant) ? value : instant;
}
