/**
 * The progress lines of resource operations (a service woken up, an endpoint waiting for acceptance, a create
 * reconciled after a lost answer), sent to the engine under the URN of the resource whose operation printed
 * them. A dynamic provider's stderr reaches the user; the native plugin's does not, so the plugin routes them.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { inPluginWords } from "../settings/pluginKeys";
import type { EngineLog } from "./engineLog";

interface Operation {
  readonly urn: string;
  /** Lines sent and not yet acknowledged: the operation answers the engine only after they arrive. */
  readonly sending: Promise<void>[];
}

const current = new AsyncLocalStorage<Operation>();

/**
 * Runs one operation of the resource `urn` (empty for an invoke); its progress lines are delivered before it
 * answers, so the engine shows them with the operation rather than after it.
 */
export async function withOperationLog<T>(urn: string, run: () => Promise<T>): Promise<T> {
  const operation: Operation = { urn, sending: [] };
  try {
    return await current.run(operation, run);
  } finally {
    await Promise.all(operation.sending);
  }
}

/**
 * A progress reporter for the resource operations: a line starting "warning: " is a warning, any other an
 * info line with its kind in front, as the dynamic provider prints it. Settings the lines name are the plugin's.
 */
export function progressToEngine(log: EngineLog): (kind: string, message: string) => void {
  const warningPrefix = "warning: ";
  return (kind, line) => {
    const operation = current.getStore();
    const message = inPluginWords(line);
    const entry = message.startsWith(warningPrefix)
      ? { severity: "warning" as const, message: message.slice(warningPrefix.length) }
      : { severity: "info" as const, message: `[${kind}] ${message}` };
    const sent = log({ ...entry, urn: operation?.urn || undefined });
    operation?.sending.push(sent);
  };
}
