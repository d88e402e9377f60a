/**
 * Builds the native provider plugin from the sources: one esbuild bundle (no node_modules needed beside it), the
 * `pulumi-resource-clickhouse-cloud` launcher the engine runs (a .cmd twin for Windows), and a tarball that
 * `pulumi plugin install resource clickhouse-cloud <version> --file <tarball>` installs. Run by `npm run build`.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { build, type Plugin } from "esbuild";
import { validatorsModule } from "./generate/validators";

const repoRoot = path.resolve(__dirname, "..", "..");
export const pluginDir = path.join(repoRoot, "dist", "plugin");
export const launcherName = "pulumi-resource-clickhouse-cloud";
const bundleName = `${launcherName}.js`;

/** The version the plugin reports and the tarball is named for: the package's. */
export function packageVersion(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as {
    version: string;
  };
  return manifest.version;
}

export function tarballName(version: string = packageVersion()): string {
  return `${launcherName}-v${version}.tar.gz`;
}

/** The compiled validators exist only as JavaScript in dist/, which the build writes before this runs. */
const builtValidators: Plugin = {
  name: "built-validators",
  setup(builder) {
    builder.onResolve({ filter: /^\.\/validators\.generated$/ }, () => ({
      path: path.join(repoRoot, validatorsModule),
    }));
  },
};

async function bundle(): Promise<void> {
  await build({
    entryPoints: [path.join(repoRoot, "provider", "native", "main.ts")],
    outfile: path.join(pluginDir, bundleName),
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    minify: true,
    // Error messages and stack traces keep the names of classes such as ConfigurationError.
    keepNames: true,
    // The bundled libraries' license notices travel with their code.
    legalComments: "eof",
    logLevel: "warning",
    // @pulumi/pulumi's automation code (bundled with the SDK's index, never run by the plugin) resolves node-gyp's
    // path for npm scripts; the plugin runs no npm scripts.
    logOverride: { "require-resolve-not-external": "silent" },
    plugins: [builtValidators],
  });
}

function writeLaunchers(): void {
  const posix = path.join(pluginDir, launcherName);
  // The engine runs the launcher from its plugin directory, or from PATH: the bundle is found next to it.
  fs.writeFileSync(posix, `#!/bin/sh\nexec node "$(dirname "$0")/${bundleName}" "$@"\n`);
  fs.chmodSync(posix, 0o755);
  fs.writeFileSync(`${posix}.cmd`, `@echo off\r\nnode "%~dp0${bundleName}" %*\r\n`);
}

function writeTarball(): string {
  const tarball = path.join(pluginDir, tarballName());
  execFileSync("tar", ["-czf", tarball, "-C", pluginDir, launcherName, `${launcherName}.cmd`, bundleName]);
  return tarball;
}

async function main(): Promise<void> {
  fs.rmSync(pluginDir, { recursive: true, force: true });
  fs.mkdirSync(pluginDir, { recursive: true });
  await bundle();
  writeLaunchers();
  const tarball = writeTarball();
  console.error(`[build] plugin: ${path.relative(repoRoot, tarball)}`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
