/**
 * A rule a request broke, as the emulator words it. The emulator keeps its own wording, apart from the
 * provider's, so that a test comparing the two catches a mistake on either side.
 */
export interface Problem {
  /** Dotted path of the offending field, e.g. `channel.webhookId` or `series.2.aggFn`; "" for the body itself. */
  property: string;
  /** What is wrong with it, without the path. */
  message: string;
}

/** "a: message; b: message", the order in which the rules found them. */
export function describeProblems(problems: readonly Problem[]): string {
  return problems
    .map((problem) => (problem.property ? `${problem.property}: ${problem.message}` : problem.message))
    .join("; ");
}

/** Keeps the first problem of each property: a value that fails its type need not also fail its range. */
export function onePerProperty(problems: readonly Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    if (seen.has(problem.property)) return false;
    seen.add(problem.property);
    return true;
  });
}
