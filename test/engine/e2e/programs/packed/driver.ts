/**
 * Runs one engine operation on the program beside it, with the Automation API of the @pulumi/pulumi installed
 * beside it: a stand-in for `pulumi <command>` in a user's project, where no language-host binary exists. Prints
 * the operation's result as one JSON line.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { LocalWorkspace } from "@pulumi/pulumi/automation";

async function main(): Promise<void> {
  const [command, stackName] = process.argv.slice(2);
  const projectName = /^name:\s*(\S+)/m.exec(
    fs.readFileSync(path.join(__dirname, "Pulumi.yaml"), "utf8"),
  )![1];
  const stack = await LocalWorkspace.createOrSelectStack(
    {
      stackName,
      projectName,
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      program: async () => ({ ...(require(path.join(__dirname, "index.js")) as object) }),
    },
    { workDir: __dirname },
  );
  const operations: Record<string, () => Promise<unknown>> = {
    up: async () => (await stack.up()).outputs,
    preview: async () => (await stack.preview()).changeSummary,
    refresh: async () => (await stack.refresh()).summary.resourceChanges,
    destroy: async () => (await stack.destroy()).summary.resourceChanges,
    state: async () => stack.exportStack(),
  };
  const operation = operations[command];
  if (!operation) throw new Error(`unknown command ${command}`);
  console.log(JSON.stringify(await operation()));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
