/**
 * A kind is declared in its own folder and listed once, by the generated registry: no other hand-written file of
 * the provider names a single kind in its code (comments aside), so no table of kinds can grow outside the registry.
 * The REST clients are the exception by design: they are named for the APIs' own collections (an API has
 * dashboards whether or not a kind manages them), not for the package's kinds.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { expect } from "chai";
import ts from "typescript";
import { resources } from "../../../provider/resources/registry";

const repoRoot = path.resolve(__dirname, "../../../..");
const providerRoot = path.join(repoRoot, "provider");

/** The folders of provider/resources that hold a kind. */
const kindFolders = fs
  .readdirSync(path.join(providerRoot, "resources"), { withFileTypes: true })
  .filter(
    (entry) =>
      entry.isDirectory() && fs.existsSync(path.join(providerRoot, "resources", entry.name, "kind.ts")),
  )
  .map((entry) => `resources/${entry.name}/`);

/** Files that may name kinds: the generated ones, the registry, and the REST clients. */
function mayNameKinds(relative: string): boolean {
  return (
    relative.startsWith("classes/") ||
    relative.startsWith("rest/") ||
    relative === "resources/registry.ts" ||
    relative.endsWith(".generated.ts") ||
    kindFolders.some((folder) => relative.startsWith(folder))
  );
}

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") ? [full] : [];
  });
}

/** The kind names the code of `text` holds, as identifiers or as words of string literals; comments are skipped. */
function kindsNamedIn(text: string, kinds: readonly string[]): string[] {
  const file = ts.createSourceFile("planted.ts", text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const words = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) words.add(node.text);
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) {
      for (const word of node.text.split(/[^A-Za-z0-9]+/)) words.add(word);
    }
    node.forEachChild(visit);
  };
  visit(file);
  return kinds.filter((kind) => words.has(kind));
}

describe("architecture: the registry is the one table of kinds", () => {
  const kinds = Object.keys(resources);

  it("finds a kind named as an identifier or in a string, and not in a comment", () => {
    const planted = [
      "// ApiKey in a comment\n/* Alert */ const plain = 1;",
      'const token = "clickhouse-cloud:index:Webhook";',
      "const table = { SavedSearch: 1 };",
      "const token = `${prefix}:Dashboard`; /** `ApiKey` */",
    ];
    expect(planted.map((text) => kindsNamedIn(text, kinds))).to.deep.equal([
      [],
      ["Webhook"],
      ["SavedSearch"],
      ["Dashboard"],
    ]);
  });

  it("has every kind's folder declare its entry, and no other provider file name a kind", () => {
    expect(kindFolders).to.have.length(kinds.length);
    const offenders = sourceFiles(providerRoot)
      .map((file) => path.relative(providerRoot, file).split(path.sep).join("/"))
      .filter((relative) => !mayNameKinds(relative))
      .map((relative) => ({
        relative,
        named: kindsNamedIn(fs.readFileSync(path.join(providerRoot, relative), "utf8"), kinds),
      }))
      .filter(({ named }) => named.length > 0)
      .map(({ relative, named }) => `${relative}: ${named.join(", ")}`);
    expect(offenders).to.deep.equal([]);
  });
});
