/**
 * The release's artifacts for the tests: `npm run release -- --dry-run`, run once per test process (it builds
 * every package), and a loopback HTTP server that serves dist/release/ as GitHub serves a release's assets
 * (`/releases/download/v<version>/<asset>`), recording each request.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as path from "node:path";
import { repoRoot } from "./programs";

export const releaseDir = path.join(repoRoot, "dist", "release");
export const packageVersion = (
  JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version: string }
).version;

let dryRun: Promise<string> | undefined;

/** Runs `npm run release -- --dry-run` once; resolves with what it printed. */
export function releaseDryRun(): Promise<string> {
  dryRun ??= new Promise((resolve, reject) =>
    execFile(
      "npm",
      ["run", "--silent", "release", "--", "--dry-run"],
      { cwd: repoRoot, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`npm run release -- --dry-run failed:\n${stdout}\n${stderr}`))
          : resolve(stdout),
    ),
  );
  return dryRun;
}

export interface ReleaseServer {
  /** The release's download URL for this version: what `--server` takes and the schema's URL stands for. */
  readonly downloadUrl: string;
  /** The paths asked for, in order. */
  readonly requests: string[];
  close(): Promise<void>;
}

/** Serves dist/release/ under /releases/download/v<version>/ on 127.0.0.1; anything else is a 404. */
export async function serveRelease(): Promise<ReleaseServer> {
  const prefix = `/releases/download/v${packageVersion}/`;
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    const url = request.url ?? "";
    requests.push(url);
    const name = url.startsWith(prefix) ? decodeURIComponent(url.slice(prefix.length)) : "";
    const file = path.join(releaseDir, name);
    if (name === "" || name.includes("..") || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end("not found");
      return;
    }
    response.writeHead(200, {
      "content-type": "application/octet-stream",
      "content-length": fs.statSync(file).size,
    });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    downloadUrl: `http://127.0.0.1:${port}${prefix.slice(0, -1)}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The engine's names for this machine's OS and architecture, as in the assets' names. */
export function enginePlatform(): { os: string; arch: string } {
  const os = process.platform === "win32" ? "windows" : process.platform;
  const arch = process.arch === "x64" ? "amd64" : process.arch;
  return { os, arch };
}
