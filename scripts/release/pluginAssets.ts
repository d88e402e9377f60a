/**
 * The plugin's release assets: one tarball per platform, each the same JavaScript bundle (Node runs it on every
 * platform) with the launcher the platform's engine runs: a POSIX shell script, or a .cmd file on Windows. Tar
 * entries carry fixed owners and times, so a rebuild of the same sources gives the same bytes.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { launcherName, pluginDir } from "../buildPlugin";
import { platforms, pluginAssetName, releaseDir, repoRoot, stagingDir } from "./layout";

function tarball(from: string, entries: string[], target: string): void {
  const tar = execFileSync(
    "tar",
    [
      "--sort=name",
      "--mtime=@0",
      "--owner=0",
      "--group=0",
      "--numeric-owner",
      "-cf",
      "-",
      "-C",
      from,
      ...entries,
    ],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  fs.writeFileSync(target, execFileSync("gzip", ["-9", "-n"], { input: tar, maxBuffer: 256 * 1024 * 1024 }));
}

/** Writes the six plugin assets into the release directory and returns their file names. */
export function writePluginAssets(version: string): string[] {
  const bundle = `${launcherName}.js`;
  for (const file of [launcherName, `${launcherName}.cmd`, bundle]) {
    if (!fs.existsSync(path.join(pluginDir, file)))
      throw new Error(`dist/plugin/${file} is missing: run npm run build`);
  }
  const staged = path.join(stagingDir, "plugin");
  fs.mkdirSync(staged, { recursive: true });
  for (const file of [launcherName, `${launcherName}.cmd`, bundle]) {
    fs.copyFileSync(path.join(pluginDir, file), path.join(staged, file));
  }
  fs.chmodSync(path.join(staged, launcherName), 0o755);
  fs.copyFileSync(path.join(repoRoot, "LICENSE"), path.join(staged, "LICENSE"));
  return platforms.map(({ os, arch }) => {
    const name = pluginAssetName(version, os, arch);
    const launcher = os === "windows" ? `${launcherName}.cmd` : launcherName;
    tarball(staged, [launcher, bundle, "LICENSE"], path.join(releaseDir, name));
    return name;
  });
}
