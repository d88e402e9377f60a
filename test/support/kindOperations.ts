import type { ApiDialect } from "../../schemas";
import { providerSession } from "../../provider/host/session";
import type { OperationContext } from "../../provider/resources/operations";
import { emulatorStackConfig } from "./emulator";
import { providerOf } from "./providers";
import { configureRequestFrom } from "./stackConfig";

/**
 * The context a kind's typed operations receive, with the process's session pointed at the shared emulator of the
 * wire: for tests that call a kind's operations directly, below both front ends.
 */
export async function emulatorOperationContext(
  kind: string,
  dialect: ApiDialect = "spec",
): Promise<OperationContext> {
  await providerOf(kind).configure(configureRequestFrom(await emulatorStackConfig(dialect)));
  return providerSession.operationContext(kind);
}
