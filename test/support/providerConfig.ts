import type * as pulumi from "@pulumi/pulumi";
import { emulatorStackConfig } from "./emulator";
import { configureRequestFrom } from "./stackConfig";

/**
 * The configure request the engine would send a dynamic provider for a stack pointed at the shared emulator,
 * for provider-level tests that call a provider's methods directly.
 */
export async function emulatorConfigureRequest(): Promise<pulumi.dynamic.ConfigureRequest> {
  return configureRequestFrom(await emulatorStackConfig());
}
