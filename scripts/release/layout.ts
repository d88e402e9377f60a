/**
 * Where `npm run release` puts each artifact, and the names the consumers expect: Pulumi's engine fetches
 * `pulumi-resource-<name>-v<version>-<os>-<arch>.tar.gz` from the release's download URL, npm and PyPI take
 * their packages from their own folders.
 */
import * as path from "node:path";

export const repoRoot = path.resolve(__dirname, "..", "..", "..");
export const releaseDir = path.join(repoRoot, "dist", "release");
/** Scratch space for the packages' staged sources; not an artifact. */
export const stagingDir = path.join(repoRoot, "dist", "release-staging");
export const npmDir = path.join(releaseDir, "npm");
export const pythonDir = path.join(releaseDir, "python");

export const pluginName = "clickhouse-cloud";

/** Every platform the engine may ask for, as it names them. */
export const platforms: readonly { os: "linux" | "darwin" | "windows"; arch: "amd64" | "arm64" }[] = [
  { os: "linux", arch: "amd64" },
  { os: "linux", arch: "arm64" },
  { os: "darwin", arch: "amd64" },
  { os: "darwin", arch: "arm64" },
  { os: "windows", arch: "amd64" },
  { os: "windows", arch: "arm64" },
];

export function pluginAssetName(version: string, os: string, arch: string): string {
  return `pulumi-resource-${pluginName}-v${version}-${os}-${arch}.tar.gz`;
}

export function checksumsName(version: string): string {
  return `pulumi-${pluginName}-v${version}-checksums.txt`;
}

/** The Go SDK's module lives in sdk/go, so its version tags carry that prefix. */
export function goModuleTag(version: string): string {
  return `sdk/go/v${version}`;
}
