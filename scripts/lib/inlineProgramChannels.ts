/**
 * The Node SDK's options for the gRPC clients its programs open to an engine, which it reads each time it opens
 * one. The SDK marks the object internal, so its type declarations leave it out.
 */
interface SdkClientSettings {
  grpcClientOptions: Record<string, unknown>;
}

/**
 * Gives every gRPC client an inline program opens its own connections, so that no engine operation inherits
 * another's failed ones.
 *
 * An inline program runs in this process, once per engine operation, and connects to that operation's resource
 * monitor and engine service. The SDK never closes those clients when the program runs under the Automation API,
 * and gRPC shares connections between clients by address, process-wide. A program still registering resources
 * when its engine ends (a preview stops at the first refused check) leaves a connection that was refused at the
 * engine's port, and gRPC keeps failing fast on it while it backs off. When a later engine listens on that same
 * port (ports are reused), its program's first call fails at once with "14 UNAVAILABLE: No connection
 * established", and the SDK takes that as the program ending: the operation fails without our provider ever
 * running, or a preview succeeds having registered nothing. A local pool per client rules that out
 * (docs/decisions/0004-inline-program-grpc-channels.md).
 */
export function isolateInlineProgramChannels(): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const settings = require("@pulumi/pulumi/runtime/settings") as SdkClientSettings;
  settings.grpcClientOptions["grpc.use_local_subchannel_pool"] = 1;
}
