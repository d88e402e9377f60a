/**
 * Writes the native provider's package schema, provider/native/schema.json, from the resource definitions and
 * the package version. `npm run schema` runs it; a test fails while the checked-in file differs from its output.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { packageSchema } from "../provider/native/packageSchema";
import { resourceDefinitions } from "../provider/resources/definitions";
import { packageVersion } from "./buildPlugin";

const repoRoot = path.resolve(__dirname, "..", "..");
export const schemaPath = path.join(repoRoot, "provider", "native", "schema.json");

/** The schema file's text, as this checkout's definitions and version make it. */
export function schemaText(): string {
  return `${JSON.stringify(packageSchema(resourceDefinitions, packageVersion()), null, 2)}\n`;
}

if (require.main === module) {
  fs.writeFileSync(schemaPath, schemaText());
  console.error(`[schema] wrote ${path.relative(repoRoot, schemaPath)}`);
}
