/** The package's own command, `pulumi-clickhouse-cloud <args>`, run as a user runs it in a project's directory. */
import { execFile } from "node:child_process";
import * as path from "node:path";
import { repoRoot } from "../../../support/programs";
import type { CliProject } from "./cliProject";

const bin = path.join(repoRoot, "dist", "provider", "cli", "main.js");

export interface PackageCommandRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** `pulumi-clickhouse-cloud <args>` in the project's directory, with the project's backend and passphrase. */
export function runPackageCommand(project: CliProject, args: readonly string[]): Promise<PackageCommandRun> {
  return new Promise((resolve) =>
    execFile(
      process.execPath,
      [bin, ...args],
      { cwd: project.dir, env: project.env(), encoding: "utf8" },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    ),
  );
}
