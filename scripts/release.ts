/**
 * `npm run release`: builds every artifact of a release into dist/release/ — the plugin's assets for each
 * platform and their SHA-256 sums, this package's and the plugin Node.js SDK's npm tarballs (npm/), the Python
 * SDK's sdist and wheel (python/) — and names the Go SDK's module tag. It publishes nothing: the release
 * workflow (.github/workflows/release.yml) publishes what it built. Run by that workflow on a version tag (the
 * tag must be `v` and package.json's version); `--dry-run` builds the same without a tag, as the tests do.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { checksumsText } from "./release/checksums";
import { checksumsName, npmDir, pythonDir, releaseDir, stagingDir } from "./release/layout";
import { packNodeSdk, packThisPackage } from "./release/npmPackages";
import { writePluginAssets } from "./release/pluginAssets";
import { buildPythonSdk } from "./release/pythonPackages";
import { goModule, releaseVersion } from "./release/versions";

function main(args: readonly string[]): void {
  const unknown = args.filter((arg) => arg !== "--dry-run");
  if (unknown.length > 0)
    throw new Error(`usage: npm run release [-- --dry-run]; unknown: ${unknown.join(" ")}`);
  const dryRun = args.includes("--dry-run");
  const tag = process.env.GITHUB_REF_TYPE === "tag" ? process.env.GITHUB_REF_NAME : undefined;
  if (!dryRun && tag === undefined) {
    throw new Error(
      "a release builds from a version tag (GITHUB_REF_TYPE=tag); to build without one, --dry-run",
    );
  }
  const version = releaseVersion(dryRun ? undefined : tag);
  const go = goModule(version);

  for (const dir of [releaseDir, stagingDir]) fs.rmSync(dir, { recursive: true, force: true });
  for (const dir of [releaseDir, npmDir, pythonDir, stagingDir]) fs.mkdirSync(dir, { recursive: true });

  const assets = writePluginAssets(version);
  const npm = [packThisPackage(), packNodeSdk()].map((name) => path.join("npm", name));
  const python = buildPythonSdk().map((name) => path.join("python", name));
  fs.writeFileSync(
    path.join(releaseDir, checksumsName(version)),
    checksumsText([...assets, ...npm, ...python]),
  );
  fs.rmSync(stagingDir, { recursive: true, force: true });

  const lines = [
    `[release] v${version}${dryRun ? " (dry run)" : ""} in ${path.relative(process.cwd(), releaseDir) || "."}:`,
    ...[...assets, checksumsName(version), ...npm, ...python].map((name) => `  ${name}`),
    `  Go SDK: module ${go.module}, tag ${go.tag}`,
  ];
  console.log(lines.join("\n"));
}

try {
  main(process.argv.slice(2));
} catch (error) {
  console.error(`[release] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
