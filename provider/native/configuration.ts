/**
 * The plugin's configuration: the `clickhouse-cloud` namespace. Each of its keys stands for one setting of the
 * dynamic path (`clickhouse:*`, `observability:*`), so the same resolution (config first, then the same
 * environment variables, then the same defaults) and the same checks apply; only the names users see differ.
 */
import { SETTINGS, type SettingSpec } from "../../schemas/settings";
import { BaseUrlError, checkBaseUrl } from "../settings/baseUrl";
import type { ConfigSource } from "../settings/sources";
import { parseSharedBudgetSetting } from "../settings/sharedBudget";
import { dialectProblem, parseDialect } from "../settings/reader";
import { parseThrottleSetting } from "../settings/throttle";
import { PACKAGE_NAME } from "../resources/typeTokens";

/** The package name, which is also the config namespace of its provider. */
export const packageName = PACKAGE_NAME;

/** Each key of the plugin's config, with the setting it stands for and its documentation. */
export const nativeSettings = {
  organizationId: {
    setting: SETTINGS.organizationId,
    description: "The organization (uuid) resources belong to unless they name their own.",
  },
  tokenKey: { setting: SETTINGS.tokenKey, description: "The management API key id (Basic-auth user name)." },
  tokenSecret: {
    setting: SETTINGS.tokenSecret,
    description: "The management API key secret (Basic-auth password).",
  },
  apiUrl: { setting: SETTINGS.managementApiUrl, description: "The management API's base URL." },
  throttle: {
    setting: SETTINGS.managementThrottle,
    description:
      "How fast this provider sends to the management API: `off`, or `<requests>/<seconds>s` over any sliding window.",
  },
  apiDialect: {
    setting: SETTINGS.managementApiDialect,
    description:
      "The wire the management API speaks: `spec` (the API specification's) or `production` (the real service's). " +
      "Unset, `production` for api.clickhouse.cloud and `spec` elsewhere.",
  },
  observabilityApiUrl: {
    setting: SETTINGS.observabilityApiUrl,
    description: "The observability API's base URL.",
  },
  observabilityApiToken: {
    setting: SETTINGS.observabilityApiToken,
    description: "The observability API's bearer token.",
  },
  observabilityThrottle: {
    setting: SETTINGS.observabilityThrottle,
    description: "How fast this provider sends to the observability API: `off`, or `<requests>/<seconds>s`.",
  },
  sharedBudget: {
    setting: SETTINGS.sharedBudget,
    description:
      "Where the processes using one key share its rate-limit budget, for both APIs: `local` (this machine's " +
      "processes, the default), `off`, or a `redis://` / `rediss://` URL every runner names.",
  },
  clickstackServiceId: {
    setting: SETTINGS.clickstackServiceId,
    description:
      "ClickStack managed by ClickHouse Cloud: the service (uuid) whose ClickStack serves the alerts, reached " +
      "through the management API's URL and key (`clickhouse-cloud:apiUrl`, `clickhouse-cloud:tokenKey`, " +
      "`clickhouse-cloud:tokenSecret`); the observability URL and token are then not needed.",
  },
  observabilityApiDialect: {
    setting: SETTINGS.observabilityApiDialect,
    description:
      "The wire the observability API speaks: `spec` (the API specification's) or `production` (HyperDX's external " +
      "API v2). Unset, `production` for hosted ClickStack and HyperDX hosts and `spec` elsewhere.",
  },
} as const satisfies Record<string, { setting: SettingSpec; description: string }>;

export type NativeSettingName = keyof typeof nativeSettings;

const nameBySettingKey = new Map<string, NativeSettingName>(
  (Object.keys(nativeSettings) as NativeSettingName[]).map((name) => [
    nativeSettings[name].setting.key,
    name,
  ]),
);

/** The full config key users set, e.g. `clickhouse-cloud:tokenKey`. */
export function nativeKey(name: NativeSettingName): string {
  return nativeSettings[name].setting.pluginKey;
}

/**
 * The plugin's config values as the source the shared resolution reads: asked for `clickhouse:tokenKey`, it
 * answers with the value of `tokenKey`.
 */
export function nativeConfigSource(values: Readonly<Record<string, string>>): ConfigSource {
  return {
    get(key: string): string | undefined {
      const name = nameBySettingKey.get(key);
      return name === undefined ? undefined : values[name];
    },
  };
}

/**
 * Config values as strings, keyed by their name in the namespace. Configure's `args` carry them typed (a number
 * for a throttle set with `--path`, say) and possibly as secret markers; `variables` carry them as strings with
 * full keys, from engines that send no `args`.
 */
export function configValues(
  args: Readonly<Record<string, unknown>>,
  variables: ReadonlyMap<string, string>,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of Object.keys(nativeSettings) as NativeSettingName[]) {
    const arg = args[name];
    const value = arg === undefined || arg === null ? variables.get(nativeKey(name)) : String(arg);
    if (value !== undefined) values[name] = value;
  }
  return values;
}

/** One problem with a set config value, for CheckConfig: what the engine shows before any resource runs. */
export interface ConfigProblem {
  readonly property: NativeSettingName;
  readonly reason: string;
}

/**
 * The problems of the values that are set: a URL that is not one, a throttle or shared budget that does not parse. Missing values
 * are no problem here: an environment variable may supply them, and only the operations that need them fail.
 */
export function setValueProblems(values: Readonly<Record<string, string>>): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const name of ["apiUrl", "observabilityApiUrl"] as const) {
    const value = values[name]?.trim();
    if (!value) continue;
    try {
      checkBaseUrl(value, nativeKey(name));
    } catch (error) {
      if (!(error instanceof BaseUrlError)) throw error;
      problems.push({ property: name, reason: error.message });
    }
  }
  for (const name of ["throttle", "observabilityThrottle"] as const) {
    const value = values[name]?.trim();
    if (!value) continue;
    const parsed = parseThrottleSetting(value);
    if (typeof parsed === "object" && "problem" in parsed) {
      problems.push({ property: name, reason: `${nativeKey(name)}: ${parsed.problem}` });
    }
  }
  const sharedBudget = values.sharedBudget?.trim();
  const parsedBudget = sharedBudget ? parseSharedBudgetSetting(sharedBudget) : undefined;
  if (typeof parsedBudget === "object" && "problem" in parsedBudget) {
    problems.push({
      property: "sharedBudget",
      reason: `${nativeKey("sharedBudget")}: ${parsedBudget.problem}`,
    });
  }
  for (const name of ["apiDialect", "observabilityApiDialect"] as const) {
    const value = values[name]?.trim();
    if (value && parseDialect(value) === undefined) {
      problems.push({ property: name, reason: `${nativeKey(name)} ${dialectProblem(value)}` });
    }
  }
  return problems;
}

export { forPluginDeployment, inPluginTerms, inPluginWords } from "../settings/pluginKeys";
