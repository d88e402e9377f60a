import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

const PACKAGE_NAME = "pulumi-clickhouse-cloud";
let cached: string | undefined;

/**
 * `pulumi-clickhouse-cloud/<version>`, the version read from this package's package.json. It is looked up on
 * disk rather than imported so the compiler does not copy package.json into the build output, and so the same
 * code works from the sources and from dist.
 */
export function userAgent(): string {
  cached ??= `${PACKAGE_NAME}/${findPackageVersion(__dirname) ?? "unknown"}`;
  return cached;
}

function findPackageVersion(start: string): string | undefined {
  for (let dir = start; dir !== dirname(dir); dir = dirname(dir)) {
    const candidate = join(dir, "package.json");
    if (!existsSync(candidate)) continue;
    const manifest = JSON.parse(readFileSync(candidate, "utf8")) as { name?: unknown; version?: unknown };
    if (manifest.name === PACKAGE_NAME && typeof manifest.version === "string") return manifest.version;
  }
  return undefined;
}
