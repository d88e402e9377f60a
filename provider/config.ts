/**
 * Credentials and endpoints of both APIs. Each setting is read from a Pulumi config source first (the stack
 * config a dynamic provider receives through `configure`, or `pulumi.Config` in the program), then from an
 * environment variable. Nothing here logs or caches values: callers resolve settings when they need them.
 */
import * as pulumi from "@pulumi/pulumi";
import { BaseUrlError, checkBaseUrl } from "./rest/baseUrl";
import { SETTINGS, configSetCommand, type SettingSpec } from "../schemas/settings";
import { parseThrottleSetting, type ThrottleSetting } from "./rest/throttleSetting";

export { SETTINGS, type SettingSpec, type ThrottleSetting };

/**
 * Where stack configuration comes from. Keys are full `namespace:name` keys such as `clickhouse:tokenKey`.
 * The dynamic provider's `ConfigureRequest.config` fits as is: its `get` keeps a key that has a namespace.
 */
export interface ConfigSource {
  get(key: string): string | undefined;
}

/** Environment variables to fall back to; `process.env` unless a caller (a test) passes its own. */
export type Environment = Readonly<Record<string, string | undefined>>;

/** One setting that is missing or unusable, with what the user should do about it. */
export interface ConfigurationProblem {
  readonly key: string;
  readonly envVar: string;
  readonly problem: string;
}

/**
 * Every problem found while resolving one API's settings, reported together so one fix round suffices. The
 * `reference` form is one line naming the keys, for when the full list has been reported already in this run.
 */
export class ConfigurationError extends Error {
  override readonly name = "ConfigurationError";
  constructor(
    readonly api: string,
    readonly problems: readonly ConfigurationProblem[],
    readonly form: "full" | "reference" = "full",
  ) {
    super(
      form === "full"
        ? `configuration for the ${api} is incomplete:\n` +
            problems.map((p) => `  - ${p.key} (or env ${p.envVar}): ${p.problem}`).join("\n")
        : `configuration for the ${api} is incomplete: ` +
            `${problems.map((p) => `${p.key} (or env ${p.envVar})`).join(", ")} ` +
            "(reported in full once in this run, with how to set each)",
    );
  }
}

/** Full messages of the configuration errors this process has reported. */
const reportedInFull = new Set<string>();

/**
 * The error to throw in a process that resolves settings for many operations: every resource of a deployment
 * runs in one dynamic-provider process, and a program may call getSeries many times. The first report of a given
 * set of problems is in full; later ones are a one-line reference to it, so a missing setting is explained once
 * per run rather than once per resource.
 */
export function reportOncePerProcess(error: ConfigurationError): ConfigurationError {
  if (error.form === "reference" || !reportedInFull.has(error.message)) {
    reportedInFull.add(error.message);
    return error;
  }
  return new ConfigurationError(error.api, error.problems, "reference");
}

/** Connection settings of the management API. */
export interface ManagementSettings {
  readonly apiUrl: string;
  readonly tokenKey: string;
  readonly tokenSecret: string;
  readonly organizationId: string;
  /** The client-side throttle (`clickhouse:throttle`); the published limit unless configured. */
  readonly throttle: ThrottleSetting;
}

/** Connection settings of the observability API. */
export interface ObservabilitySettings {
  readonly apiUrl: string;
  readonly apiToken: string;
  /** The client-side throttle (`observability:throttle`); the published limit unless configured. */
  readonly throttle: ThrottleSetting;
}

export interface SettingsLookup {
  /** Stack config; omitted when only the environment applies. */
  readonly source?: ConfigSource;
  readonly env?: Environment;
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
  const organizationId = nonEmpty(overrides.organizationId) ?? reader.required(SETTINGS.organizationId);
  const tokenKey = reader.required(SETTINGS.tokenKey);
  const tokenSecret = reader.required(SETTINGS.tokenSecret);
  const apiUrl = reader.url(SETTINGS.managementApiUrl);
  const throttle = reader.throttle(SETTINGS.managementThrottle);
  reader.throwIfProblems("management API");
  return {
    apiUrl: apiUrl!,
    tokenKey: tokenKey!,
    tokenSecret: tokenSecret!,
    organizationId: organizationId!,
    throttle: throttle!,
  };
}

/** Resolves the observability API's settings; throws one ConfigurationError listing every problem. */
export function resolveObservabilitySettings(lookup: SettingsLookup = {}): ObservabilitySettings {
  const reader = new SettingsReader(lookup);
  const apiUrl = reader.url(SETTINGS.observabilityApiUrl);
  const apiToken = reader.required(SETTINGS.observabilityApiToken);
  const throttle = reader.throttle(SETTINGS.observabilityThrottle);
  reader.throwIfProblems("observability API");
  return { apiUrl: apiUrl!, apiToken: apiToken!, throttle: throttle! };
}

/**
 * The program-side source: `pulumi.Config` bags for the `clickhouse` and `observability` namespaces, for code
 * that runs in the Pulumi program rather than in the dynamic provider (getSeries).
 */
export function programConfigSource(): ConfigSource {
  const bags = new Map<string, pulumi.Config>();
  return {
    get(key: string): string | undefined {
      const separator = key.indexOf(":");
      if (separator <= 0) return undefined;
      const namespace = key.slice(0, separator);
      let bag = bags.get(namespace);
      if (bag === undefined) {
        bag = new pulumi.Config(namespace);
        bags.set(namespace, bag);
      }
      return bag.get(key.slice(separator + 1));
    },
  };
}

/** Reads settings and collects problems instead of stopping at the first one. */
class SettingsReader {
  private readonly problems: ConfigurationProblem[] = [];
  private readonly source: ConfigSource | undefined;
  private readonly env: Environment;

  constructor(lookup: SettingsLookup) {
    this.source = lookup.source;
    this.env = lookup.env ?? process.env;
  }

  lookup(spec: SettingSpec): string | undefined {
    // Config values may arrive as non-strings (numbers) from some engines; they are settings either way.
    const fromConfig: unknown = this.source?.get(spec.key);
    const configured = fromConfig === undefined || fromConfig === null ? undefined : String(fromConfig);
    return nonEmpty(configured) ?? nonEmpty(this.env[spec.envVar]) ?? spec.defaultValue;
  }

  required(spec: SettingSpec): string | undefined {
    const value = this.lookup(spec);
    if (value === undefined) {
      this.problems.push({ key: spec.key, envVar: spec.envVar, problem: `missing; ${howToSet(spec)}` });
    }
    return value;
  }

  url(spec: SettingSpec): string | undefined {
    const value = this.required(spec);
    if (value === undefined) return undefined;
    try {
      return checkBaseUrl(value, spec.key);
    } catch (error) {
      if (!(error instanceof BaseUrlError)) throw error;
      this.problems.push({ key: spec.key, envVar: spec.envVar, problem: error.message });
      return undefined;
    }
  }

  throttle(spec: SettingSpec): ThrottleSetting | undefined {
    const value = this.required(spec);
    if (value === undefined) return undefined;
    const parsed = parseThrottleSetting(value);
    if (typeof parsed === "object" && "problem" in parsed) {
      this.problems.push({ key: spec.key, envVar: spec.envVar, problem: parsed.problem });
      return undefined;
    }
    return parsed;
  }

  throwIfProblems(api: string): void {
    if (this.problems.length > 0) throw new ConfigurationError(api, this.problems);
  }
}

function howToSet(spec: SettingSpec): string {
  return `run \`${configSetCommand(spec)}\` or set ${spec.envVar}`;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === "" ? undefined : trimmed;
}
