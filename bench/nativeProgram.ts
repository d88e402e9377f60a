/**
 * The `native` benchmark program's project and stack config: a project directory whose Pulumi.yaml loads the
 * plugin `npm run build` put in dist/plugin as a project plugin, and the plugin's settings (namespace
 * `clickhouse-cloud`) pointing at the emulator with the throttle off, as figure 1 runs `ours`.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { ConfigMap } from "@pulumi/pulumi/automation";
import { nativeStackConfig } from "../scripts/lib/nativeStackConfig";
import type { BenchContext } from "./context";
import { benchProgramConfig } from "./programConfig";
import type { BenchKind } from "./programs/ours/settings";

/** dist/bench -> the repository. */
const repoRoot = path.resolve(__dirname, "..", "..");
export const pluginDir = path.join(repoRoot, "dist", "plugin");
/** The launcher the engine runs, as `pulumi plugin install` would place it. */
export const pluginLauncher = path.join(pluginDir, "pulumi-resource-clickhouse-cloud");

let projectDir: string | undefined;

/** The native program's project directory, made once per run in the OS temp directory and removed at exit. */
export function nativeProjectDir(): string {
  if (projectDir === undefined) {
    if (!fs.existsSync(pluginLauncher))
      throw new Error(`the native plugin is not built (${pluginLauncher} is missing): run \`npm run build\``);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chc-bench-native-"));
    const yaml = [
      "name: chc-bench-native",
      "runtime: nodejs",
      "description: The benchmark's resources through the native plugin.",
      "plugins:",
      "  providers:",
      "    - name: clickhouse-cloud",
      `      path: ${pluginDir}`,
      "",
    ].join("\n");
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), yaml);
    process.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
    projectDir = dir;
  }
  return projectDir;
}

/** Stack config of the `native` program: the plugin's settings with both throttles off, and the `bench` keys. */
export function nativeConfig(context: BenchContext, kinds: readonly BenchKind[], perKind: number): ConfigMap {
  return { ...nativeStackConfig(context.emulator.fixture), ...benchProgramConfig(context, kinds, perKind) };
}
