import type { ConfigMap } from "@pulumi/pulumi/automation";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { providerConfig } from "../../scripts/lib/exampleConfig";

let shared: Promise<RunningEmulator> | undefined;

/**
 * The one emulator the whole mocha run shares (in this process, on a free loopback port). Dynamic-provider
 * processes started by the engine reach it over HTTP. Tests that change its settings or faults put them back.
 */
export function sharedEmulator(): Promise<RunningEmulator> {
  shared ??= startEmulator({ port: 0, provisioningDelayMs: 200 });
  return shared;
}

/**
 * Stack config that points a program at the shared emulator, credentials as secrets. The emulator runs without
 * rate limits, so the client-side throttle is off too; the tests of rate limiting turn both on.
 */
export async function emulatorStackConfig(): Promise<ConfigMap> {
  return {
    ...providerConfig((await sharedEmulator()).fixture),
    "clickhouse:throttle": { value: "off" },
    "observability:throttle": { value: "off" },
  };
}

/** Mocha root hook: stop the shared emulator once every test has run. */
export const mochaHooks = {
  async afterAll(): Promise<void> {
    if (shared) await (await shared).close();
  },
};
