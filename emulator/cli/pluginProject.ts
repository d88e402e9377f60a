/**
 * Whether the Pulumi project in a directory uses the clickhouse-cloud provider plugin, whose stack config lives
 * under `clickhouse-cloud:*` rather than the dynamic classes' `clickhouse:*` and `observability:*`. Read from the
 * files each language keeps its dependencies or resources in; the first sign found is the reason given.
 */
import { promises as fs } from "node:fs";
import * as path from "node:path";

/** File, and what in it shows the plugin: its type tokens, its SDK packages, or a project plugin entry. */
const signs: readonly { file: string; pattern: RegExp; shows: string }[] = [
  { file: "Pulumi.yaml", pattern: /\bclickhouse-cloud:index:/, shows: "names clickhouse-cloud resources" },
  { file: "Pulumi.yaml", pattern: /name:\s*clickhouse-cloud\b/, shows: "loads the clickhouse-cloud plugin" },
  { file: "package.json", pattern: /"pulumi-clickhouse-cloud-native"/, shows: "depends on its Node.js SDK" },
  { file: "requirements.txt", pattern: /pulumi[-_]clickhouse[-_]cloud/i, shows: "depends on its Python SDK" },
  { file: "pyproject.toml", pattern: /pulumi[-_]clickhouse[-_]cloud/i, shows: "depends on its Python SDK" },
  { file: "go.mod", pattern: /pulumi-clickhouse-cloud\/sdk\/go/, shows: "requires its Go SDK" },
];

/** The reason the project in `dir` uses the plugin (e.g. "Pulumi.yaml names clickhouse-cloud resources"), or undefined. */
export async function pluginUseIn(dir: string): Promise<string | undefined> {
  for (const { file, pattern, shows } of signs) {
    const text = await fs.readFile(path.join(dir, file), "utf8").catch(() => "");
    if (pattern.test(text)) return `${file} ${shows}`;
  }
  return undefined;
}
