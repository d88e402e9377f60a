/**
 * examples/quickstart, the program the fault cases run: one of each resource plus a getSeries query, pointed at a
 * dedicated emulator.
 */
import type { RunningEmulator } from "../../../../emulator";
import { exampleConfig } from "../../../../scripts/lib/exampleConfig";
import { LocalStack } from "../../../../scripts/lib/localStack";
import { exampleProgram } from "../../../support/programs";
import { stackConfigFor } from "../../../support/stackConfig";

/** The quickstart's resources besides the stack: the five kinds, one of each. */
export const quickstartResourceCount = 5;

export function quickstartStack(emulator: RunningEmulator): Promise<LocalStack> {
  return LocalStack.create({
    ...exampleProgram("quickstart"),
    config: { ...exampleConfig("quickstart", emulator.fixture), ...stackConfigFor(emulator, "off") },
  });
}
