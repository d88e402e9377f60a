/**
 * Checks request bodies against the APIs' JSON Schemas (shared data in `schemas/`) with an ajv instance of the
 * emulator's own, and words each failure the emulator's way: `<path>: <what is wrong>`. Rules that depend on
 * stored state live beside the routes' models, not here.
 */
import Ajv from "ajv";
import type { ErrorObject, SchemaObject, ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { annotationKeywords, schemas } from "../../schemas";
import { onePerProperty, type Problem } from "./problems";

export type RequestSchemaName = keyof typeof schemas;

const ajv = new Ajv({
  allErrors: true,
  verbose: true,
  strict: true,
  allowUnionTypes: true,
  keywords: [...annotationKeywords],
});
addFormats(ajv, ["date-time", "uuid"]);

const compiled = new Map<RequestSchemaName, ValidateFunction>();

function validatorFor(name: RequestSchemaName): ValidateFunction {
  let validator = compiled.get(name);
  if (validator === undefined) {
    validator = ajv.compile(schemas[name]);
    compiled.set(name, validator);
  }
  return validator;
}

/** Every problem of `body` against schema `name`, at most one per field; empty when it conforms. */
export function schemaProblems(name: RequestSchemaName, body: unknown): Problem[] {
  return problemsOf(validatorFor(name), body);
}

const compiledOwn = new WeakMap<SchemaObject, ValidateFunction>();

/** As schemaProblems, for a schema of the emulator's own where the API reads a body differently from the shared one. */
export function ownSchemaProblems(schema: SchemaObject, body: unknown): Problem[] {
  let validator = compiledOwn.get(schema);
  if (validator === undefined) {
    validator = ajv.compile(schema);
    compiledOwn.set(schema, validator);
  }
  return problemsOf(validator, body);
}

function problemsOf(validator: ValidateFunction, body: unknown): Problem[] {
  if (validator(body)) return [];
  const errors = (validator.errors ?? []).filter((error) => error.keyword !== "if");
  return onePerProperty(errors.map(problemOf));
}

function schemaProperties(schema: unknown): Record<string, unknown> {
  const properties = (schema as { properties?: unknown } | undefined)?.properties;
  return typeof properties === "object" && properties !== null ? (properties as Record<string, unknown>) : {};
}

function problemOf(error: ErrorObject): Problem {
  const params = error.params as Record<string, unknown>;
  const base = error.instancePath.slice(1).split("/").filter(Boolean).join(".");
  const child = (name: unknown) => (base ? `${base}.${String(name)}` : String(name));
  switch (error.keyword) {
    case "required":
      return { property: child(params.missingProperty), message: "Required" };
    case "additionalProperties":
      return { property: child(params.additionalProperty), message: "Unrecognized field" };
    case "enum":
      return {
        property: base,
        message: `Invalid value; expected one of ${(params.allowedValues as unknown[]).map(String).join(", ")}`,
      };
    case "type":
      if (base === "") return { property: base, message: "The request body must be a JSON object" };
      return { property: base, message: `Expected ${String(params.type).replace(",", " or ")}` };
    case "minLength":
      return { property: base, message: `Must contain at least ${String(params.limit)} character(s)` };
    case "maxLength":
      return { property: base, message: `Must contain at most ${String(params.limit)} character(s)` };
    case "minItems":
      return { property: base, message: `Must contain at least ${String(params.limit)} element(s)` };
    case "maxItems":
      return { property: base, message: `Must contain at most ${String(params.limit)} element(s)` };
    case "minimum":
      return { property: base, message: `Must be greater than or equal to ${String(params.limit)}` };
    case "maximum":
      return { property: base, message: `Must be less than or equal to ${String(params.limit)}` };
    case "multipleOf":
      return { property: base, message: `Must be a multiple of ${String(params.multipleOf)}` };
    case "format":
      return { property: base, message: `Invalid ${String(params.format)}` };
    case "pattern":
      return { property: base, message: "Invalid format" };
    case "minProperties":
      return {
        property: base,
        message: `Must set at least one of ${Object.keys(schemaProperties(error.parentSchema)).join(", ")}`,
      };
    default:
      return { property: base, message: `Invalid value (${error.keyword})` };
  }
}
