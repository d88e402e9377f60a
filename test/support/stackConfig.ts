/**
 * Stack config for the programs and providers under test: the provider settings of an emulator's fixture, with
 * the client-side throttle off (the emulators of the tests enforce no rate limit unless a test turns it on).
 */
import type * as pulumi from "@pulumi/pulumi";
import type { ConfigMap } from "@pulumi/pulumi/automation";
import type { RunningEmulator } from "../../emulator";
import { providerConfig } from "../../scripts/lib/exampleConfig";

/** The client-side throttle off for both APIs: the test emulators have no rate limit to respect. */
export const throttleOff: ConfigMap = {
  "clickhouse:throttle": { value: "off" },
  "observability:throttle": { value: "off" },
};

/**
 * Provider settings pointing at an emulator, credentials as secrets. `throttle: "off"` suits an emulator without
 * rate limits; "default" leaves the client throttle at the APIs' published limits.
 */
export function stackConfigFor(emulator: RunningEmulator, throttle: "off" | "default" = "off"): ConfigMap {
  return { ...providerConfig(emulator.fixture), ...(throttle === "off" ? throttleOff : {}) };
}

/** The configure request the engine sends a dynamic provider for a stack with this config. */
export function configureRequestFrom(
  config: ConfigMap | Record<string, string>,
): pulumi.dynamic.ConfigureRequest {
  const values = Object.fromEntries(
    Object.entries(config).map(([key, value]) => [key, typeof value === "string" ? value : value.value]),
  );
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
