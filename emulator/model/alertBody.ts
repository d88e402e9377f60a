/**
 * The body of `POST /api/v2/alerts` and `PUT /api/v2/alerts/:id`, parsed as the observability API parses it. Its
 * request schema is a zod object of the common fields intersected with a union of one object per source, so:
 * - a field that neither the common object nor the alert's source declares is dropped, not refused (an unknown
 *   field, `groupBy` or `savedSearchId` on a tile alert, `dashboardId` or `tileId` on a search alert);
 * - a refusal is worded as zod words it (`name: String must contain at most 512 character(s)`);
 * - when no source object fits, zod reports the union as a whole, `Invalid input` without a path, unless one of
 *   them failed only on a length (an empty `tileId`), whose problem is reported instead.
 * The rules are this emulator's own JSON Schemas, built from the shared enums and limits; the allowed intervals
 * are the API specification's (any positive amount of s, m, h or d), not the real API's fixed list.
 */
import Ajv from "ajv";
import type { ErrorObject, ValidateFunction } from "ajv";
import { alertChannelTypes, alertThresholdTypes, limits, schemas, type AlertSource } from "../../schemas";
import { onePerProperty, type Problem } from "./problems";

/** An alert request with only the fields the API keeps. */
export interface AlertBody {
  channel: { type: string; webhookId: string };
  interval: string;
  threshold: number;
  thresholdType: string;
  source: AlertSource;
  name?: string | null;
  message?: string | null;
  dashboardId?: string;
  tileId?: string;
  savedSearchId?: string;
  groupBy?: string | null;
}

/** zod's `nullish()`: the value may also be null or absent. */
const nullishText = (maxLength: number) => ({ type: ["string", "null"], minLength: 1, maxLength });

const nonEmpty = { type: "string", minLength: 1 } as const;

/** One object per source, in the order of the API's union (saved search first). */
const sourceSchemas = {
  search: {
    type: "object",
    required: ["source", "savedSearchId"],
    properties: {
      source: { const: "search" },
      groupBy: { type: ["string", "null"] },
      savedSearchId: nonEmpty,
    },
  },
  tile: {
    type: "object",
    required: ["source", "tileId", "dashboardId"],
    properties: { source: { const: "tile" }, tileId: nonEmpty, dashboardId: nonEmpty },
  },
} as const satisfies Record<AlertSource, object>;

/** The common fields, in the order zod reports their problems. */
const commonSchema = {
  type: "object",
  required: ["channel", "interval", "threshold", "thresholdType"],
  properties: {
    channel: {
      type: "object",
      required: ["type", "webhookId"],
      properties: {
        type: { const: alertChannelTypes[0] },
        webhookId: { type: "string", minLength: 1 },
      },
    },
    interval: { type: "string", pattern: schemas.alertCreate.properties.interval.pattern },
    threshold: { type: "number" },
    thresholdType: { enum: [...alertThresholdTypes] },
    // Listed in the order of the API's enum, which its refusal quotes.
    source: { enum: Object.keys(sourceSchemas) },
    name: nullishText(limits.alert.nameMaxLength),
    message: nullishText(limits.alert.messageMaxLength),
  },
} as const;

const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, verbose: true });
const validateCommon = ajv.compile(commonSchema);
const validateSource: Record<AlertSource, ValidateFunction> = {
  search: ajv.compile(sourceSchemas.search),
  tile: ajv.compile(sourceSchemas.tile),
};

/** The body with the fields the API keeps, or the problems zod would report, in its order and words. */
export function parseAlertBody(body: unknown): { body: AlertBody } | { problems: Problem[] } {
  const problems = [...commonProblems(body), ...sourceUnionProblems(body)];
  if (problems.length > 0) return { problems };
  return { body: keptFields(body as Record<string, unknown>) };
}

/** Where zod reports each field's problem: in the order of the schema's fields, a nested one after its parent. */
const reportOrder = Object.entries(commonSchema.properties).flatMap(([field, schema]) => [
  field,
  ...Object.keys("properties" in schema ? schema.properties : {}).map((child) => `${field}.${child}`),
]);

function commonProblems(body: unknown): Problem[] {
  if (validateCommon(body)) return [];
  const rank = (problem: Problem) => reportOrder.indexOf(problem.property);
  const problems = (validateCommon.errors ?? []).map((error) => zodProblem(error, commonSchema));
  return onePerProperty(problems).sort((a, b) => rank(a) - rank(b));
}

/**
 * zod's union: fine when one source object fits; when none does, the problems of the first one that failed only on
 * lengths (zod calls it "dirty"), else one problem about the union as a whole.
 */
function sourceUnionProblems(body: unknown): Problem[] {
  const outcomes = (Object.keys(sourceSchemas) as AlertSource[]).map((source) => {
    const validate = validateSource[source];
    return validate(body) ? [] : (validate.errors ?? []);
  });
  // A source object that fits has no errors, so it is the first "length only" outcome: no problems.
  const lengthOnly = outcomes.find((errors) => errors.every((error) => error.keyword === "minLength"));
  if (lengthOnly !== undefined) return lengthOnly.map((error) => zodProblem(error, undefined));
  return [{ property: "", message: "Invalid input" }];
}

function keptFields(body: Record<string, unknown>): AlertBody {
  const source = body.source as AlertSource;
  const kept = [
    ...Object.keys(commonSchema.properties),
    ...Object.keys(sourceSchemas[source].properties),
  ].filter((field) => body[field] !== undefined);
  const channel = body.channel as Record<string, unknown>;
  return {
    ...Object.fromEntries(kept.map((field) => [field, body[field]])),
    channel: { type: String(channel.type), webhookId: String(channel.webhookId) },
  } as AlertBody;
}

// ---- zod's words ----------------------------------------------------------------------------------------

function zodProblem(error: ErrorObject, schema: object | undefined): Problem {
  const params = error.params as Record<string, unknown>;
  const path = error.instancePath.slice(1).split("/").filter(Boolean);
  if (error.keyword === "required") {
    const missing = String(params.missingProperty);
    const literal = literalOf(schema, [...path, missing]);
    return {
      property: [...path, missing].join("."),
      // zod checks a literal by value, so an absent one is a wrong literal rather than a missing field.
      message: literal === undefined ? "Required" : literalMessage(literal),
    };
  }
  return { property: path.join("."), message: zodMessage(error) };
}

function zodMessage(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "type":
      return `Expected ${String(params.type).split(",")[0]}, received ${zodTypeOf(error.data)}`;
    case "const":
      return literalMessage(params.allowedValue);
    case "enum": {
      const expected = (params.allowedValues as unknown[]).map((value) => `'${String(value)}'`).join(" | ");
      return typeof error.data === "string"
        ? `Invalid enum value. Expected ${expected}, received '${error.data}'`
        : `Expected ${expected}, received ${zodTypeOf(error.data)}`;
    }
    case "minLength":
      return `String must contain at least ${String(params.limit)} character(s)`;
    case "maxLength":
      return `String must contain at most ${String(params.limit)} character(s)`;
    case "pattern":
      return "Invalid";
    default:
      return "Invalid input";
  }
}

function literalMessage(value: unknown): string {
  return `Invalid literal value, expected ${JSON.stringify(value)}`;
}

/** The `const` of the property at `path` in `schema`, if it is a literal. */
function literalOf(schema: object | undefined, path: string[]): unknown {
  let node: unknown = schema;
  for (const segment of path) {
    node = (node as { properties?: Record<string, unknown> } | undefined)?.properties?.[segment];
  }
  return (node as { const?: unknown } | undefined)?.const;
}

/** The type names zod uses in "Expected X, received Y". */
function zodTypeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number" && Number.isNaN(value)) return "nan";
  return typeof value;
}
