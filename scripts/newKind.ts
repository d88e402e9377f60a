/**
 * `npm run new-kind -- <Name> <family>`: writes a new resource kind with one input, `name`, that builds, serves
 * create, read, update and delete through both front ends against the emulator, and fails its own test until the
 * author has written what the scaffold marks. The files: the kind's folder under provider/resources, its schemas,
 * the emulator's model and route, and a test; the two indexes that list schemas and routes gain a line; then
 * `npm run generate` and `npm run sdk` derive the rest (class, shapes, registry, plugin schema, README table, SDKs).
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { kindNames, type KindNames } from "./newKind/names";
import {
  emulatorFiles,
  providerFiles,
  SCAFFOLD_MARKER,
  schemaFile,
  testFiles,
} from "./newKind/observabilityObject";

const families = ["observability-object"] as const;
type Family = (typeof families)[number];

const repoRoot = path.resolve(__dirname, "..", "..");

function usage(problem: string): never {
  process.stderr.write(
    `${problem}\nUsage: npm run new-kind -- <Name> <family> [--skip-sdk]\n  <Name>    the kind, in PascalCase (Widget)\n` +
      `  <family>  ${families.join(" | ")}: an API object with a list, a get by id and a PUT that replaces it\n` +
      "  --skip-sdk  leave the SDKs of the other languages to a later `npm run sdk`\n",
  );
  process.exit(2);
}

/** Inserts `line` after the last line that matches `after`, once. */
function insertAfterLast(text: string, after: RegExp, line: string): string {
  const lines = text.split("\n");
  const index = lines.map((candidate) => after.test(candidate)).lastIndexOf(true);
  if (index < 0) throw new Error(`no line matches ${after}`);
  lines.splice(index + 1, 0, line);
  return lines.join("\n");
}

/** The two indexes a kind is listed in besides the generated registry: the schemas and the object routes. */
function registerIn(names: KindNames): Map<string, (text: string) => string> {
  const { folder, plural } = names;
  return new Map([
    [
      "schemas/index.ts",
      (text) =>
        insertAfterLast(
          insertAfterLast(
            text,
            /^import \{ \w+Schemas \} from "\.\/\w+";$/,
            `import { ${folder}Schemas } from "./${plural}";`,
          ),
          /^ {2}\.\.\.\w+Schemas,$/,
          `  ...${folder}Schemas,`,
        ),
    ],
    [
      "emulator/routes/observability/objects.ts",
      (text) =>
        insertAfterLast(
          insertAfterLast(
            text,
            /^import \{ \w+Routes \} from "\.\/\w+";$/,
            `import { ${folder}Routes } from "./${plural}";`,
          ),
          /^ {2}\w+Routes\(scope, context, mount\);$/,
          `  ${folder}Routes(scope, context, mount);`,
        ),
    ],
  ]);
}

function filesOf(names: KindNames, family: Family): Map<string, string> {
  switch (family) {
    case "observability-object":
      return new Map([
        ...providerFiles(names),
        schemaFile(names),
        ...emulatorFiles(names),
        ...testFiles(names),
      ]);
  }
}

/**
 * The derived files of the new kind. Its operations import its shapes, which the generator writes from its compiled
 * definition, and the plugin's schema is written from the compiled registry: so the first compile fails on the
 * missing shapes (its output is dropped), and the generator runs twice, each time on a fresh compile.
 */
function deriveFiles(withSdks: boolean): void {
  const run = (command: string, args: string[], quiet = false) =>
    execFileSync(command, args, { cwd: repoRoot, stdio: quiet ? "ignore" : "inherit" });
  try {
    run("npx", ["tsc", "-p", "tsconfig.json"], true);
  } catch {
    // Expected: the shapes and the registry's line are not written yet.
  }
  run("node", ["dist/scripts/generate.js"]);
  run("npx", ["tsc", "-p", "tsconfig.json"]);
  run("node", ["dist/scripts/generate.js"]);
  run("npm", ["run", "--silent", "build"]);
  if (withSdks) run("npm", ["run", "--silent", "sdk"]);
}

function main(args: readonly string[]): void {
  const skipSdk = args.includes("--skip-sdk");
  const [name, family] = args.filter((arg) => arg !== "--skip-sdk");
  if (name === undefined || family === undefined) usage("Name the kind and its family.");
  if (!(families as readonly string[]).includes(family)) usage(`Unknown family ${JSON.stringify(family)}.`);
  let names: KindNames;
  try {
    names = kindNames(name);
  } catch (error) {
    usage((error as Error).message);
  }
  const files = filesOf(names, family as Family);
  const existing = [...files.keys()].filter((file) => fs.existsSync(path.join(repoRoot, file)));
  if (existing.length > 0) usage(`Already there: ${existing.join(", ")}; nothing was written.`);

  for (const [file, text] of files) {
    fs.mkdirSync(path.dirname(path.join(repoRoot, file)), { recursive: true });
    fs.writeFileSync(path.join(repoRoot, file), text);
  }
  const registered = registerIn(names);
  for (const [file, edit] of registered) {
    const full = path.join(repoRoot, file);
    fs.writeFileSync(full, edit(fs.readFileSync(full, "utf8")));
  }
  const written = [...files.keys(), ...registered.keys()];
  execFileSync("npx", ["prettier", "--log-level", "warn", "--write", ...written], {
    cwd: repoRoot,
    stdio: "inherit",
  });
  deriveFiles(!skipSdk);
  process.stdout.write(
    `Wrote ${names.kind} (${family}): ${written.join(", ")}, and regenerated the derived files.\n` +
      `Next: write what is marked ${SCAFFOLD_MARKER} (the definition's docs, the schemas' and model's API source),\n` +
      `add the kind's fields to its definition, schemas, remote types and emulator model, then\n` +
      `  npm run build && npm run sdk\n` +
      `  npx mocha --config .mocharc.json dist/test/unit/resources/${names.folder}.test.js dist/test/engine/e2e/${names.folder}.test.js\n`,
  );
}

main(process.argv.slice(2));
