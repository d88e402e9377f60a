/**
 * Every file derived from the resource definitions (and the REST types, from the APIs' JSON Schemas; the README's
 * configuration table, from the settings; the Registry's pages, from the settings, the SDKs and the examples), by
 * path relative to the repository, with its content.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as prettier from "prettier";
import type { ResourceDefinition } from "../../provider/resources/definition";
import { resourcesTable, typeTokensLine, withResourcesTable, withTypeTokens } from "./readmeTable";
import { publicNamedTypes, resourceClassSource } from "./resourceClass";
import { kindShapesSource } from "./kindShapes";
import { restTypesSource } from "./restTypes";
import { schemaText } from "./schema";
import { registryDocs } from "./registryDocs";
import { settingsTable, withSettingsTable } from "./settingsTable";
import { notManagedList, terraformGuidePath, terraformTable, withTerraformTables } from "./terraformTable";
import type { TerraformOrigins } from "../../provider/resources/adoption/terraformOrigins";

interface DefinedKind {
  /** The kind's folder under provider/resources, e.g. `apiKey`. */
  readonly folder: string;
  readonly definition: ResourceDefinition;
}

export async function derivedFiles(repoRoot: string): Promise<Map<string, string>> {
  const kinds = definedKinds(repoRoot);
  const files = new Map<string, string>();
  const typescript = async (relative: string, source: string) =>
    files.set(
      relative,
      await prettier.format(source, { ...(await prettierOptions(repoRoot)), filepath: relative }),
    );

  for (const { folder, definition } of kinds) {
    await typescript(`provider/classes/${folder}.ts`, resourceClassSource(definition, folder));
    await typescript(`provider/resources/${folder}/shapes.ts`, kindShapesSource(definition, folder));
  }
  await typescript("provider/classes/index.ts", classesIndex(kinds));
  await typescript("provider/resources/registry.ts", registryModule(kinds));
  await typescript("provider/rest/schemaTypes.ts", restTypesSource());
  files.set("provider/native/schema.json", schemaText());
  const readme = fs.readFileSync(path.join(repoRoot, "README.md"), "utf8");
  const markdown = async (text: string) =>
    (await prettier.format(text, { ...(await prettierOptions(repoRoot)), parser: "markdown" })).trimEnd();
  const resources = await markdown(resourcesTable(kinds.map((kind) => kind.definition)));
  const settings = await markdown(settingsTable());
  const tokens = await markdown(typeTokensLine(kinds.map((kind) => kind.definition)));
  files.set(
    "README.md",
    withTypeTokens(withSettingsTable(withResourcesTable(readme, resources), settings), tokens),
  );
  for (const [relative, text] of registryDocs(repoRoot)) files.set(relative, `${await markdown(text)}\n`);
  const guide = fs.readFileSync(path.join(repoRoot, terraformGuidePath), "utf8");
  const origins = kinds.map(({ folder, definition }) => ({
    kind: definition.kind,
    terraform: terraformOf(folder),
  }));
  const tables = withTerraformTables(
    guide,
    await markdown(terraformTable(origins)),
    await markdown(notManagedList()),
  );
  files.set(terraformGuidePath, tables);
  return files;
}

/** Every folder of provider/resources with a definition.ts, in alphabetical order, with its compiled definition. */
function definedKinds(repoRoot: string): DefinedKind[] {
  const resources = path.join(repoRoot, "provider", "resources");
  const compiled = path.join(__dirname, "..", "..", "provider", "resources");
  return fs
    .readdirSync(resources, { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && fs.existsSync(path.join(resources, entry.name, "definition.ts")),
    )
    .map((entry) => entry.name)
    .sort()
    .map((folder) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const module = require(path.join(compiled, folder, "definition.js")) as {
        definition: ResourceDefinition;
      };
      return { folder, definition: module.definition };
    });
}

/** The kind's Terraform origins, from its compiled kind.js (the entry the registry lists). */
function terraformOf(folder: string): TerraformOrigins {
  const compiled = path.join(__dirname, "..", "..", "provider", "resources", folder, "kind.js");
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(compiled) as { entry: { terraform: TerraformOrigins } }).entry.terraform;
}

function classesIndex(kinds: DefinedKind[]): string {
  // A type several kinds use (an enum, say) is exported once, beside the first of them.
  const exported = new Set<string>();
  const lines = kinds.flatMap(({ folder, definition }) => [
    `export { ${definition.kind}, type ${definition.kind}Args } from "./${folder}";`,
    ...publicNamedTypes(definition)
      .filter((type) => !exported.has(type.name) && exported.add(type.name))
      .map((type) => `export type { ${type.name} } from "../${type.from}";`),
  ]);
  return [header("the resource definitions"), "", ...lines, ""].join("\n");
}

function registryModule(kinds: DefinedKind[]): string {
  const imports = kinds.map(({ folder }) => `import { entry as ${folder} } from "./${folder}/kind";`);
  const entries = kinds.map(({ folder, definition }) => `  ${definition.kind}: ${folder},`);
  return [
    header("the folders of provider/resources that hold a definition.ts"),
    `import type { ResourceDefinition } from "./definition";`,
    ...imports,
    "",
    "/**",
    " * Every resource kind this package serves, by name: each kind's entry (`kind.ts` in its folder). The front ends,",
    " * the package's commands and the generators iterate it; nothing else lists the kinds. Each entry keeps its kind's",
    " * types (`kindEntry<Inputs, Outputs>` in its kind.ts checks it).",
    " */",
    "export const resources = {",
    ...entries,
    "} as const;",
    "",
    "export type ResourceKind = keyof typeof resources;",
    "",
    "/** The definitions alone, in the order of `resources`. */",
    "export const resourceDefinitions: readonly ResourceDefinition[] = Object.values(resources).map(",
    "  (resource) => resource.definition,",
    ");",
    "",
  ].join("\n");
}

function header(source: string): string {
  return `// Generated by \`npm run generate\` from ${source}: do not edit.`;
}

async function prettierOptions(repoRoot: string): Promise<prettier.Options> {
  return (await prettier.resolveConfig(path.join(repoRoot, "README.md"))) ?? {};
}
