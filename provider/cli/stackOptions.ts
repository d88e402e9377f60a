/** The options `orphans` and `export` share: the stacks that track objects, and services to look into. */
import { idFormProblems } from "../resources/fields/idForms";
import { UsageError } from "./usageError";

export interface StackOptions {
  readonly stacks: string[];
  readonly services: string[];
}

/** At least one `--stack`; every `--service` a uuid. */
export function stackOptions(values: { stack?: string[]; service?: string[] }): StackOptions {
  const stacks = values.stack ?? [];
  if (stacks.length === 0) {
    throw new UsageError("name the stacks whose state tracks the objects: --stack <name> (repeatable)");
  }
  const services = values.service ?? [];
  for (const service of services) {
    const [problem] = idFormProblems("--service", "uuid", service);
    if (problem !== undefined) throw new UsageError(problem.reason);
  }
  return { stacks, services };
}
