/**
 * Rules on ApiKey inputs beyond the create request's JSON Schema. Like the schema's reasons, none of them
 * quotes a value of hashData: those are hashes of credentials.
 */
import { isIP } from "node:net";
import type { ValidationProblem } from "../../validation/validate";
import { hasIdForm } from "../fields/idForms";
import type { PropertyBag } from "../../propertyBags";

/** adoptId names the key's uuid (`key.id`), which is what the key's path takes. */
export function adoptIdIsUuid(inputs: PropertyBag): ValidationProblem[] {
  const adoptId = inputs.adoptId;
  if (
    adoptId === undefined ||
    adoptId === null ||
    (typeof adoptId === "string" && hasIdForm("uuid", adoptId))
  ) {
    return [];
  }
  return [
    {
      property: "adoptId",
      reason: `adoptId must be the uuid of an existing key of the organization; got ${JSON.stringify(adoptId)}`,
    },
  ];
}

/** Any string will do as a rotation trigger, the empty one included; other types are a mistake. */
export function rotationTriggerIsString(inputs: PropertyBag): ValidationProblem[] {
  const trigger = inputs.rotationTrigger;
  if (trigger === undefined || trigger === null || typeof trigger === "string") return [];
  return [
    {
      property: "rotationTrigger",
      reason: `rotationTrigger must be a string (change it to rotate the key); got ${JSON.stringify(trigger)}`,
    },
  ];
}

/**
 * Each entry's source must be an IPv4 or IPv6 address or CIDR range, as the API requires; the schema only says
 * "a non-empty string". Entries the schema already rejects (no string source) are left to it.
 */
export function ipAccessSourcesAreAddresses(inputs: PropertyBag): ValidationProblem[] {
  const list = inputs.ipAccessList;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: unknown, index) => {
    const source = (entry as { source?: unknown } | null)?.source;
    if (typeof source !== "string" || source === "" || isAddressOrRange(source)) return [];
    const property = `ipAccessList[${index}].source`;
    return [
      {
        property,
        reason: `${property} must be an IPv4 or IPv6 address or CIDR range; got ${JSON.stringify(source)}`,
      },
    ];
  });
}

function isAddressOrRange(source: string): boolean {
  // Not trimmed: the source is sent as written, and the API documents no trimming of it.
  const [address, prefix, ...rest] = source.split("/");
  if (rest.length > 0) return false;
  const version = isIP(address.replace(/^\[(.*)\]$/, "$1"));
  if (version === 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}
