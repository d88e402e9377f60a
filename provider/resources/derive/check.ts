import type { ApiDialect } from "../../../schemas/dialects";
import { validate, type ValidationProblem } from "../../validation/validate";
import { type PropertyBag } from "../../propertyBags";
import type { PartlyKnown } from "../partlyKnown";
import type { CheckSpec } from "./checkSpec";
import type { InputPlacement } from "../definition";
import { requestBody } from "./requestBody";

/** A problem with one input, as the engine shows it: the input's name (or "") and a sentence. */
export interface CheckFailure {
  readonly property: string;
  readonly reason: string;
}

/**
 * Validates decoded inputs at `pulumi preview`, before anything is sent. The schema and the rules see the known
 * inputs only, and any problem about an input not known yet (such as "required") is dropped: it is checked again
 * when known.
 */
export function checkInputs(
  spec: CheckSpec,
  inputs: PartlyKnown,
  dialect: ApiDialect = "spec",
  previous: PropertyBag = {},
  placement: InputPlacement = { managedClickStack: false },
): CheckFailure[] {
  const { known, unknown } = inputs;
  const bodyToInput = Object.fromEntries(
    Object.entries(spec.renamed ?? {}).map(([input, body]) => [body, input]),
  );

  const problems = [
    ...validate(spec.schema, requestBody(spec, known)).map((problem) => renameProblem(problem, bodyToInput)),
    ...[...spec.extraRules, ...(spec.dialectRules?.[dialect] ?? [])].flatMap((rule) =>
      rule(known, previous, unknown, placement),
    ),
  ].filter((problem) => !unknown.has(rootProperty(problem.property)));

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
