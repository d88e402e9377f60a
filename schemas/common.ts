/**
 * Building blocks shared by the schemas of both APIs. Schemas are plain JSON Schema draft-07 data; the only
 * extension is the annotation keyword below.
 */

/**
 * Annotation keyword holding the human rule of a property whose JSON Schema form is not readable by itself
 * (a pattern, a union, several bounds at once). The validator says "<property> <rule>; got <value>" for any
 * failure of that property. Any ajv that compiles these schemas must know it: `new Ajv({ keywords: [...] })`.
 */
export const ruleKeyword = "x-rule";
export const annotationKeywords = [ruleKeyword] as const;

export const nonEmptyString = { type: "string", minLength: 1 } as const;
export const nullableString = { type: ["string", "null"] } as const;
export const dateTime = { type: "string", format: "date-time" } as const;
export const nullableDateTime = { type: ["string", "null"], format: "date-time" } as const;
export const nonEmptyStringArray = { type: "array", items: nonEmptyString } as const;

/**
 * A cloud provider's private endpoint id (AWS `vpce-0123456789abcdef0`, an Azure resource GUID, a GCP connection
 * id): the forms differ, so the rule is the characters they share, which keeps `..` and `/` out.
 */
export const cloudEndpointId = {
  type: "string",
  pattern: "^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$",
  [ruleKeyword]:
    "must be the cloud provider's endpoint id: 1 to 128 letters, digits, '.', '_', ':' or '-', starting with a " +
    "letter or digit (e.g. vpce-0123456789abcdef0)",
} as const;

/** An entry of an IP access list, as sent (unknown fields rejected). */
export const ipAccessEntryRequest = {
  type: "object",
  additionalProperties: false,
  required: ["source"],
  properties: {
    source: nonEmptyString,
    description: { type: "string" },
  },
} as const;

/** An entry of an IP access list, as returned (extra fields allowed). */
export const ipAccessEntryResponse = {
  type: "object",
  required: ["source"],
  properties: {
    source: { type: "string" },
    description: nullableString,
  },
} as const;

/**
 * `if`/`then` pair: when `field` equals `value`, every property of `requiredFields` must be present and a
 * non-empty string. The validator turns a failure into "<property> is required when <field> is <value>".
 */
export function requiredWhen(field: string, value: string, requiredFields: readonly string[]) {
  return {
    if: { type: "object", required: [field], properties: { [field]: { const: value } } },
    then: {
      required: [...requiredFields],
      properties: Object.fromEntries(requiredFields.map((name) => [name, nonEmptyString])),
    },
  };
}
