/**
 * The plugin's entry point, run by the `pulumi-resource-clickhouse-cloud` launcher. The engine passes its own
 * address as the first argument; this provider does not call back into the engine, so it is not used.
 */
import { pluginCatalog } from "./catalog";
import { startPluginServer } from "./server";

startPluginServer(pluginCatalog()).then(
  ({ port }) => {
    // The engine reads the port from the first line of stdout; a string, so Node prints it without colour.
    process.stdout.write(`${port}\n`);
  },
  (error: unknown) => {
    console.error(`clickhouse-cloud: could not start the provider: ${String(error)}`);
    process.exit(1);
  },
);
