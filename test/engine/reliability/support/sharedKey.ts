/**
 * What the tests of one API key shared by parallel pipelines have in common: their program (N API keys), the limit's
 * window they run under, and the test's own reads of the emulator, made outside the key's budget.
 */
import * as path from "node:path";
import type { RunningEmulator } from "../../../../emulator";
import type { DirectApi } from "./directApi";
import { remoteInventory, type Inventory } from "./inventory";

/** The program: `e2e:keyCount` API keys named after `e2e:pipeline`. */
export const sharedKeyProgram = {
  projectDir: path.resolve(__dirname, "../../../../../test/engine/reliability/programs/shared-key"),
  programModule: path.join(__dirname, "..", "programs", "shared-key", "index.js"),
};

/**
 * The management API's limit has the real shape, 10 requests per window per key, with a 2 s window instead of
 * 10 s so that 80 creates take about 16 s rather than 80 s; the provider's throttle is set to the same limit.
 * (`npm run bench` measures the same runs at the real 10 s window.)
 */
export const sharedKeyWindowMs = 2_000;

/** The test's own reads, with the limits off meanwhile so that they use none of the stacks' budget. */
export async function inventoryOffBudget(emulator: RunningEmulator, api: DirectApi): Promise<Inventory> {
  await emulator.control.updateSettings({ rateLimits: false });
  try {
    return await remoteInventory(api);
  } finally {
    await emulator.control.updateSettings({ rateLimits: true });
  }
}
