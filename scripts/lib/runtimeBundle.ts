/**
 * The dynamic-provider process runs the bundle in dist/runtime, which `npm run build` makes from tsc's output. A
 * bare `tsc` leaves the bundle as it was, and engine runs would then test the old provider code: this catches that
 * before any stack is made.
 */
import * as fs from "node:fs";
import * as path from "node:path";

const repoRoot = path.resolve(__dirname, "..", "..", "..");
const compiledProvider = path.join(repoRoot, "dist", "provider");
const runtimeBundle = path.join(repoRoot, "dist", "runtime", "index.js");

/** The newest modification time (ms) among the .js files under `dir`. */
function newestJavaScript(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".js")) continue;
    newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Throws when the bundle is missing or older than a file tsc wrote; the paths are parameters for its tests. */
export function assertRuntimeBundleCurrent(bundle = runtimeBundle, compiled = compiledProvider): void {
  const stale = "the dynamic-provider process would run old provider code; run `npm run build`";
  const name = path.relative(repoRoot, bundle);
  if (!fs.existsSync(bundle)) throw new Error(`${name} is missing: ${stale}`);
  if (fs.statSync(bundle).mtimeMs < newestJavaScript(compiled)) {
    throw new Error(`${name} is older than ${path.relative(repoRoot, compiled)}: ${stale}`);
  }
}
