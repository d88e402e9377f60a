/**
 * The emulators the tests run against, all in this process on free loopback ports: the one the whole mocha run
 * shares, a dedicated one for a case that changes faults, limits or delays, and one per suite reset before each
 * test.
 */
import type { ConfigMap } from "@pulumi/pulumi/automation";
import { startEmulator, type EmulatorOptions, type RunningEmulator } from "../../emulator";
import { apiDialects, type ApiDialect } from "../../schemas/dialects";
import { stackConfigFor } from "./stackConfig";

/** A fresh emulator; 200 ms of provisioning (reverse private endpoints) unless told otherwise. */
export function dedicatedEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  return startEmulator({ port: 0, provisioningDelayMs: 200, ...options });
}

const shared = new Map<ApiDialect, Promise<RunningEmulator>>();

/**
 * The one emulator of a wire the whole mocha run shares (the specification's unless told). Dynamic-provider
 * processes started by the engine reach it over HTTP. Tests that change its settings or faults put them back.
 */
export function sharedEmulator(dialect: ApiDialect = "spec"): Promise<RunningEmulator> {
  let emulator = shared.get(dialect);
  if (emulator === undefined) {
    emulator = dedicatedEmulator({ dialect });
    shared.set(dialect, emulator);
  }
  return emulator;
}

/**
 * Stack config that points a program at the shared emulator of a wire, credentials as secrets and the dialect
 * settings set. The emulator runs without rate limits, so the client-side throttle is off too; the tests of rate
 * limiting turn both on.
 */
export async function emulatorStackConfig(dialect: ApiDialect = "spec"): Promise<ConfigMap> {
  return stackConfigFor(await sharedEmulator(dialect));
}

/** Registers `suite` once per wire: a lifecycle that passes on the specification's wire must pass on production's. */
export function forEachDialect(suite: (dialect: ApiDialect) => void): void {
  for (const dialect of apiDialects) suite(dialect);
}

/**
 * One emulator for a describe block: started before its first test, reset to its fixture (store, faults and
 * request log) before each test, stopped after the last.
 */
export function useEmulator(options: EmulatorOptions = {}): { readonly emulator: RunningEmulator } {
  let running: RunningEmulator | undefined;
  before(async () => {
    running = await startEmulator(options);
  });
  beforeEach(async () => {
    const { control } = running!;
    await control.reset();
    await control.clearFaults();
    await control.clearRequests();
  });
  after(async () => {
    await running?.close();
  });
  return {
    get emulator(): RunningEmulator {
      if (running === undefined)
        throw new Error("the emulator has not started: use it inside a test or hook");
      return running;
    },
  };
}

/** Mocha root hook: stop the shared emulator once every test has run. */
export const mochaHooks = {
  async afterAll(): Promise<void> {
    for (const emulator of shared.values()) await (await emulator).close();
  },
};
