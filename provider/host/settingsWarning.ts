/**
 * The warning of a check whose API settings are incomplete. A preview only checks and diffs, so it would pass
 * ("+ 3 to create") on a stack that `up` then refuses; the warning names each missing key and the command that
 * sets it, once per run and API, and the preview itself still succeeds.
 */
import type { ResourceDefinition } from "../resources/definition";
import type { GivenPlacement, ProviderSession } from "./session";
import { progressOf } from "./progress";

const warned = new Set<string>();

export function warnOfIncompleteSettings(
  session: ProviderSession,
  definition: ResourceDefinition,
  given: GivenPlacement,
): void {
  const problem = session.settingsProblem(definition.module, given);
  if (problem === undefined || warned.has(problem.message)) return;
  warned.add(problem.message);
  const lines = problem.problems.map(
    ({ key, envVar, problem: what }) => `  - ${key} (or env ${envVar}): ${what}`,
  );
  progressOf(definition.kind)(
    `warning: the settings of the ${problem.api} are incomplete: \`pulumi up\` will fail until they are set.\n` +
      lines.join("\n"),
  );
}
