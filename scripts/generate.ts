/**
 * Writes every derived file: from the resource definitions (provider/resources/<kind>/definition.ts) the typed
 * classes in provider/classes/, the list of kinds in provider/resources/registry.ts, the native provider's
 * schema.json and the README's table of resources; from the settings table the README's configuration table.
 * `--check` writes nothing and fails when a checked-in file differs from what it would write. Run after `tsc`: it reads the compiled definitions.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { derivedFiles } from "./generate/derivedFiles";

async function main(): Promise<void> {
  const check = process.argv.includes("--check");
  const repoRoot = path.resolve(__dirname, "..", "..");
  const stale: string[] = [];
  for (const [relative, content] of await derivedFiles(repoRoot)) {
    const file = path.join(repoRoot, relative);
    const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined;
    if (current === content) continue;
    stale.push(relative);
    if (check) continue;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
  if (check && stale.length > 0) {
    console.error(`stale derived files (run \`npm run generate\`): ${stale.join(", ")}`);
    process.exitCode = 1;
  } else {
    console.error(`[generate] ${check ? "up to date" : `wrote ${stale.length} file(s)`}`);
  }
}

void main();
