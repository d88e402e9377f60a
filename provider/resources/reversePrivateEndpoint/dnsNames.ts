/**
 * The custom private DNS names of a reverse private endpoint. A program gives a flat list of names
 * (`customPrivateDnsNames`); the production wire sends and shows them as `customPrivateDnsMappings`, a list of
 * `{privateDnsName}` (ClickHouse Cloud's OpenAPI, CustomPrivateDnsMapping), and changes them with one PATCH of the
 * whole list. The list is a set: DNS names are case-insensitive (RFC 4343) and the API gives the order no meaning, so
 * names compare in lower case and in no order.
 */
import { limits, privateDnsNamePattern, privateDnsNameRule } from "../../../schemas";
import type { PropertyBag } from "../../propertyBags";
import type { ValidationProblem } from "../../validation/validate";

const input = "customPrivateDnsNames";
const namePattern = new RegExp(privateDnsNamePattern, "u");

/** A mapping as the API sends and shows it. */
export interface PrivateDnsMapping {
  privateDnsName: string;
}

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/** Whether `name` is a DNS name, or `*.` and one, as the API's mappings take them. */
export function isPrivateDnsName(name: string): boolean {
  return name.length <= limits.reversePrivateEndpoint.privateDnsNameMaxLength && namePattern.test(name);
}

/**
 * The input's rule, at preview: a list of strings, each a DNS name or a `*.` wildcard, none twice (in any case), and
 * none on an MSK_MULTI_VPC endpoint, which the API does not support them on. Left out or null, nothing is checked:
 * the endpoint's names are then not managed.
 */
export function customPrivateDnsNamesRule(inputs: PropertyBag): ValidationProblem[] {
  const names = inputs[input];
  if (!isSet(names)) return [];
  if (!Array.isArray(names) || names.some((name) => typeof name !== "string")) {
    return [
      {
        property: input,
        reason: `${input} must be a list of DNS names (strings); got ${JSON.stringify(names)}`,
      },
    ];
  }
  const problems: ValidationProblem[] = [];
  (names as string[]).forEach((name, index) => {
    if (!isPrivateDnsName(name)) {
      problems.push({
        property: input,
        reason: `${input}[${index}] ${privateDnsNameRule}; got ${JSON.stringify(name)}`,
      });
    }
  });
  const twice = firstRepeated(names as string[]);
  if (twice !== undefined) {
    problems.push({
      property: input,
      reason: `${input} lists ${twice} more than once (DNS names are case-insensitive): each name must be unique`,
    });
  }
  if (inputs.type === "MSK_MULTI_VPC" && names.length > 0) {
    problems.push({
      property: input,
      reason:
        `${input} must be left out or empty when type is MSK_MULTI_VPC: the API does not support custom private ` +
        "DNS names on MSK multi-VPC endpoints",
    });
  }
  return problems;
}

/**
 * The specification's wire refuses what only the production wire has: the GCP type, its service attachment and the
 * custom private DNS names (the specification's endpoint has none of them, and no operation to change one).
 */
export function productionOnlyFields(inputs: PropertyBag): ValidationProblem[] {
  const how =
    "set clickhouse:apiDialect to production (the default for api.clickhouse.cloud) or leave it out";
  const problems: ValidationProblem[] = [];
  if (inputs.type === "GCP_PSC_SERVICE_ATTACHMENT") {
    problems.push({
      property: "type",
      reason:
        "type GCP_PSC_SERVICE_ATTACHMENT is served by the production wire only: the specification's types are " +
        `VPC_ENDPOINT_SERVICE, VPC_RESOURCE and MSK_MULTI_VPC; ${how}`,
    });
  }
  for (const name of ["gcpServiceAttachment", input]) {
    if (isSet(inputs[name])) {
      problems.push({
        property: name,
        reason: `${name} is an input of the production wire: the specification's reverse private endpoint has no such field; ${how}`,
      });
    }
  }
  return problems;
}

/** The first name listed twice, in any case. */
function firstRepeated(names: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const name of names) {
    const key = name.toLowerCase();
    if (seen.has(key)) return name;
    seen.add(key);
  }
  return undefined;
}

/** Names as a set: lower case, each once, sorted. */
export function comparableNames(names: readonly string[]): string[] {
  return [...new Set(names.map((name) => name.toLowerCase()))].sort();
}

export function sameNames(left: readonly string[], right: readonly string[]): boolean {
  const [a, b] = [comparableNames(left), comparableNames(right)];
  return a.length === b.length && a.every((name, index) => name === b[index]);
}

/** The request's mappings for the names, in the program's order and case. */
export function mappingsOf(names: readonly string[]): PrivateDnsMapping[] {
  return names.map((privateDnsName) => ({ privateDnsName }));
}

/**
 * The names an endpoint shows, read tolerantly: a mapping without a string name is skipped, and a missing or null
 * list is none (as the official Terraform provider reads it: null mappings are an empty list).
 */
export function namesShown(mappings: unknown): string[] {
  if (!Array.isArray(mappings)) return [];
  return mappings.flatMap((mapping: unknown) => {
    const name = (mapping as { privateDnsName?: unknown } | null)?.privateDnsName;
    return typeof name === "string" ? [name] : [];
  });
}
