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
