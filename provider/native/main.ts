/**
 * The plugin's entry point, run by the `pulumi-resource-clickhouse-cloud` launcher. The engine passes its own
 * address as the first argument; lines for the user (warnings, progress) go to its Log RPC.
 */
import { pluginCatalog } from "./catalog";
import { reportProgressWith } from "../host/progress";
import { engineLog, stderrLog } from "./engineLog";
import { progressToEngine } from "./operationLog";
import { startPluginServer } from "./server";

const engineAddress = process.argv[2];
const log = engineAddress ? engineLog(engineAddress) : stderrLog;
reportProgressWith(progressToEngine(log));

startPluginServer(pluginCatalog(), log).then(
  ({ port }) => {
    // The engine reads the port from the first line of stdout; a string, so Node prints it without colour.
    process.stdout.write(`${port}\n`);
  },
  (error: unknown) => {
    console.error(`clickhouse-cloud: could not start the provider: ${String(error)}`);
    process.exit(1);
  },
);
