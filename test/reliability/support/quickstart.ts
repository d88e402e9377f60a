/**
 * examples/quickstart, the program the fault cases run: one of each resource plus a getSeries query, pointed at a
 * dedicated emulator.
 */
import * as path from "node:path";
import type { RunningEmulator } from "../../../emulator";
import { exampleConfig } from "../../../scripts/lib/exampleConfig";
import { LocalStack } from "../../../scripts/lib/localStack";
import { stackConfigFor } from "./emulators";

const repoRoot = path.resolve(__dirname, "..", "..", "..", "..");

/** The quickstart's resources besides the stack: the five kinds, one of each. */
export const quickstartResourceCount = 5;

export function quickstartStack(emulator: RunningEmulator): Promise<LocalStack> {
  return LocalStack.create({
    projectDir: path.join(repoRoot, "examples", "quickstart"),
    programModule: path.join(repoRoot, "dist", "examples", "quickstart", "index.js"),
    config: { ...exampleConfig("quickstart", emulator.fixture), ...stackConfigFor(emulator, "off") },
  });
}
