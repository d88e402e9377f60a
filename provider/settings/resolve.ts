/**
 * The connection settings of each API, resolved when an operation needs them. Nothing here logs or caches
 * values, so credentials are never captured beyond the call that uses them.
 */
import type { ApiDialect } from "../../schemas/dialects";
import { SETTINGS } from "../../schemas/settings";
import { ConfigurationError } from "./errors";
import { SettingsReader } from "./reader";
import { lookUp, nonEmpty, type SettingsLookup } from "./sources";
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
  /** The wire the API speaks (`clickhouse:apiDialect`); unset, `production` on api.clickhouse.cloud. */
  readonly dialect: ApiDialect;
}

/** ClickStack managed by ClickHouse Cloud: its service, and the management API's connection that reaches it. */
export interface ManagedClickStack {
  readonly serviceId: string;
  readonly organizationId: string;
  readonly tokenKey: string;
  readonly tokenSecret: string;
}

/** Connection settings of the observability API. */
export interface ObservabilitySettings {
  readonly apiUrl: string;
  readonly apiToken: string;
  /** The client-side throttle (`observability:throttle`); the published limit unless configured. */
  readonly throttle: ThrottleSetting;
  /** Where the token's budget is shared with other processes (`clickhouse:sharedBudget`). */
  readonly sharedBudget: SharedBudgetSetting;
  /** The wire the API speaks (`observability:apiDialect`); unset, `production` on a hosted service's host. */
  readonly dialect: ApiDialect;
  /**
   * Set by a resource's `clickstackServiceId` or by `observability:clickstackServiceId`: the objects go through the
   * Cloud API (then `apiUrl` is the management API's, `apiToken` is empty, the throttle the management API's and
   * the dialect production).
   */
  readonly clickstack?: ManagedClickStack;
}

/** What a resource says of where its observability object lives. */
export interface ObservabilityOverrides {
  /** The service whose managed ClickStack holds the object (a resource's own input): wins over config. */
  readonly clickstackServiceId?: string;
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
  const dialect = reader.readDialect(SETTINGS.managementApiDialect, apiUrl, "management");
  reader.throwIfProblems("management API");
  return {
    apiUrl: apiUrl!,
    tokenKey: tokenKey!,
    tokenSecret: tokenSecret!,
    organizationId: organizationId!,
    throttle: throttle!,
    sharedBudget: sharedBudget!,
    dialect: dialect!,
  };
}

/**
 * Resolves the observability API's settings: managed ClickStack when the resource names a service
 * (`overrides.clickstackServiceId`) or the config does, else the observability API's URL and token. Throws one
 * ConfigurationError listing every problem.
 */
export function resolveObservabilitySettings(
  lookup: SettingsLookup = {},
  overrides: ObservabilityOverrides = {},
): ObservabilitySettings {
  const clickstackServiceId = managedClickStackServiceId(lookup, overrides);
  if (clickstackServiceId !== undefined) return managedClickStackSettings(lookup, clickstackServiceId);
  const reader = new SettingsReader(lookup);
  const apiUrl = reader.read(SETTINGS.observabilityApiUrl);
  const apiToken = reader.read(SETTINGS.observabilityApiToken);
  const throttle = reader.read(SETTINGS.observabilityThrottle);
  const sharedBudget = reader.read(SETTINGS.sharedBudget);
  const dialect = reader.readDialect(SETTINGS.observabilityApiDialect, apiUrl, "observability");
  reader.throwIfProblems("observability API");
  return {
    apiUrl: apiUrl!,
    apiToken: apiToken!,
    throttle: throttle!,
    sharedBudget: sharedBudget!,
    dialect: dialect!,
  };
}

/** Whether the observability objects are on a managed ClickStack, by the resource's service or the config's. */
export function onManagedClickStack(lookup: SettingsLookup, overrides: ObservabilityOverrides = {}): boolean {
  return managedClickStackServiceId(lookup, overrides) !== undefined;
}

/** The service whose managed ClickStack serves the observability objects: the resource's, else the config's. */
function managedClickStackServiceId(
  lookup: SettingsLookup,
  overrides: ObservabilityOverrides,
): string | undefined {
  return nonEmpty(overrides.clickstackServiceId) ?? nonEmpty(lookUp(lookup, SETTINGS.clickstackServiceId));
}

/** What a missing management setting is reported under when it is managed ClickStack that needs it. */
export const MANAGED_CLICKSTACK_API = "management API (through which managed ClickStack is reached)";

/** Managed ClickStack: the management API's settings, which must all be there, reach the service's ClickStack. */
function managedClickStackSettings(lookup: SettingsLookup, serviceId: string): ObservabilitySettings {
  const management = managementSettingsFor(lookup);
  return {
    apiUrl: management.apiUrl,
    apiToken: "",
    throttle: management.throttle,
    sharedBudget: management.sharedBudget,
    dialect: "production",
    clickstack: {
      serviceId,
      organizationId: management.organizationId,
      tokenKey: management.tokenKey,
      tokenSecret: management.tokenSecret,
    },
  };
}

/**
 * The management settings managed ClickStack needs; a problem is reported as managed ClickStack's, since the user
 * asked for observability objects and may not expect the management API's settings to be needed for them.
 */
function managementSettingsFor(lookup: SettingsLookup): ManagementSettings {
  try {
    return resolveManagementSettings(lookup);
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    throw new ConfigurationError(MANAGED_CLICKSTACK_API, error.problems, error.form, error.note);
  }
}

/**
 * The wire an API speaks, resolved alone: `pulumi preview` checks a resource's inputs by it before any credential is
 * needed. Throws a ConfigurationError only for a dialect that is neither `spec` nor `production`.
 */
export function resolveDialect(
  lookup: SettingsLookup,
  api: "management" | "observability",
  overrides: ObservabilityOverrides = {},
): ApiDialect {
  // Managed ClickStack is reached through the Cloud API, which speaks the production wire.
  if (api === "observability" && managedClickStackServiceId(lookup, overrides) !== undefined) {
    return "production";
  }
  const reader = new SettingsReader(lookup);
  const management = api === "management";
  const url = lookUp(lookup, management ? SETTINGS.managementApiUrl : SETTINGS.observabilityApiUrl);
  const dialect = reader.readDialect(
    management ? SETTINGS.managementApiDialect : SETTINGS.observabilityApiDialect,
    url,
    api,
  );
  reader.throwIfProblems(`${api} API`);
  return dialect!;
}
