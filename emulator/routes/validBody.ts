/** Request body validation shared by both APIs: the APIs' JSON Schemas plus state-dependent rules. */
import { ApiError } from "../server/errors";
import { onePerProperty, type Problem } from "../model/problems";
import { schemaProblems, type RequestSchemaName } from "../model/validation";

/**
 * Throws a 400 naming every bad field (schema problems first, then `extraProblems` from rules the schema cannot
 * express, one per field); returns the body typed as the caller expects.
 */
export function validBody<T>(schema: RequestSchemaName, body: unknown, extraProblems: Problem[] = []): T {
  const problems = onePerProperty([...schemaProblems(schema, body), ...extraProblems]);
  if (problems.length > 0) throw ApiError.invalid(problems);
  return body as T;
}
