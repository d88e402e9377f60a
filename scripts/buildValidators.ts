/**
 * Writes the compiled validators (scripts/generate/validators.ts) into dist/, where validate.js requires them.
 * Run by `npm run compile` (and so by `npm run build`) after tsc, which compiles this script, and before the
 * runtime is bundled; the module is never checked in.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { validatorsModule, validatorsSource } from "./generate/validators";

const repoRoot = path.resolve(__dirname, "..", "..");
const file = path.join(repoRoot, validatorsModule);
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, validatorsSource());
console.error(`[build] validators: ${validatorsModule}`);
