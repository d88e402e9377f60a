/**
 * The two npm packages: this package as `npm pack` makes it (the build is done already, so its prepack is
 * skipped), and the plugin's Node.js SDK, compiled from sdk/nodejs with its own tsconfig into a package of its
 * own (its package.json, README and LICENSE beside the JavaScript and declarations), as Pulumi's providers
 * publish theirs.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { npmDir, repoRoot, stagingDir } from "./layout";

/** Runs `npm pack` on `dir` into the npm folder and returns the tarball's name. */
function pack(dir: string): string {
  const output = execFileSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", npmDir], {
    cwd: dir,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [packed] = JSON.parse(output.slice(output.indexOf("["))) as { filename: string }[];
  return packed.filename;
}

/** Writes this package's tarball; returns its name. */
export function packThisPackage(): string {
  return pack(repoRoot);
}

/** Compiles and packs the plugin's Node.js SDK; returns its tarball's name. */
export function packNodeSdk(): string {
  const sdk = path.join(repoRoot, "sdk", "nodejs");
  const out = path.join(stagingDir, "nodejs");
  execFileSync(
    process.execPath,
    [require.resolve("typescript/bin/tsc"), "-p", path.join(sdk, "tsconfig.json"), "--outDir", out],
    { cwd: repoRoot, stdio: "inherit" },
  );
  for (const file of ["package.json", "README.md"])
    fs.copyFileSync(path.join(sdk, file), path.join(out, file));
  fs.copyFileSync(path.join(repoRoot, "LICENSE"), path.join(out, "LICENSE"));
  return pack(out);
}
