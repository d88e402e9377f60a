/**
 * Starts the plugin's gRPC server on a free loopback port. The engine learns the port from the plugin's first
 * line on stdout, so nothing else may be printed there before it.
 */
import * as grpc from "@grpc/grpc-js";
import { ResourceProviderService } from "@pulumi/pulumi/proto/provider_grpc_pb";
import { stderrLog, type EngineLog } from "./engineLog";
import { providerService, type PluginCatalog } from "./service";

/** Pulumi's own limit for messages between engine and plugins; a big state passes through Read and Update. */
const maxMessageBytes = 400 * 1024 * 1024;

export interface RunningPlugin {
  readonly port: number;
  close(): Promise<void>;
}

export async function startPluginServer(
  catalog: PluginCatalog,
  log: EngineLog = stderrLog,
): Promise<RunningPlugin> {
  const server = new grpc.Server({
    "grpc.max_receive_message_length": maxMessageBytes,
    "grpc.max_send_message_length": maxMessageBytes,
  });
  server.addService(ResourceProviderService, providerService(catalog, log));
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return {
    port,
    close: () => new Promise<void>((resolve) => server.tryShutdown(() => resolve())),
  };
}
