/**
 * The native provider's package schema, provider/native/schema.json, from the resource definitions and the
 * package version; `npm run generate` writes it with the other derived files.
 */
import * as path from "node:path";
import { packageSchema } from "../../provider/native/packageSchema";
import { resourceDefinitions } from "../../provider/resources/registry";
import { packageVersion } from "../buildPlugin";

const repoRoot = path.resolve(__dirname, "..", "..", "..");
export const schemaPath = path.join(repoRoot, "provider", "native", "schema.json");

/** The schema file's text, as this checkout's definitions and version make it. */
export function schemaText(): string {
  return `${JSON.stringify(packageSchema(resourceDefinitions, packageVersion()), null, 2)}\n`;
}
