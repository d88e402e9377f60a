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
import addFormats from "ajv-formats";
import type { ErrorObject, ValidateFunction } from "ajv";
import { alertChannelTypes, specAlertThresholdTypes, limits, schemas, type AlertSource } from "../../schemas";
import { onePerProperty, type Problem } from "./problems";

/** An alert request with only the fields the API keeps. */
export interface AlertBody {
  channel: { type: string; webhookId: string };
  interval: string;
  threshold: number;
  thresholdType: string;
  /** The wire's word: `search` or `tile` (specification), `saved_search` or `tile` (production). */
  source: AlertSource | "saved_search";
  name?: string | null;
  message?: string | null;
  dashboardId?: string;
  tileId?: string;
  savedSearchId?: string;
  groupBy?: string | null;
  /** Production wire only, as the fields below. */
  channels?: { type: string; webhookId: string }[];
  thresholdMax?: number;
  note?: string | null;
  numConsecutiveWindows?: number | null;
  scheduleOffsetMinutes?: number;
  scheduleStartAt?: string | null;
}

/** zod's `nullish()`: the value may also be null or absent. */
export const nullishText = (maxLength: number) => ({ type: ["string", "null"], minLength: 1, maxLength });

export const nonEmpty = { type: "string", minLength: 1 } as const;

/** One object per source, in the order of the API's union (saved search first). */
export const sourceSchemas = {
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
export const commonSchema = {
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
    thresholdType: { enum: [...specAlertThresholdTypes] },
    // Listed in the order of the API's enum, which its refusal quotes.
    source: { enum: Object.keys(sourceSchemas) },
    name: nullishText(limits.alert.nameMaxLength),
    message: nullishText(limits.alert.messageMaxLength),
  },
} as const;

/** One wire's grammar of the body: the common fields and one object per source, in the union's order. */
export interface AlertBodyGrammar {
  readonly common: { readonly properties: Record<string, object> } & object;
  readonly sources: Readonly<Record<string, { readonly properties: Record<string, object> } & object>>;
  /** Rules across fields, run as zod runs `superRefine`: only on a body the schemas accept. */
  readonly refinements?: (body: Record<string, unknown>) => Problem[];
}

const specGrammar: AlertBodyGrammar = { common: commonSchema, sources: sourceSchemas };

const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, verbose: true });
addFormats(ajv, ["date-time"]);

interface CompiledGrammar {
  grammar: AlertBodyGrammar;
  common: ValidateFunction;
  sources: ValidateFunction[];
  /** Where zod reports each field's problem: in the order of the schema's fields, a nested one after its parent. */
  reportOrder: string[];
}

const compiledGrammars = new Map<AlertBodyGrammar, CompiledGrammar>();

function compiled(grammar: AlertBodyGrammar): CompiledGrammar {
  let result = compiledGrammars.get(grammar);
  if (result === undefined) {
    result = {
      grammar,
      common: ajv.compile(grammar.common),
      sources: Object.values(grammar.sources).map((schema) => ajv.compile(schema)),
      reportOrder: Object.entries(grammar.common.properties).flatMap(([field, schema]) => [
        field,
        ...Object.keys("properties" in schema ? (schema.properties as object) : {}).map(
          (child) => `${field}.${child}`,
        ),
      ]),
    };
    compiledGrammars.set(grammar, result);
  }
  return result;
}

/**
 * The body with the fields the API keeps, or the problems zod would report, in its order and words. `grammar` is
 * the wire's: the specification's unless told.
 */
export function parseAlertBody(
  body: unknown,
  grammar: AlertBodyGrammar = specGrammar,
): { body: AlertBody } | { problems: Problem[] } {
  const rules = compiled(grammar);
  const problems = [...commonProblems(rules, body), ...sourceUnionProblems(rules, body)];
  if (problems.length > 0) return { problems };
  const refined = grammar.refinements?.(body as Record<string, unknown>) ?? [];
  if (refined.length > 0) return { problems: refined };
  return { body: keptFields(grammar, body as Record<string, unknown>) };
}

function commonProblems(rules: CompiledGrammar, body: unknown): Problem[] {
  if (rules.common(body)) return [];
  const rank = (problem: Problem) => rules.reportOrder.indexOf(problem.property);
  const problems = (rules.common.errors ?? []).map((error) => zodProblem(error, rules.grammar.common));
  return onePerProperty(problems).sort((a, b) => rank(a) - rank(b));
}

/**
 * zod's union: fine when one source object fits; when none does, the problems of the first one that failed only on
 * lengths (zod calls it "dirty"), else one problem about the union as a whole.
 */
function sourceUnionProblems(rules: CompiledGrammar, body: unknown): Problem[] {
  const outcomes = rules.sources.map((validate) => (validate(body) ? [] : (validate.errors ?? [])));
  // A source object that fits has no errors, so it is the first "length only" outcome: no problems.
  const lengthOnly = outcomes.find((errors) => errors.every((error) => error.keyword === "minLength"));
  if (lengthOnly !== undefined) return lengthOnly.map((error) => zodProblem(error, undefined));
  return [{ property: "", message: "Invalid input" }];
}

function keptFields(grammar: AlertBodyGrammar, body: Record<string, unknown>): AlertBody {
  const source = String(body.source);
  const kept = [
    ...Object.keys(grammar.common.properties),
    ...Object.keys(grammar.sources[source].properties),
  ].filter((field) => body[field] !== undefined);
  const channels = Array.isArray(body.channels) ? (body.channels as unknown[]).map(channelOf) : undefined;
  // The production wire may name the channels only: the first is the alert's channel.
  const channel =
    body.channel === undefined && channels !== undefined ? channels[0] : channelOf(body.channel);
  return {
    ...Object.fromEntries(kept.map((field) => [field, body[field]])),
    channel,
    ...(channels === undefined ? {} : { channels }),
  } as AlertBody;
}

function channelOf(value: unknown): { type: string; webhookId: string } {
  const channel = value as Record<string, unknown>;
  return { type: String(channel.type), webhookId: String(channel.webhookId) };
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
