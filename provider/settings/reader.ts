/**
 * Reads settings by their spec and collects every problem instead of stopping at the first one: a missing value
 * says how to set it, and each format has its own parser (a base URL must be https or loopback http, a throttle
 * must be `off` or `<requests>/<seconds>s`).
 */
import { apiDialects, defaultDialectOf, type ApiDialect } from "../../schemas/dialects";
import { configSetCommand, type SettingFormat, type SettingSpec } from "../../schemas/settings";
import { BaseUrlError, checkBaseUrl } from "./baseUrl";
import { ConfigurationError, type ConfigurationProblem } from "./errors";
import { lookUp, type SettingsLookup } from "./sources";
import { parseSharedBudgetSetting, type SharedBudgetSetting } from "./sharedBudget";
import { parseThrottleSetting, type ThrottleSetting } from "./throttle";

/** The parsed value of a setting of the given format. */
export type SettingValue<F extends SettingFormat> = F extends "throttle"
  ? ThrottleSetting
  : F extends "sharedBudget"
    ? SharedBudgetSetting
    : F extends "dialect"
      ? ApiDialect
      : string;

export class SettingsReader {
  private readonly problems: ConfigurationProblem[] = [];

  constructor(private readonly lookup: SettingsLookup) {}

  /** The setting's parsed value; undefined (and a problem recorded) when it is missing or unusable. */
  read<S extends SettingSpec>(spec: S): SettingValue<S["format"]> | undefined {
    const value = lookUp(this.lookup, spec);
    if (value === undefined) {
      this.report(spec, `missing; run \`${configSetCommand(spec)}\` or set ${spec.envVar}`);
      return undefined;
    }
    return this.parse(spec, value) as SettingValue<S["format"]> | undefined;
  }

  /**
   * The API's dialect: the configured one, else the one its URL's host speaks (`production` on a real service's
   * host). Undefined, with a problem recorded, when the configured value is neither `spec` nor `production`.
   */
  readDialect(
    spec: SettingSpec,
    apiUrl: string | undefined,
    api: "management" | "observability",
  ): ApiDialect | undefined {
    const value = lookUp(this.lookup, spec);
    if (value === undefined) return apiUrl === undefined ? "spec" : defaultDialectOf(apiUrl, api);
    return this.parse(spec, value) as ApiDialect | undefined;
  }

  /** Throws one ConfigurationError naming every problem recorded so far. */
  throwIfProblems(api: string): void {
    if (this.problems.length > 0) throw new ConfigurationError(api, this.problems);
  }

  private parse(
    spec: SettingSpec,
    value: string,
  ): string | ThrottleSetting | SharedBudgetSetting | ApiDialect | undefined {
    switch (spec.format) {
      case "text":
        return value;
      case "url":
        try {
          return checkBaseUrl(value, spec.key);
        } catch (error) {
          if (!(error instanceof BaseUrlError)) throw error;
          return this.report(spec, error.message);
        }
      case "throttle": {
        const parsed = parseThrottleSetting(value);
        return typeof parsed === "object" && "problem" in parsed ? this.report(spec, parsed.problem) : parsed;
      }
      case "sharedBudget": {
        const parsed = parseSharedBudgetSetting(value);
        return typeof parsed === "object" && "problem" in parsed ? this.report(spec, parsed.problem) : parsed;
      }
      case "dialect":
        return parseDialect(value) ?? this.report(spec, dialectProblem(value));
    }
  }

  private report(spec: SettingSpec, problem: string): undefined {
    this.problems.push({ key: spec.key, envVar: spec.envVar, problem });
    return undefined;
  }
}

/** `spec` or `production`, in any case; undefined for anything else. */
export function parseDialect(value: string): ApiDialect | undefined {
  const word = value.trim().toLowerCase();
  return (apiDialects as readonly string[]).includes(word) ? (word as ApiDialect) : undefined;
}

export function dialectProblem(value: string): string {
  return `must be ${apiDialects.map((d) => `\`${d}\``).join(" or ")}; got ${JSON.stringify(value)}`;
}
