/**
 * Reads settings by their spec and collects every problem instead of stopping at the first one: a missing value
 * says how to set it, and each format has its own parser (a base URL must be https or loopback http, a throttle
 * must be `off` or `<requests>/<seconds>s`).
 */
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

  /** Throws one ConfigurationError naming every problem recorded so far. */
  throwIfProblems(api: string): void {
    if (this.problems.length > 0) throw new ConfigurationError(api, this.problems);
  }

  private parse(
    spec: SettingSpec,
    value: string,
  ): string | ThrottleSetting | SharedBudgetSetting | undefined {
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
    }
  }

  private report(spec: SettingSpec, problem: string): undefined {
    this.problems.push({ key: spec.key, envVar: spec.envVar, problem });
    return undefined;
  }
}
