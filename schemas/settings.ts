/**
 * The provider's configuration as data: the config keys and environment variables of both APIs, which are secret,
 * and their defaults. The provider reads settings by them; the emulator's `configure` command writes a stack's
 * config by them; neither loads the Pulumi SDK to name a setting.
 */
export interface SettingSpec {
  readonly key: string;
  readonly envVar: string;
  readonly secret: boolean;
  /** Shown in "how to set it" hints. */
  readonly placeholder: string;
  /**
   * The CLI refuses to store, without `--plaintext`, a random-looking value under a key whose name contains
   * "token", "secret" or "pass"; a key id is such a value, yet not a secret.
   */
  readonly plaintextFlag?: boolean;
  readonly defaultValue?: string;
}

/** Every setting of both APIs. */
export const SETTINGS = {
  organizationId: {
    key: "clickhouse:organizationId",
    envVar: "CLICKHOUSE_ORG_ID",
    secret: false,
    placeholder: "<organization-uuid>",
  },
  tokenKey: {
    key: "clickhouse:tokenKey",
    envVar: "CLICKHOUSE_TOKEN_KEY",
    secret: false,
    placeholder: "<key-id>",
    plaintextFlag: true,
  },
  tokenSecret: {
    key: "clickhouse:tokenSecret",
    envVar: "CLICKHOUSE_TOKEN_SECRET",
    secret: true,
    placeholder: "<key-secret>",
  },
  managementApiUrl: {
    key: "clickhouse:apiUrl",
    envVar: "CLICKHOUSE_API_URL",
    secret: false,
    placeholder: "<https-url>",
    defaultValue: "https://api.clickhouse.cloud",
  },
  observabilityApiUrl: {
    key: "observability:apiUrl",
    envVar: "OBSERVABILITY_API_URL",
    secret: false,
    placeholder: "<https-url>",
  },
  observabilityApiToken: {
    key: "observability:apiToken",
    envVar: "OBSERVABILITY_API_TOKEN",
    secret: true,
    placeholder: "<token>",
  },
  /**
   * How fast this process sends to the management API: `off`, or `<requests>/<seconds>s` counted over any sliding
   * window. The default is the published limit, 10 requests per 10 s per key.
   */
  managementThrottle: {
    key: "clickhouse:throttle",
    envVar: "CLICKHOUSE_THROTTLE",
    secret: false,
    placeholder: "<requests>/<seconds>s|off",
    defaultValue: "10/10s",
  },
  /**
   * How fast this process sends to the observability API: `off`, or `<requests>/<seconds>s`. The default is the
   * published limit, 100 requests per minute per token.
   */
  observabilityThrottle: {
    key: "observability:throttle",
    envVar: "OBSERVABILITY_THROTTLE",
    secret: false,
    placeholder: "<requests>/<seconds>s|off",
    defaultValue: "100/60s",
  },
} as const satisfies Record<string, SettingSpec>;

/** `pulumi config set [--secret] <key> <placeholder>`: the command that sets a setting in the stack. */
export function configSetCommand(spec: SettingSpec): string {
  const flag = spec.secret ? "--secret " : spec.plaintextFlag ? "--plaintext " : "";
  return `pulumi config set ${flag}${spec.key} ${spec.placeholder}`;
}
