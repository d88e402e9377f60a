/**
 * Where settings come from: a Pulumi config source first (the stack config a dynamic provider receives through
 * `configure`, or `pulumi.Config` in the program), then environment variables, then the setting's default.
 */
import type { SettingSpec } from "../../schemas/settings";

/**
 * Where stack configuration comes from. Keys are full `namespace:name` keys such as `clickhouse:tokenKey`.
 * The dynamic provider's `ConfigureRequest.config` fits as is: its `get` keeps a key that has a namespace.
 */
export interface ConfigSource {
  get(key: string): string | undefined;
}

/** Environment variables to fall back to; `process.env` unless a caller (a test) passes its own. */
export type Environment = Readonly<Record<string, string | undefined>>;

export interface SettingsLookup {
  /** Stack config; omitted when only the environment applies. */
  readonly source?: ConfigSource;
  readonly env?: Environment;
}

/** The setting's value: non-empty config, else non-empty environment variable, else its default. */
export function lookUp(lookup: SettingsLookup, spec: SettingSpec): string | undefined {
  // Config values may arrive as non-strings (numbers) from some engines; they are settings either way.
  const fromConfig: unknown = lookup.source?.get(spec.key);
  const configured = fromConfig === undefined || fromConfig === null ? undefined : String(fromConfig);
  const env = lookup.env ?? process.env;
  return nonEmpty(configured) ?? nonEmpty(env[spec.envVar]) ?? spec.defaultValue;
}

/** True when the user set the setting at all: any config value, or a non-empty environment variable. */
export function isSet(lookup: SettingsLookup, spec: SettingSpec): boolean {
  const env = lookup.env ?? process.env;
  return lookup.source?.get(spec.key) !== undefined || (env[spec.envVar] ?? "") !== "";
}

export function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === "" ? undefined : trimmed;
}
