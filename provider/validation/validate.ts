/**
 * Validates request bodies and responses against the JSON Schemas of schemas/ and turns ajv's errors
 * into one human sentence per bad property, e.g. "numReplicas must be an integer between 1 and 20; got 30".
 * Used by the resources' `check` and the REST layer, so both word problems the same way.
 */
import type { ErrorObject } from "ajv";
import { ruleKeyword, schemas } from "../../schemas";
import { seriesRules } from "./seriesRules";
import { columnsWithFieldMappings, exactlyOneSourceFamily } from "./clickPipeRules";
import type { ValidationProblem } from "./problem";
import { isPlainObject } from "../propertyBags";
import { pointerSegments, schemaPathFromRoot } from "./schemaPath";

export type { ValidationProblem } from "./problem";

export type SchemaName = keyof typeof schemas;

export class RequestValidationError extends Error {
  readonly problems: ValidationProblem[];

  constructor(what: string, problems: ValidationProblem[]) {
    super(`${what} is invalid: ${describeProblems(problems)}`);
    this.name = "RequestValidationError";
    this.problems = problems;
  }
}

/** Returns every problem of `value` against schema `name`, one per bad property; empty when valid. */
export function validate(name: SchemaName, value: unknown): ValidationProblem[] {
  const validateFunction = compiledValidator(name);
  if (validateFunction(value)) {
    return crossFieldProblems(name, value, new Set());
  }
  const referenceSites = compiledModule().referenceSites[name];
  const problems = problemsFromErrors(validateFunction.errors ?? [], schemas[name], referenceSites);
  const reported = new Set(problems.map((problem) => problem.property));
  return [...problems, ...crossFieldProblems(name, value, reported)];
}

/** Throws a RequestValidationError listing every problem; `what` names the checked thing for the message. */
export function assertValid(name: SchemaName, value: unknown, what: string): void {
  const problems = validate(name, value);
  if (problems.length > 0) {
    throw new RequestValidationError(what, problems);
  }
}

/** "a: reason; b: reason" */
export function describeProblems(problems: ValidationProblem[]): string {
  return problems
    .map((problem) => (problem.property ? `${problem.property}: ${problem.reason}` : problem.reason))
    .join("; ");
}

// ---- compiled validators -----------------------------------------------------------------------------

/** A validate function of ajv's standalone code: same results and errors as one ajv compiles at run time. */
type CompiledValidator = ((value: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * The module `npm run build` writes beside this one: a validate function per schema, and per schema the JSON
 * pointers of the places where its validator calls the function of a subschema compiled once for every place that
 * repeats it.
 */
type CompiledModule = Record<SchemaName, CompiledValidator> & {
  referenceSites: Record<SchemaName, readonly string[]>;
};

let compiledValidators: CompiledModule | undefined;

/**
 * The schemas are compiled at build time (scripts/generate/validators.ts, with the options that decide the
 * errors: every error, verbose, the annotation keyword), so the provider's process neither loads ajv's compiler
 * nor compiles a schema before its first check. Loaded on first use: a process that validates nothing does not
 * pay for it.
 */
function compiledModule(): CompiledModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  compiledValidators ??= require("./validators.generated") as CompiledModule;
  return compiledValidators;
}

function compiledValidator(name: SchemaName): CompiledValidator {
  return compiledModule()[name];
}

// ---- cross-field rules: what a JSON Schema cannot say cleanly ------------------------------------------

interface CrossFieldRule {
  /** Skipped when any of these already has a problem: one problem per property, about its own value first. */
  fields: readonly string[];
  check(body: Record<string, unknown>): ValidationProblem | ValidationProblem[] | undefined;
}

const memoryBoundsInOrder: CrossFieldRule = {
  fields: ["minReplicaMemoryGb", "maxReplicaMemoryGb"],
  check: ({ minReplicaMemoryGb: min, maxReplicaMemoryGb: max }) =>
    typeof min === "number" && typeof max === "number" && min > max
      ? {
          property: "maxReplicaMemoryGb",
          reason: `maxReplicaMemoryGb must be at least minReplicaMemoryGb (${min}); got ${max}`,
        }
      : undefined,
};

const crossFieldRules: { readonly [name in SchemaName]?: readonly CrossFieldRule[] } = {
  replicaScalingUpdate: [memoryBoundsInOrder],
  replicaScalingUpdateProduction: [memoryBoundsInOrder],
  seriesQuery: [
    {
      fields: ["startTime", "endTime"],
      check: ({ startTime: start, endTime: end }) =>
        typeof start === "number" && typeof end === "number" && start >= end
          ? { property: "endTime", reason: `endTime must be later than startTime (${start}); got ${end}` }
          : undefined,
    },
    { fields: ["series"], check: ({ series }) => seriesRules(series) },
  ],
  clickPipeCreate: [{ fields: ["source"], check: ({ source }) => exactlyOneSourceFamily(source) }],
  clickPipeCreateInputs: [{ fields: ["source"], check: ({ source }) => exactlyOneSourceFamily(source) }],
  clickPipeUpdate: [{ fields: ["fieldMappings", "destination"], check: columnsWithFieldMappings }],
};

function crossFieldProblems(name: SchemaName, value: unknown, reported: Set<string>): ValidationProblem[] {
  if (!isPlainObject(value)) {
    return [];
  }
  const problems: ValidationProblem[] = [];
  for (const rule of crossFieldRules[name] ?? []) {
    if (rule.fields.some((field) => reported.has(field))) {
      continue;
    }
    const found = [rule.check(value) ?? []].flat();
    problems.push(...found.filter((problem) => !reported.has(problem.property)));
  }
  return problems;
}

// ---- from ajv errors to sentences ---------------------------------------------------------------------

/** Errors about a child property (its absence or its presence), rather than about the value at the path. */
const childKeywords = new Set(["required", "additionalProperties"]);

/** An error with the path of its keyword from the root schema, references followed. */
interface LocatedError {
  readonly error: ErrorObject;
  readonly schemaPath: readonly string[];
}

/**
 * One problem per bad property from the errors of a validator compiled with `allErrors` and `verbose` (the
 * failing value and its schema on each error), worded from the rules (x-rule) and branch conditions of
 * `rootSchema`, the schema the validator was compiled from. `referenceSites` are the places where that validator
 * calls the function of a referenced subschema (./schemaPath.ts), none when it was compiled from the schema as
 * written.
 */
export function problemsFromErrors(
  errors: ErrorObject[],
  rootSchema: object,
  referenceSites: readonly string[] = [],
): ValidationProblem[] {
  const errorsByProperty = new Map<string, LocatedError[]>();
  for (const error of errors) {
    // "must match then schema" only repeats the errors of the branch, which are reported instead.
    if (error.keyword === "if") {
      continue;
    }
    const property = propertyPath(error);
    const located = {
      error,
      schemaPath: schemaPathFromRoot(error.schemaPath, error.instancePath, rootSchema, referenceSites),
    };
    errorsByProperty.set(property, [...(errorsByProperty.get(property) ?? []), located]);
  }
  return [...errorsByProperty].map(([property, propertyErrors]) => ({
    property,
    reason: reasonFor(property, propertyErrors, rootSchema),
  }));
}

/** Picks the single most useful sentence among the errors of one property. */
function reasonFor(property: string, errors: LocatedError[], rootSchema: object): string {
  const conditional: Array<{ error: ErrorObject; condition: string }> = [];
  const plain: LocatedError[] = [];
  for (const located of errors) {
    const condition = conditionOf(located.schemaPath, rootSchema);
    if (condition === undefined) {
      plain.push(located);
    } else {
      conditional.push({ error: located.error, condition });
    }
  }
  for (const { error, schemaPath } of plain) {
    const rule = childKeywords.has(error.keyword) ? undefined : ruleOf(schemaPath, rootSchema);
    if (rule !== undefined) {
      return `${property} ${rule}${got(property, error.data)}`;
    }
  }
  const typeError = plain.map(({ error }) => error).find((error) => error.keyword === "type");
  if (typeError !== undefined) {
    return describeError(property, typeError);
  }
  const [firstConditional] = conditional;
  if (firstConditional !== undefined) {
    const { error, condition } = firstConditional;
    const value = error.keyword === "required" ? "" : got(property, error.data);
    return `${property} is required when ${condition}${value}`;
  }
  return describeError(property, (plain[0] as LocatedError).error);
}

function describeError(property: string, error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const value = error.data;
  const subject = property === "" ? "the body" : property;
  const gotValue = got(property, value);
  const count = (n: unknown, noun: string) => `${String(n)} ${noun}${n === 1 ? "" : "s"}`;
  switch (error.keyword) {
    case "required":
      return `${property} is required`;
    case "additionalProperties":
      return `${property} is not a known property`;
    case "type":
      return `${subject} must be ${typePhrase(params.type)}${gotValue}`;
    case "enum":
      return `${subject} must be ${oneOf(params.allowedValues as unknown[])}${gotValue}`;
    case "const":
      return `${subject} must be ${listed(params.allowedValue)}${gotValue}`;
    case "minLength":
      return params.limit === 1
        ? `${subject} must not be empty`
        : `${subject} must be at least ${count(params.limit, "character")}${gotLength(property, value)}`;
    case "maxLength":
      return `${subject} must be at most ${count(params.limit, "character")}${gotLength(property, value)}`;
    case "minimum":
      return `${subject} must be at least ${String(params.limit)}${gotValue}`;
    case "maximum":
      return `${subject} must be at most ${String(params.limit)}${gotValue}`;
    case "exclusiveMinimum":
      return `${subject} must be greater than ${String(params.limit)}${gotValue}`;
    case "exclusiveMaximum":
      return `${subject} must be less than ${String(params.limit)}${gotValue}`;
    case "multipleOf":
      return `${subject} must be a multiple of ${String(params.multipleOf)}${gotValue}`;
    case "pattern":
      return `${subject} must match the pattern ${String(params.pattern)}${gotValue}`;
    case "format":
      return `${subject} must be ${formatPhrase(String(params.format))}${gotValue}`;
    case "minItems":
      return `${subject} must contain at least ${count(params.limit, "element")}${gotLength(property, value)}`;
    case "maxItems":
      return `${subject} must contain at most ${count(params.limit, "element")}${gotLength(property, value)}`;
    case "uniqueItems":
      return `${subject} must not contain duplicates${duplicate(property, value, params.i)}`;
    case "minProperties":
      return params.limit === 1
        ? `${subject} must set at least one of ${knownProperties(error)}`
        : `${subject} must set at least ${String(params.limit)} of ${knownProperties(error)}`;
    default:
      return `${subject} ${error.message ?? "is invalid"}${gotValue}`;
  }
}

function typePhrase(type: unknown): string {
  const types = Array.isArray(type) ? type.map(String) : String(type).split(",");
  const withArticle = (name: string) =>
    name === "null" ? "null" : `${/^[aeiou]/.test(name) ? "an" : "a"} ${name}`;
  return types.map(withArticle).join(" or ");
}

function oneOf(allowedValues: unknown[]): string {
  const names = allowedValues.map(listed);
  return names.length === 1 ? names.join("") : `one of ${names.join(", ")}`;
}

function formatPhrase(format: string): string {
  const phrases: Record<string, string> = { "date-time": "an ISO 8601 date-time", uuid: "a UUID" };
  return phrases[format] ?? `a valid ${format}`;
}

function knownProperties(error: ErrorObject): string {
  const parent = error.parentSchema as { properties?: Record<string, unknown> } | undefined;
  return Object.keys(parent?.properties ?? {}).join(", ");
}

// ---- schema lookups -----------------------------------------------------------------------------------

function propertyPath(error: ErrorObject): string {
  const segments = pointerSegments(error.instancePath);
  if (error.keyword === "required") {
    segments.push(String(error.params.missingProperty));
  } else if (error.keyword === "additionalProperties") {
    segments.push(String(error.params.additionalProperty));
  }
  return segments
    .map((segment, index) => (/^\d+$/.test(segment) ? `[${segment}]` : index === 0 ? segment : `.${segment}`))
    .join("");
}

/** The schema nodes along an error's schema path, root first, the failing keyword's value excluded. */
function schemaNodesOf(schemaPath: readonly string[], rootSchema: object): Array<Record<string, unknown>> {
  const segments = schemaPath.slice(0, -1);
  const nodes: Array<Record<string, unknown>> = [rootSchema as Record<string, unknown>];
  for (const segment of segments) {
    const next = (nodes[nodes.length - 1] as Record<string, unknown>)[segment];
    if (!isPlainObject(next) && !Array.isArray(next)) {
      break;
    }
    nodes.push(next as Record<string, unknown>);
  }
  return nodes;
}

/** The human rule (x-rule annotation) of the innermost schema on the error's path that has one. */
export function ruleOf(schemaPath: readonly string[], rootSchema: object): string | undefined {
  const rules = schemaNodesOf(schemaPath, rootSchema)
    .map((node) => node[ruleKeyword])
    .filter((rule): rule is string => typeof rule === "string");
  return rules[rules.length - 1];
}

/**
 * For an error raised inside a `then` branch, the branch's condition in words ("type is VPC_RESOURCE"),
 * read from the constants of the matching `if`; undefined for any other error.
 */
export function conditionOf(schemaPath: readonly string[], rootSchema: object): string | undefined {
  const thenIndex = schemaPath.lastIndexOf("then");
  if (thenIndex < 0) {
    return undefined;
  }
  const nodes = schemaNodesOf(schemaPath, rootSchema);
  const branchOwner = nodes[thenIndex];
  const condition = branchOwner?.if as { properties?: Record<string, { const?: unknown }> } | undefined;
  const clauses = Object.entries(condition?.properties ?? {})
    .filter(([, schema]) => schema.const !== undefined)
    .map(([field, schema]) => `${field} is ${listed(schema.const)}`);
  return clauses.length > 0 ? clauses.join(" and ") : undefined;
}

// ---- quoting values -----------------------------------------------------------------------------------

const longestQuotedString = 60;

/**
 * Properties whose values are never echoed: they may hold key secrets, hashes of them or tokens, or a webhook's
 * header and query parameter values (which carry its credentials).
 */
function isSecretProperty(property: string): boolean {
  return /secret|hash|token/i.test(property) || /^(headers|queryParams)\./.test(property);
}

function got(property: string, value: unknown): string {
  return isSecretProperty(property) ? "" : `; got ${quoted(value)}`;
}

function gotLength(property: string, value: unknown): string {
  const length = typeof value === "string" || Array.isArray(value) ? value.length : undefined;
  return isSecretProperty(property) || length === undefined ? "" : `; got ${length}`;
}

function duplicate(property: string, value: unknown, index: unknown): string {
  if (isSecretProperty(property) || !Array.isArray(value) || typeof index !== "number") {
    return "";
  }
  return `; got ${quoted(value[index])} twice`;
}

/** A value as quoted in a message: strings in JSON quotes (cut when long), objects and arrays summarized. */
function quoted(value: unknown): string {
  if (typeof value === "string") {
    return value.length > longestQuotedString
      ? `${JSON.stringify(value.slice(0, longestQuotedString))}… (${value.length} characters)`
      : JSON.stringify(value);
  }
  if (Array.isArray(value)) {
    return `an array of ${value.length} element${value.length === 1 ? "" : "s"}`;
  }
  if (isPlainObject(value)) {
    return "an object";
  }
  return value === undefined ? "nothing" : String(value);
}

/** An allowed value in a list: strings bare (as in the API docs), anything else as JSON. */
function listed(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}
