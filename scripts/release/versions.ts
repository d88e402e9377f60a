/**
 * A release's versions must agree: the package's, the plugin schema's (which every generated SDK carries) and,
 * for a real release, the tag being released. The Go SDK's module path must be where `go get` finds it.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { goModuleTag, repoRoot } from "./layout";

function json(relative: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(repoRoot, relative), "utf8")) as Record<string, unknown>;
}

/** The version to release, after checking every generated file carries it; `tag` is the pushed tag, if any. */
export function releaseVersion(tag: string | undefined): string {
  const version = String(json("package.json").version);
  const carried: Record<string, string> = {
    "provider/native/schema.json": String(json("provider/native/schema.json").version),
    "sdk/nodejs/package.json": String(json("sdk/nodejs/package.json").version),
    "sdk/go/clickhousecloud/pulumi-plugin.json": String(
      json("sdk/go/clickhousecloud/pulumi-plugin.json").version,
    ),
    "sdk/python/pulumi_clickhouse_cloud/pulumi-plugin.json": String(
      json("sdk/python/pulumi_clickhouse_cloud/pulumi-plugin.json").version,
    ),
  };
  const pyproject = fs.readFileSync(path.join(repoRoot, "sdk", "python", "pyproject.toml"), "utf8");
  carried["sdk/python/pyproject.toml"] = /^\s*version = "([^"]+)"/m.exec(pyproject)?.[1] ?? "(none)";
  const yamlPackage = fs.readFileSync(
    path.join(repoRoot, "examples", "native-yaml", "clickhouse-cloud.yaml"),
    "utf8",
  );
  carried["examples/native-yaml/clickhouse-cloud.yaml"] =
    /^version: (\S+)$/m.exec(yamlPackage)?.[1] ?? "(none)";
  const stale = Object.entries(carried).filter(([, found]) => found !== version);
  if (stale.length > 0) {
    throw new Error(
      `package.json is at ${version}, but ${stale.map(([file, found]) => `${file} at ${found}`).join(", ")}: ` +
        "run `npm run generate` and `npm run sdk` (and set the YAML example's package version by hand)",
    );
  }
  if (tag !== undefined && tag !== `v${version}`) {
    throw new Error(`the tag ${tag} does not release package.json's version ${version} (tag v${version})`);
  }
  return version;
}

/** The Go SDK's module path and the tag that versions it. */
export function goModule(version: string): { module: string; tag: string } {
  const goMod = fs.readFileSync(path.join(repoRoot, "sdk", "go", "go.mod"), "utf8");
  const module = /^module (\S+)$/m.exec(goMod)?.[1];
  const schema = json("provider/native/schema.json") as { language: { go: { importBasePath: string } } };
  if (module === undefined || !schema.language.go.importBasePath.startsWith(`${module}/`)) {
    throw new Error(`sdk/go/go.mod's module (${String(module)}) is not the schema's Go import path's module`);
  }
  return { module, tag: goModuleTag(version) };
}
