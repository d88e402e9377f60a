/**
 * Lines for the user, sent to the engine's Log RPC: the engine shows them in the CLI's output and diagnostics
 * as it shows any provider's messages, under the resource they name. A plugin's stderr is not enough: the
 * engine keeps those lines out of what the CLI prints. The engine passes its address as the plugin's first
 * argument.
 */
import * as grpc from "@grpc/grpc-js";
import { EngineClient } from "@pulumi/pulumi/proto/engine_grpc_pb";
import { LogRequest, LogSeverity } from "@pulumi/pulumi/proto/engine_pb";

export interface LogEntry {
  readonly severity: "info" | "warning";
  readonly message: string;
  /** The resource the line is about; none for a function's invoke, whose lines go with the stack's. */
  readonly urn?: string;
}

/** Sends one line; resolves once it is delivered (or written to stderr when it cannot be). */
export type EngineLog = (entry: LogEntry) => Promise<void>;

function writeToStderr({ severity, message }: LogEntry): void {
  console.error(severity === "warning" ? `warning: ${message}` : message);
}

/** Writes lines to stderr, for a plugin started without an engine to report to. */
export const stderrLog: EngineLog = async (entry) => writeToStderr(entry);

/** Lines sent to the engine at `engineAddress`; a line the engine does not take goes to stderr, never lost. */
export function engineLog(engineAddress: string): EngineLog {
  const engine = new EngineClient(engineAddress, grpc.credentials.createInsecure());
  return (entry) =>
    new Promise<void>((resolve) => {
      const request = new LogRequest()
        .setSeverity(entry.severity === "warning" ? LogSeverity.WARNING : LogSeverity.INFO)
        .setMessage(entry.message)
        .setUrn(entry.urn ?? "");
      engine.log(request, (error) => {
        if (error) writeToStderr(entry);
        resolve();
      });
    });
}
