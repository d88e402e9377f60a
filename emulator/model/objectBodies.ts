/**
 * How the observability API reads the body of a webhook, saved search, dashboard or source: its zod schemas strip
 * the fields they do not declare rather than refuse them, an object id that does not parse is `Invalid ObjectId`,
 * and the body's problems and the path id's are reported in one 400 (`Body validation failed: ...; Params
 * validation failed: id: Invalid ObjectId`).
 */
import type { SchemaObject } from "ajv";
import { ApiError } from "../server/errors";
import { objectIdOf } from "./alerts";
import type { Problem } from "./problems";
import { describeProblems } from "./problems";
import { ownSchemaProblems } from "./validation";

/** The API's zod refusal of a path id that is no object id. */
export const invalidIdProblem: Problem = { property: "id", message: "Invalid ObjectId" };

/** A 400 listing the body's problems, then the path id's: the API reports both at once. */
export function invalidRequest(bodyProblems: readonly Problem[], idProblems: readonly Problem[]): ApiError {
  const parts = [
    ...(bodyProblems.length > 0 ? [`Body validation failed: ${describeProblems(bodyProblems)}`] : []),
    ...(idProblems.length > 0 ? [`Params validation failed: ${describeProblems(idProblems)}`] : []),
  ];
  return new ApiError(400, parts.join("; "));
}

/** The problems of a path id: none when it is an object id. */
export function idProblems(id: string | undefined): Problem[] {
  return id !== undefined && objectIdOf(id) === undefined ? [invalidIdProblem] : [];
}

/**
 * The problems of `body` against `schema` as the API words them, and the body with only the fields the schema
 * declares. `objectIdFields` are the paths (dotted, array indexes as numbers) whose values must be object ids.
 */
export function readBody(
  schema: SchemaObject,
  body: unknown,
  objectIdFields: RegExp,
  strictObjects?: RegExp,
): { problems: Problem[]; kept: Record<string, unknown> } {
  const problems = ownSchemaProblems(lenient(schema), body)
    .flatMap((problem) =>
      problem.message === "Unrecognized field" ? unknownField(problem, strictObjects) : [problem],
    )
    .map((problem) =>
      objectIdFields.test(problem.property) && problem.message === "Invalid format"
        ? { ...problem, message: "Invalid ObjectId" }
        : problem,
    );
  const declared = Object.keys((schema.properties as object | undefined) ?? {});
  const source = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const kept = Object.fromEntries(Object.entries(source).filter(([field]) => declared.includes(field)));
  return { problems, kept };
}

/**
 * An unknown field: dropped, unless its object is one of `strictObjects` (a zod `.strict()` object, such as a
 * dashboard filter), which refuses it in zod's words on the object's path.
 */
function unknownField(problem: Problem, strictObjects: RegExp | undefined): Problem[] {
  const cut = problem.property.lastIndexOf(".");
  const parent = cut < 0 ? "" : problem.property.slice(0, cut);
  if (strictObjects === undefined || !strictObjects.test(parent)) return [];
  const field = problem.property.slice(cut + 1);
  return [{ property: parent, message: `Unrecognized key(s) in object: '${field}'` }];
}

const lenientSchemas = new WeakMap<SchemaObject, SchemaObject>();

/** The schema with `additionalProperties: false` lifted at its top: the API drops an unknown field. */
function lenient(schema: SchemaObject): SchemaObject {
  let copy = lenientSchemas.get(schema);
  if (copy === undefined) {
    copy = { ...schema, additionalProperties: true };
    lenientSchemas.set(schema, copy);
  }
  return copy;
}
