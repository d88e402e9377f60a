/**
 * Stacks whose resources the native plugin serves: a project directory whose Pulumi.yaml loads the built plugin
 * as a project plugin (`plugins.providers`), and stack config in the plugin's `clickhouse-cloud` namespace.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const repoRoot = path.resolve(__dirname, "..", "..", "..");
/** Where `npm run build` puts the plugin's launcher and bundle. */
export const pluginDir = path.join(repoRoot, "dist", "plugin");

/** Pulumi.yaml of a project `projectName` that loads the built plugin as a project plugin. */
export function nativeProjectYaml(projectName: string, runtime: "nodejs" | "yaml" = "nodejs"): string {
  return [
    `name: ${projectName}`,
    `runtime: ${runtime}`,
    "plugins:",
    "  providers:",
    "    - name: clickhouse-cloud",
    `      path: ${pluginDir}`,
    "",
  ].join("\n");
}

/** A fresh project directory for `projectName` that loads the built plugin; removed by the caller. */
export function nativeProjectDir(projectName: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chc-native-"));
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), nativeProjectYaml(projectName));
  return dir;
}

export { nativeStackConfig } from "../../scripts/lib/nativeStackConfig";
