/**
 * The custom private DNS names of reverse private endpoints (production wire). ClickHouse Cloud's OpenAPI says of
 * them: "Must be unique across the ClickHouse service" and "Not supported for MSK multi-VPC". It does not say how the
 * API refuses either, so the 400s and their words are the emulator's. DNS names are case-insensitive (RFC 4343), so
 * `DB.example.com` and `db.example.com` are the same name here.
 */
import type { ReversePrivateEndpointRecord } from "../state/types";
import type { Problem } from "./problems";

const field = "customPrivateDnsMappings";

/** The names of a request's mappings, when the request's shape has them (the schema reports any other shape). */
export function requestedNames(mappings: unknown): string[] {
  if (!Array.isArray(mappings)) return [];
  return mappings.flatMap((mapping: unknown) => {
    const name = (mapping as { privateDnsName?: unknown } | null)?.privateDnsName;
    return typeof name === "string" ? [name] : [];
  });
}

/** The names an endpoint holds now. */
export function namesOf(endpoint: ReversePrivateEndpointRecord): string[] {
  return (endpoint.customPrivateDnsMappings ?? []).map((mapping) => mapping.privateDnsName);
}

/**
 * What is wrong with giving an endpoint of `type` these `names`, when `others` are the service's other endpoints:
 * names on an MSK multi-VPC endpoint, a name twice in the list, a name another endpoint of the service holds.
 */
export function privateDnsNameProblems(
  names: readonly string[],
  type: ReversePrivateEndpointRecord["type"],
  others: readonly ReversePrivateEndpointRecord[],
): Problem[] {
  if (names.length === 0) return [];
  if (type === "MSK_MULTI_VPC") {
    return [
      { property: field, message: "custom private DNS names are not supported for MSK_MULTI_VPC endpoints" },
    ];
  }
  const seen = new Set<string>();
  for (const name of names) {
    const key = name.toLowerCase();
    if (seen.has(key)) return [{ property: field, message: `${name} is listed more than once` }];
    seen.add(key);
  }
  for (const other of others) {
    const taken = namesOf(other).find((name) => seen.has(name.toLowerCase()));
    if (taken !== undefined) {
      return [
        {
          property: field,
          message: `${taken} is already a private DNS name of reverse private endpoint ${other.id}; each name must be unique across the service`,
        },
      ];
    }
  }
  return [];
}
