/**
 * The native plugin's names for the settings: the same settings, in its package's config namespace
 * (`clickhouse-cloud:tokenKey` for `clickhouse:tokenKey`). Resolution always asks by the dynamic classes' keys;
 * these turn a stack config written with the plugin's keys into answers, and errors back into the plugin's words.
 */
import { SETTINGS, type SettingSpec } from "../../schemas/settings";
import { ConfigurationError } from "./errors";
import type { ConfigSource } from "./sources";

const specs: readonly SettingSpec[] = Object.values(SETTINGS);

/** A source that, asked for a dynamic-path key, answers with `config`'s value of the plugin's key. */
export function pluginKeySource(config: ConfigSource): ConfigSource {
  const pluginKeyOf = new Map(specs.map((spec) => [spec.key, spec.pluginKey]));
  return {
    get(key: string): string | undefined {
      const pluginKey = pluginKeyOf.get(key);
      return pluginKey === undefined ? undefined : config.get(pluginKey);
    },
  };
}

/** Whether `config` sets any of the plugin's keys. */
export function setsPluginKeys(config: ConfigSource): boolean {
  return specs.some((spec) => config.get(spec.pluginKey) !== undefined);
}

/**
 * A text told in the plugin's terms: every dynamic-path key it names (`clickhouse:tokenKey`), in a hint or a
 * `pulumi config set` command, becomes the plugin's (`clickhouse-cloud:tokenKey`). Environment variables are the
 * same on both paths and stay.
 */
export function inPluginWords(text: string): string {
  return specs.reduce((renamed, spec) => renamed.split(spec.key).join(spec.pluginKey), text);
}

/**
 * Why a stack that has the settings may still lack them here: the engine hands the plugin only its own namespace,
 * so keys written for the TypeScript classes (or by the emulator's `configure` without `--plugin`) never reach it.
 */
export const pluginNamespaceNote =
  "The plugin reads only clickhouse-cloud:* keys: values under clickhouse:* or observability:* (the TypeScript " +
  "classes' keys, which the emulator's `configure` writes without --plugin) do not reach it; against the emulator, " +
  "run `npx pulumi-clickhouse-cloud-emulator configure --fixture <file> --plugin`.";

/** A ConfigurationError told in the plugin's terms (see inPluginWords). */
export function inPluginTerms(error: ConfigurationError): ConfigurationError {
  const rename = inPluginWords;
  return new ConfigurationError(
    error.api,
    error.problems.map((problem) => ({
      key: rename(problem.key),
      envVar: problem.envVar,
      problem: rename(problem.problem),
    })),
    error.form,
  );
}

/** The error as the plugin reports it to a deployment: in its terms, with the note on its namespace. */
export function forPluginDeployment(error: ConfigurationError): ConfigurationError {
  const renamed = inPluginTerms(error);
  return new ConfigurationError(renamed.api, renamed.problems, renamed.form, pluginNamespaceNote);
}
