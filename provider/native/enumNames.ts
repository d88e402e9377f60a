/**
 * The name each enum value gets in the generated SDKs. Without one, Pulumi's generators make names from the
 * value as it is (`ApiKeyRole_Query_endpoints` in Go, `SeriesGranularity_30s`); with one they write
 * `ApiKeyRoleQueryEndpoints`, `ApiKeyRole.QueryEndpoints`, `ApiKeyRole.QUERY_ENDPOINTS`.
 */

import { regionsOfCloudProvider } from "../../schemas";

const ones = (
  "Zero One Two Three Four Five Six Seven Eight Nine Ten Eleven Twelve Thirteen Fourteen Fifteen Sixteen " +
  "Seventeen Eighteen Nineteen"
).split(" ");
const tens = " _ Twenty Thirty Forty Fifty Sixty Seventy Eighty Ninety".split(" ");
const units: Readonly<Record<string, string>> = { s: "Second", m: "Minute", h: "Hour", d: "Day" };

/** 1 to 99 in words, e.g. `ThirtyFive`. */
function numberWords(value: number): string {
  if (value < 20) return ones[value];
  return tens[Math.floor(value / 10)] + (value % 10 === 0 ? "" : ones[value % 10]);
}

/**
 * `query_endpoints`, `SASL_IAM`, `exponential histogram`: the words, each capitalized. A separator at either end
 * splits off an empty word, which capitalizes to nothing.
 */
function pascalWords(value: string): string {
  return value
    .split(/[^A-Za-z0-9]+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join("");
}

/** Comparison operators (a saved search's `sql_ast` filter), by what they say. */
const operators: Readonly<Record<string, string>> = {
  "=": "Equal",
  "!=": "NotEqual",
  "<": "LessThan",
  "<=": "LessThanOrEqual",
  ">": "GreaterThan",
  ">=": "GreaterThanOrEqual",
};

/**
 * Regions, by their cloud and their words: AWS's `us-east-1` and GCP's `us-east1` have the same words, so the
 * cloud tells them apart (`AwsUsEast1`, `GcpUsEast1`, `AzureEastus`).
 */
const regionNames: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(regionsOfCloudProvider).flatMap(([cloud, regions]) =>
    regions.map((region) => [region, pascalWords(cloud) + pascalWords(region)]),
  ),
);

/**
 * The SDK name of an enum value: a duration such as `30s` reads `ThirtySeconds`, a region its cloud and words, any
 * other value its words.
 */
export function enumValueName(value: string): string {
  const operator = operators[value] ?? regionNames[value];
  if (operator !== undefined) return operator;
  const duration = /^([1-9][0-9]?)([smhd])$/.exec(value);
  if (duration !== null) {
    const count = Number(duration[1]);
    return `${numberWords(count)}${units[duration[2]]}${count === 1 ? "" : "s"}`;
  }
  const name = pascalWords(value);
  if (!/^[A-Za-z]/.test(name))
    throw new Error(`the enum value ${JSON.stringify(value)} needs a name of its own`);
  return name;
}
