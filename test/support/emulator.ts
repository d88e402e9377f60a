/**
 * The emulators the tests run against, all in this process on free loopback ports: the one the whole mocha run
 * shares, a dedicated one for a case that changes faults, limits or delays, and one per suite reset before each
 * test.
 */
import type { ConfigMap } from "@pulumi/pulumi/automation";
import { startEmulator, type EmulatorOptions, type RunningEmulator } from "../../emulator";
import { stackConfigFor } from "./stackConfig";

/** A fresh emulator; 200 ms of provisioning (reverse private endpoints) unless told otherwise. */
export function dedicatedEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  return startEmulator({ port: 0, provisioningDelayMs: 200, ...options });
}

let shared: Promise<RunningEmulator> | undefined;

/**
 * The one emulator the whole mocha run shares. Dynamic-provider processes started by the engine reach it over
 * HTTP. Tests that change its settings or faults put them back.
 */
export function sharedEmulator(): Promise<RunningEmulator> {
  shared ??= dedicatedEmulator();
  return shared;
}

/**
 * Stack config that points a program at the shared emulator, credentials as secrets. The emulator runs without
 * rate limits, so the client-side throttle is off too; the tests of rate limiting turn both on.
 */
export async function emulatorStackConfig(): Promise<ConfigMap> {
  return stackConfigFor(await sharedEmulator());
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
    if (shared) await (await shared).close();
  },
};
