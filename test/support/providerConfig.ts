import type * as pulumi from "@pulumi/pulumi";
import type { Fixture } from "../../emulator";
import { providerConfig } from "../../scripts/lib/exampleConfig";
import { emulatorStackConfig } from "./emulator";
import { providerOf } from "./providers";
import { configureRequestFrom, throttleOff } from "./stackConfig";

/**
 * The configure request the engine would send a dynamic provider for a stack pointed at the shared emulator,
 * for provider-level tests that call a provider's methods directly.
 */
export async function emulatorConfigureRequest(): Promise<pulumi.dynamic.ConfigureRequest> {
  return configureRequestFrom(await emulatorStackConfig());
}

/**
 * Points the dynamic providers of `kinds` at a canned loopback server (both APIs at its URL, placeholder credentials,
 * no client throttle) and returns what points them back at the shared emulator, for the tests that follow.
 */
export async function configureKindsForCannedServer(
  kinds: readonly string[],
  url: string,
  organizationId: string,
): Promise<() => Promise<void>> {
  const settings = {
    managementUrl: url,
    organizationId,
    tokenKey: "canned-key-id",
    tokenSecret: "canned-key-secret",
    observabilityUrl: url,
    observabilityToken: "canned-token",
    dialect: "spec",
  } as Fixture;
  const request = configureRequestFrom({ ...providerConfig(settings), ...throttleOff });
  for (const kind of kinds) await providerOf(kind).configure(request);
  return async () => {
    const restored = await emulatorConfigureRequest();
    for (const kind of kinds) await providerOf(kind).configure(restored);
  };
}
