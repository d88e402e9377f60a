/** Assertions shared by the schema tests: one problem, on the named property, with a reason naming the rule. */
import { expect } from "chai";
import { validate } from "../../../provider/validation/validate";
import type { SchemaName, ValidationProblem } from "../../../provider/validation/validate";

export function expectValid(name: SchemaName, value: unknown): void {
  expect(validate(name, value), `${name} should accept ${JSON.stringify(value)}`).to.deep.equal([]);
}

/** Expects exactly one problem, on `property`, whose reason contains every fragment; returns it. */
export function expectOnlyProblem(
  name: SchemaName,
  value: unknown,
  property: string,
  ...reasonFragments: string[]
): ValidationProblem {
  const problems = validate(name, value);
  expect(problems.map((problem) => problem.property)).to.deep.equal([property]);
  const [problem] = problems as [ValidationProblem];
  for (const fragment of reasonFragments) {
    expect(problem.reason).to.include(fragment);
  }
  return problem;
}

/** The problem reported on `property` among possibly several; fails when there is none. */
export function problemOn(name: SchemaName, value: unknown, property: string): ValidationProblem {
  const problem = validate(name, value).find((candidate) => candidate.property === property);
  expect(problem, `a problem on ${property}`).to.not.equal(undefined);
  return problem as ValidationProblem;
}
