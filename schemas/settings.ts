/**
 * The provider's configuration as data: the config keys and environment variables of both APIs, which are secret,
 * how each value is read, what it means and its default. The provider resolves settings by them
 * (`provider/settings/`); the emulator's `configure` command writes a stack's config by them; the README's
 * configuration table is generated from them (`npm run generate`). None of these loads the Pulumi SDK to name a
 * setting.
 */

/**
 * How a value is read: `text` as given (trimmed); `url` as an API base URL (https, or http to a loopback host);
 * `throttle` as `off` or `<requests>/<seconds>s`; `sharedBudget` as `local`, `off` or a `redis://` / `rediss://` URL;
 * `dialect` as `spec` or `production`.
 */
export type SettingFormat = "text" | "url" | "throttle" | "sharedBudget" | "dialect";

export interface SettingSpec {
  /** The key of the dynamic classes' config, e.g. `clickhouse:tokenKey`. */
  readonly key: string;
  /** The key of the native provider plugin's config: its package name as namespace, e.g. `clickhouse-cloud:tokenKey`. */
  readonly pluginKey: string;
  readonly envVar: string;
  readonly secret: boolean;
  readonly format: SettingFormat;
  /** What the setting is for, as the README's configuration table says it. */
  readonly description: string;
  /** Shown in "how to set it" hints. */
  readonly placeholder: string;
  /**
   * The CLI refuses to store, without `--plaintext`, a random-looking value under a key whose name contains
   * "token", "secret" or "pass"; a key id is such a value, yet not a secret.
   */
  readonly plaintextFlag?: boolean;
  readonly defaultValue?: string;
  /** Why the default is what it is, when that is worth saying. */
  readonly defaultNote?: string;
  /** A default that depends on another setting (a dialect's on its API's URL), said in words. */
  readonly derivedDefault?: string;
  /** Set only to turn on a mode (managed ClickStack): unset is a complete configuration. */
  readonly optIn?: boolean;
}

/** Whether a configuration must set this: it has no default, fixed or derived, and turns on no mode. */
export function isRequiredSetting(spec: SettingSpec): boolean {
  return spec.defaultValue === undefined && spec.derivedDefault === undefined && spec.optIn !== true;
}

/** Every setting of both APIs. */
export const SETTINGS = {
  organizationId: {
    key: "clickhouse:organizationId",
    pluginKey: "clickhouse-cloud:organizationId",
    envVar: "CLICKHOUSE_ORG_ID",
    secret: false,
    format: "text",
    description: "default organization of every management resource",
    placeholder: "<organization-uuid>",
  },
  tokenKey: {
    key: "clickhouse:tokenKey",
    pluginKey: "clickhouse-cloud:tokenKey",
    envVar: "CLICKHOUSE_TOKEN_KEY",
    secret: false,
    format: "text",
    description: "API key id (Basic auth user)",
    placeholder: "<key-id>",
    plaintextFlag: true,
  },
  tokenSecret: {
    key: "clickhouse:tokenSecret",
    pluginKey: "clickhouse-cloud:tokenSecret",
    envVar: "CLICKHOUSE_TOKEN_SECRET",
    secret: true,
    format: "text",
    description: "API key secret (Basic auth password)",
    placeholder: "<key-secret>",
  },
  managementApiUrl: {
    key: "clickhouse:apiUrl",
    pluginKey: "clickhouse-cloud:apiUrl",
    envVar: "CLICKHOUSE_API_URL",
    secret: false,
    format: "url",
    description: "base URL of the management API",
    placeholder: "<https-url>",
    defaultValue: "https://api.clickhouse.cloud",
  },
  /** Which wire the management API speaks; unset, it follows the API URL's host. */
  managementApiDialect: {
    key: "clickhouse:apiDialect",
    pluginKey: "clickhouse-cloud:apiDialect",
    envVar: "CLICKHOUSE_API_DIALECT",
    secret: false,
    format: "dialect",
    description: "wire of the management API, `spec` or `production`",
    placeholder: "spec|production",
    derivedDefault: "`production` for api.clickhouse.cloud, `spec` elsewhere",
  },
  /**
   * How fast this process sends to the management API: `off`, or `<requests>/<seconds>s` counted over any sliding
   * window. The default is the published limit, 10 requests per 10 s per key.
   */
  managementThrottle: {
    key: "clickhouse:throttle",
    pluginKey: "clickhouse-cloud:throttle",
    envVar: "CLICKHOUSE_THROTTLE",
    secret: false,
    format: "throttle",
    description: "client-side rate, `<requests>/<seconds>s` or `off`",
    placeholder: "<requests>/<seconds>s|off",
    defaultValue: "10/10s",
    defaultNote: "the published limit",
  },
  observabilityApiUrl: {
    key: "observability:apiUrl",
    pluginKey: "clickhouse-cloud:observabilityApiUrl",
    envVar: "OBSERVABILITY_API_URL",
    secret: false,
    format: "url",
    description: "base URL of the observability API; required for alerts and series",
    placeholder: "<https-url>",
  },
  /** Which wire the observability API speaks; unset, it follows the API URL's host. */
  observabilityApiDialect: {
    key: "observability:apiDialect",
    pluginKey: "clickhouse-cloud:observabilityApiDialect",
    envVar: "OBSERVABILITY_API_DIALECT",
    secret: false,
    format: "dialect",
    description: "wire of the observability API, `spec` or `production`",
    placeholder: "spec|production",
    derivedDefault:
      "`production` for hosted ClickStack and HyperDX (`*.clickhouse.cloud`, `*.hyperdx.io`) and with " +
      "`observability:clickstackServiceId`, `spec` elsewhere",
  },
  /**
   * ClickStack managed by ClickHouse Cloud: the observability objects go through the Cloud API's routes of this
   * service, with the management API's URL and key; no observability URL or token is read. A resource's own
   * `clickstackServiceId` input wins over it.
   */
  clickstackServiceId: {
    key: "observability:clickstackServiceId",
    pluginKey: "clickhouse-cloud:clickstackServiceId",
    optIn: true,
    envVar: "CLICKSTACK_SERVICE_ID",
    secret: false,
    format: "text",
    description:
      "the ClickHouse Cloud service (uuid) whose managed ClickStack serves the alerts and the other observability " +
      "objects, through the management API's URL and key; the observability URL and token are then not needed. A " +
      "resource's own `clickstackServiceId` overrides it",
    placeholder: "<service-uuid>",
  },
  observabilityApiToken: {
    key: "observability:apiToken",
    pluginKey: "clickhouse-cloud:observabilityApiToken",
    envVar: "OBSERVABILITY_API_TOKEN",
    secret: true,
    format: "text",
    description: "Bearer token",
    placeholder: "<token>",
  },
  /**
   * How fast this process sends to the observability API: `off`, or `<requests>/<seconds>s`. The default is the
   * published limit, 100 requests per minute per token.
   */
  observabilityThrottle: {
    key: "observability:throttle",
    pluginKey: "clickhouse-cloud:observabilityThrottle",
    envVar: "OBSERVABILITY_THROTTLE",
    secret: false,
    format: "throttle",
    description: "client-side rate, `<requests>/<seconds>s` or `off`",
    placeholder: "<requests>/<seconds>s|off",
    defaultValue: "100/60s",
    defaultNote: "the published limit",
  },
  /**
   * Where the processes using one API key or token share its rate-limit budget, for both APIs: `local` (the
   * processes of this machine, through files), `off`, or a Redis URL that every runner names.
   */
  sharedBudget: {
    key: "clickhouse:sharedBudget",
    pluginKey: "clickhouse-cloud:sharedBudget",
    envVar: "PULUMI_CLICKHOUSE_CLOUD_SHARED_BUDGET",
    // A Redis URL may carry a password.
    secret: true,
    format: "sharedBudget",
    description:
      "where processes share a key's rate-limit budget: `local`, `off` or a `redis://` / `rediss://` URL",
    placeholder: "<redis-url>|local|off",
    defaultValue: "local",
    defaultNote: "this machine's processes",
  },
} as const satisfies Record<string, SettingSpec>;

export type SettingName = keyof typeof SETTINGS;

/** `pulumi config set [--secret] <key> <placeholder>`: the command that sets a setting in the stack. */
export function configSetCommand(spec: SettingSpec): string {
  const flag = spec.secret ? "--secret " : spec.plaintextFlag ? "--plaintext " : "";
  return `pulumi config set ${flag}${spec.key} ${spec.placeholder}`;
}
