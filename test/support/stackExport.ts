/** What a user can see of a stack on disk: `pulumi stack export` as run by hand, and the backend's files. */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import type { LocalWorkspace } from "@pulumi/pulumi/automation";
import type { LocalStack } from "../../scripts/lib/localStack";
import { pulumiCommand } from "../../scripts/lib/pulumiCli";

const execFileAsync = promisify(execFile);

/** `pulumi stack export` without --show-secrets (LocalStack.exportState adds it through the Automation API). */
export async function plainStackExport(stack: LocalStack): Promise<string> {
  const workspace = stack.stack.workspace as LocalWorkspace;
  const { stdout } = await execFileAsync(
    (await pulumiCommand()).command,
    ["stack", "export", "--stack", stack.stack.name],
    {
      cwd: workspace.workDir,
      env: { ...process.env, ...workspace.envVars },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return stdout;
}

/** Every file under `dir` (checkpoints, history, backups of a file backend). */
export function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * The places a secret must never appear in plain text: the plain export, every file of the state backend and the
 * engine's output so far, each as [name, text].
 */
export async function placesSecretsMustNotBe(stack: LocalStack): Promise<Array<[string, string]>> {
  return [
    ["pulumi stack export", await plainStackExport(stack)],
    ...filesUnder(stack.backendDir).map((file): [string, string] => [file, fs.readFileSync(file, "utf8")]),
    ["the engine's output", stack.logs.map((log) => log.stdout + log.stderr).join("\n")],
  ];
}
