/** Request body validation shared by both APIs: the project's JSON Schemas plus state-dependent rules. */
import type { SchemaName, ValidationProblem } from "../../provider/rest/validation";
import { validate } from "../../provider/rest/validation";
import { ApiError } from "../errors";

/**
 * Throws a 400 naming every bad property (schema problems plus `extraProblems` from rules the schema cannot
 * express); returns the body typed as the caller expects.
 */
export function validBody<T>(schema: SchemaName, body: unknown, extraProblems: ValidationProblem[] = []): T {
  const schemaProblems = validate(schema, body);
  // One problem per property: the schema's own finding wins over a state-dependent rule.
  const reported = new Set(schemaProblems.map((problem) => problem.property));
  const problems = [...schemaProblems, ...extraProblems.filter((problem) => !reported.has(problem.property))];
  if (problems.length > 0) throw ApiError.invalid(problems);
  return body as T;
}
