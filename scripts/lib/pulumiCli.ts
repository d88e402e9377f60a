import * as path from "node:path";
import { PulumiCommand } from "@pulumi/pulumi/automation";

/**
 * The real Pulumi CLI that tests, the demo and the benchmarks drive. `scripts/bootstrap.sh` runs `scripts/ensure-pulumi.sh` and passes the directory
 * that holds the binary in PULUMI_CLI_DIR; the cache layout (`<root>/bin/pulumi`) is what PulumiCommand expects.
 */
export function pulumiCliDir(): string {
  const dir = process.env.PULUMI_CLI_DIR;
  if (!dir) {
    throw new Error(
      "PULUMI_CLI_DIR is not set: run through `npm test` or `npm run demo`, which build or find the Pulumi CLI first " +
        "(scripts/ensure-pulumi.sh prints the directory to use).",
    );
  }
  return dir;
}

let command: Promise<PulumiCommand> | undefined;

/** One PulumiCommand per process; its version check runs once. */
export function pulumiCommand(): Promise<PulumiCommand> {
  command ??= PulumiCommand.get({ root: path.dirname(pulumiCliDir()) });
  return command;
}
