import type * as pulumi from "@pulumi/pulumi";
import { sharedEmulator } from "./emulator";

/**
 * The configure request the engine would send a dynamic provider for a stack pointed at the shared emulator,
 * for provider-level tests that call a provider's methods directly.
 */
export async function emulatorConfigureRequest(): Promise<pulumi.dynamic.ConfigureRequest> {
  const { fixture } = await sharedEmulator();
  const values: Record<string, string> = {
    "clickhouse:apiUrl": fixture.managementUrl,
    "clickhouse:organizationId": fixture.organizationId,
    "clickhouse:tokenKey": fixture.tokenKey,
    "clickhouse:tokenSecret": fixture.tokenSecret,
    "observability:apiUrl": fixture.observabilityUrl,
    "observability:apiToken": fixture.observabilityToken,
    // The shared emulator runs without rate limits; the client-side throttle would only slow the tests down.
    "clickhouse:throttle": "off",
    "observability:throttle": "off",
  };
  return {
    config: {
      get: (key) => values[key],
      require: (key) => {
        const value = values[key];
        if (value === undefined) throw new Error(`Missing required configuration key: ${key}`);
        return value;
      },
    },
  };
}
