/**
 * The connection settings of each API, resolved when an operation needs them. Nothing here logs or caches
 * values, so credentials are never captured beyond the call that uses them.
 */
import { SETTINGS } from "../../schemas/settings";
import { SettingsReader } from "./reader";
import { nonEmpty, type SettingsLookup } from "./sources";
import type { SharedBudgetSetting } from "./sharedBudget";
import type { ThrottleSetting } from "./throttle";

/** Connection settings of the management API. */
export interface ManagementSettings {
  readonly apiUrl: string;
  readonly tokenKey: string;
  readonly tokenSecret: string;
  readonly organizationId: string;
  /** The client-side throttle (`clickhouse:throttle`); the published limit unless configured. */
  readonly throttle: ThrottleSetting;
  /** Where the key's budget is shared with other processes (`clickhouse:sharedBudget`). */
  readonly sharedBudget: SharedBudgetSetting;
}

/** Connection settings of the observability API. */
export interface ObservabilitySettings {
  readonly apiUrl: string;
  readonly apiToken: string;
  /** The client-side throttle (`observability:throttle`); the published limit unless configured. */
  readonly throttle: ThrottleSetting;
  /** Where the token's budget is shared with other processes (`clickhouse:sharedBudget`). */
  readonly sharedBudget: SharedBudgetSetting;
}

/**
 * Resolves the management API's settings. `organizationId`, when given (a resource's own input), wins over
 * config and environment. Throws one ConfigurationError listing every missing or invalid setting.
 */
export function resolveManagementSettings(
  lookup: SettingsLookup = {},
  overrides: { readonly organizationId?: string } = {},
): ManagementSettings {
  const reader = new SettingsReader(lookup);
  const organizationId = nonEmpty(overrides.organizationId) ?? reader.read(SETTINGS.organizationId);
  const tokenKey = reader.read(SETTINGS.tokenKey);
  const tokenSecret = reader.read(SETTINGS.tokenSecret);
  const apiUrl = reader.read(SETTINGS.managementApiUrl);
  const throttle = reader.read(SETTINGS.managementThrottle);
  const sharedBudget = reader.read(SETTINGS.sharedBudget);
  reader.throwIfProblems("management API");
  return {
    apiUrl: apiUrl!,
    tokenKey: tokenKey!,
    tokenSecret: tokenSecret!,
    organizationId: organizationId!,
    throttle: throttle!,
    sharedBudget: sharedBudget!,
  };
}

/** Resolves the observability API's settings; throws one ConfigurationError listing every problem. */
export function resolveObservabilitySettings(lookup: SettingsLookup = {}): ObservabilitySettings {
  const reader = new SettingsReader(lookup);
  const apiUrl = reader.read(SETTINGS.observabilityApiUrl);
  const apiToken = reader.read(SETTINGS.observabilityApiToken);
  const throttle = reader.read(SETTINGS.observabilityThrottle);
  const sharedBudget = reader.read(SETTINGS.sharedBudget);
  reader.throwIfProblems("observability API");
  return { apiUrl: apiUrl!, apiToken: apiToken!, throttle: throttle!, sharedBudget: sharedBudget! };
}
