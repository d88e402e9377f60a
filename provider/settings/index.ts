/**
 * The provider's settings: the table of config keys, env vars, formats and defaults (`schemas/settings.ts`),
 * resolved config first, then environment, then default, each value parsed by its format, every problem of an API
 * reported at once. The REST clients import only `baseUrl` and `throttle` from here, which load no Pulumi SDK.
 */
export { SETTINGS, configSetCommand, type SettingFormat, type SettingSpec } from "../../schemas/settings";
export { BaseUrlError, checkBaseUrl, isLoopbackHost } from "./baseUrl";
export { ConfigurationError, reportOncePerProcess, type ConfigurationProblem } from "./errors";
export { programConfigSource } from "./programConfig";
export {
  resolveManagementSettings,
  resolveObservabilitySettings,
  type ManagementSettings,
  type ObservabilitySettings,
} from "./resolve";
export { isSet, type ConfigSource, type Environment, type SettingsLookup } from "./sources";
export { parseThrottleSetting, type ThrottleSetting } from "./throttle";
