import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { repoRoot, testProgram } from "../../../support/programs";

const packageName = "pulumi-clickhouse-cloud";

/** The package as `npm pack` makes it from this checkout, written to `workRoot`; returns the tarball's path. */
export function packCurrentPackage(workRoot: string): string {
  const tarball = execFileSync("npm", ["pack", "--silent", "--pack-destination", workRoot], {
    cwd: repoRoot,
    encoding: "utf8",
  }).trim();
  return path.join(workRoot, tarball);
}

/**
 * Installs a packed package into `projectDir` as `npm install` would, replacing any version installed before. Its
 * dependencies are linked from the repository's node_modules (the versions package.json pins), so the program and
 * the Automation API share one @pulumi/pulumi, as they do after `npm install` in a user's project. Returns the
 * installed package's directory.
 */
export function installPackedPackage(tarball: string, projectDir: string): string {
  const modules = path.join(projectDir, "node_modules");
  const installed = path.join(modules, packageName);
  fs.rmSync(installed, { recursive: true, force: true });
  fs.mkdirSync(installed, { recursive: true });
  execFileSync("tar", ["-xzf", tarball, "-C", installed, "--strip-components=1"]);
  for (const entry of fs.readdirSync(path.join(repoRoot, "node_modules"))) {
    const link = path.join(modules, entry);
    if (entry === packageName || entry.startsWith(".") || fs.existsSync(link)) continue;
    fs.symlinkSync(path.join(repoRoot, "node_modules", entry), link);
  }
  return installed;
}

/** Copies a test program (its Pulumi.yaml and compiled index.js) into `projectDir`. */
export function copyProgram(name: string, projectDir: string): void {
  const { projectDir: sources, programModule: compiled } = testProgram("reliability", name);
  fs.mkdirSync(projectDir, { recursive: true });
  fs.copyFileSync(path.join(sources, "Pulumi.yaml"), path.join(projectDir, "Pulumi.yaml"));
  fs.copyFileSync(compiled, path.join(projectDir, "index.js"));
}
