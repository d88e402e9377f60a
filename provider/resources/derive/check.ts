import type { ApiDialect } from "../../../schemas/dialects";
import { validate, type SchemaName, type ValidationProblem } from "../../validation/validate";
import { isUnknown } from "../../propertyEncoding";
import { type PropertyBag } from "../../propertyBags";
import { requestBody } from "./requestBody";

/** How one resource's inputs map onto the request body its schema describes. */
export interface CheckSpec {
  /** The request schema the body must satisfy. */
  readonly schema: SchemaName;
  /** Inputs that are not body fields (path parameters, adoption ids, triggers); validated by `extraRules`. */
  readonly nonBodyInputs: readonly string[];
  /** Inputs the body names differently, e.g. `{ endpointId: "id" }` because Pulumi reserves `id`. */
  readonly renamed?: Readonly<Record<string, string>>;
  /** Rules on inputs beyond the schema; each returns the problems it finds. */
  readonly extraRules: readonly ((inputs: PropertyBag, previous?: PropertyBag) => ValidationProblem[])[];
  /** Rules of one wire only. */
  readonly dialectRules?: Partial<
    Record<ApiDialect, readonly ((inputs: PropertyBag, previous?: PropertyBag) => ValidationProblem[])[]>
  >;
}

/** A problem with one input, as the engine shows it: the input's name (or "") and a sentence. */
export interface CheckFailure {
  readonly property: string;
  readonly reason: string;
}

/**
 * Validates decoded inputs at `pulumi preview`, before anything is sent. Values not known yet are left out of the
 * body, and any problem about them (such as "required") is dropped: they are checked again when known.
 */
export function checkInputs(
  spec: CheckSpec,
  inputs: PropertyBag,
  dialect: ApiDialect = "spec",
  previous: PropertyBag = {},
): CheckFailure[] {
  const unknownKeys = Object.keys(inputs).filter((key) => isUnknown(inputs[key]));
  const known = Object.fromEntries(Object.entries(inputs).filter(([key]) => !unknownKeys.includes(key)));
  const bodyToInput = Object.fromEntries(
    Object.entries(spec.renamed ?? {}).map(([input, body]) => [body, input]),
  );

  const problems = [
    ...validate(spec.schema, requestBody(spec, known)).map((problem) => renameProblem(problem, bodyToInput)),
    ...[...spec.extraRules, ...(spec.dialectRules?.[dialect] ?? [])].flatMap((rule) => rule(known, previous)),
  ].filter((problem) => !unknownKeys.includes(rootProperty(problem.property)));

  return engineFailures(problems);
}

/**
 * Failures as the engine shows them. The engine prints a failure's property with that input's value, looked up by
 * the property as a top-level key: for a nested path (`ipAccessList[0].source`) it finds nothing and prints
 * `value {<nil>}`. So a nested failure goes without a property, and its reason, which the engine prints as the
 * resource's problem, names the path.
 */
function engineFailures(failures: readonly CheckFailure[]): CheckFailure[] {
  return failures.map(({ property, reason }) => {
    if (rootProperty(property) === property) return { property, reason };
    return { property: "", reason: reason.startsWith(property) ? reason : `${property}: ${reason}` };
  });
}

function rootProperty(property: string): string {
  return property.split(/[.[]/, 1)[0];
}

function renameProblem(problem: ValidationProblem, bodyToInput: Record<string, string>): ValidationProblem {
  const root = rootProperty(problem.property);
  const input = bodyToInput[root];
  if (input === undefined) return problem;
  return {
    property: input + problem.property.slice(root.length),
    reason: problem.reason.replace(new RegExp(`^${root}\\b`), input),
  };
}
