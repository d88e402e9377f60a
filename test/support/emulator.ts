import type { ConfigMap } from "@pulumi/pulumi/automation";
import { startEmulator, type RunningEmulator } from "../../emulator";

let shared: Promise<RunningEmulator> | undefined;

/**
 * The one emulator the whole mocha run shares (in this process, on a free loopback port). Dynamic-provider
 * processes started by the engine reach it over HTTP. Tests that change its settings or faults put them back.
 */
export function sharedEmulator(): Promise<RunningEmulator> {
  shared ??= startEmulator({ port: 0, provisioningDelayMs: 200 });
  return shared;
}

/** Stack config that points a program at the shared emulator, credentials as secrets. */
export async function emulatorStackConfig(): Promise<ConfigMap> {
  const { fixture } = await sharedEmulator();
  return {
    "clickhouse:apiUrl": { value: fixture.managementUrl },
    "clickhouse:organizationId": { value: fixture.organizationId },
    "clickhouse:tokenKey": { value: fixture.tokenKey },
    "clickhouse:tokenSecret": { value: fixture.tokenSecret, secret: true },
    "observability:apiUrl": { value: fixture.observabilityUrl },
    "observability:apiToken": { value: fixture.observabilityToken, secret: true },
  };
}

/** Mocha root hook: stop the shared emulator once every test has run. */
export const mochaHooks = {
  async afterAll(): Promise<void> {
    if (shared) await (await shared).close();
  },
};
