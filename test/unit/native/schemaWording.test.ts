import * as fs from "node:fs";
import * as path from "node:path";
import { expect } from "chai";

const repoRoot = path.resolve(__dirname, "..", "..", "..", "..");

/** Every `description` in a JSON document, with the path to it. */
function descriptionsOf(node: unknown, at = ""): [string, string][] {
  if (Array.isArray(node)) return node.flatMap((item, index) => descriptionsOf(item, `${at}[${index}]`));
  if (node === null || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([key, value]): [string, string][] =>
    key === "description" && typeof value === "string"
      ? [[at, value]]
      : descriptionsOf(value, `${at}/${key}`),
  );
}

/**
 * The native schema's descriptions reach the generated SDKs' doc comments, where a user of the native plugin
 * reads them: what they say must be true of the native plugin, not only of the dynamic-provider classes.
 */
describe("native plugin: the schema's descriptions are true for the native plugin", () => {
  const schema = JSON.parse(
    fs.readFileSync(path.join(repoRoot, "provider", "native", "schema.json"), "utf8"),
  ) as {
    config: { variables: Record<string, unknown> };
  };
  const descriptions = descriptionsOf(schema);

  it("no description says `pulumi import` cannot import the resource without naming the dynamic classes", () => {
    const about = descriptions.filter(([, text]) => text.includes("`pulumi import`"));
    expect(about.length, "descriptions that mention `pulumi import`").to.be.greaterThan(0);
    for (const [at, text] of about) {
      expect(text, at).to.not.include("`pulumi import` cannot import dynamic resources");
      expect(text, at).to.include("dynamic-provider classes cannot be imported with `pulumi import`");
      expect(text, at).to.include("with the native plugin, `pulumi import` works");
    }
  });

  it("a description that names a dynamic-provider setting names the native plugin's setting too", () => {
    const settings = Object.keys(schema.config.variables);
    for (const [at, text] of descriptions) {
      const dynamicSettings = text.match(/`(clickhouse|observability):[A-Za-z]+`/g) ?? [];
      if (dynamicSettings.length === 0) continue;
      const nativeSettings = [...text.matchAll(/`clickhouse-cloud:([A-Za-z]+)`/g)].map((match) => match[1]);
      expect(nativeSettings.length, `${at} names ${dynamicSettings.join(", ")} only`).to.be.greaterThan(0);
      for (const setting of nativeSettings) expect(settings, at).to.include(setting);
    }
  });
});
