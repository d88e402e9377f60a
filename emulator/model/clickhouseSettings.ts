/**
 * A service's ClickHouse settings: those set explicitly, name to value. A PATCH sets the settings its JSON object
 * names and leaves the others; a DELETE of one resets it to the platform's default (a no-op for one never set). Every
 * name must be in the catalog the schema operation lists, and every value must fit its setting's type and, for an
 * enumerated setting, be one of its values; the API reports every value as a string, whatever the type.
 */
import type { ServiceRecord } from "../state/types";
import { ApiError, notFound } from "../server/errors";
import type { Problem } from "./problems";
import { settingsCatalog, type SettingSchemaEntry } from "./clickhouseSettingsCatalog";

/** What a JSON object may give a setting: the API reports each as a string. */
type GivenValue = string | number | boolean;

const catalogByName = new Map(settingsCatalog.map((entry) => [entry.name, entry]));

/** `GET .../clickhouseSettings/schema`. */
export function settingsSchema() {
  return { settings: settingsCatalog.map((entry) => ({ ...entry, enum: entry.enum && [...entry.enum] })) };
}

/** `GET .../clickhouseSettings`: only the settings set explicitly. */
export function settingsList(service: ServiceRecord) {
  return {
    settings: Object.entries(service.clickhouseSettings ?? {}).map(([name, value]) => ({ name, value })),
  };
}

/** `GET .../clickhouseSettings/{settingName}`: 400 for a name the catalog lacks, 404 for one not set. */
export function settingOf(service: ServiceRecord, name: string) {
  knownSetting(name);
  const value = service.clickhouseSettings?.[name];
  if (value === undefined) throw notFound(`Setting ${name} is not set on service ${service.id}`);
  return { name, value };
}

/** The PATCH's `settings` string as the object it must hold; a 400 naming the problem otherwise. */
export function settingsObjectOf(text: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw ApiError.invalid([{ property: "settings", message: "must be a JSON object written as a string" }]);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw ApiError.invalid([
      { property: "settings", message: "must hold a JSON object of setting names to values" },
    ]);
  }
  const entries = Object.entries(parsed);
  if (entries.length === 0) {
    throw ApiError.invalid([{ property: "settings", message: "must name at least one setting" }]);
  }
  const problems: Problem[] = [];
  const values: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (!isGivenValue(value)) {
      problems.push({ property: `settings.${name}`, message: "must be a string, a number or a boolean" });
      continue;
    }
    values[name] = String(value);
  }
  if (problems.length > 0) throw ApiError.invalid(problems);
  return values;
}

/** Every unknown name and every value that does not fit its setting. */
export function settingsProblems(values: Record<string, string>): Problem[] {
  return Object.entries(values).flatMap(([name, value]) => {
    const entry = catalogByName.get(name);
    if (entry === undefined) return [unknownSetting(name)];
    const problem = valueProblem(entry, value);
    return problem === undefined ? [] : [{ property: `settings.${name}`, message: problem }];
  });
}

/** Sets the values; answers what was applied (a JSON object as a string) and a warning per disruptive setting. */
export function applySettings(service: ServiceRecord, values: Record<string, string>) {
  service.clickhouseSettings = { ...service.clickhouseSettings, ...values };
  const warnings = Object.keys(values).flatMap((name) => {
    const warning = catalogByName.get(name)?.warning;
    return warning === undefined ? [] : [{ name, message: warning }];
  });
  return { settings: JSON.stringify(values), warnings };
}

/** Resets one setting to the platform's default: 400 for an unknown name, nothing to do for one not set. */
export function resetSetting(service: ServiceRecord, name: string): void {
  knownSetting(name);
  if (service.clickhouseSettings === undefined) return;
  const { [name]: _reset, ...kept } = service.clickhouseSettings;
  service.clickhouseSettings = kept;
}

function knownSetting(name: string): SettingSchemaEntry {
  const entry = catalogByName.get(name);
  if (entry === undefined) throw ApiError.invalid([unknownSetting(name)], "Params");
  return entry;
}

function unknownSetting(name: string): Problem {
  return {
    property: `settings.${name}`,
    message: "is not a setting this service lets you change (GET .../clickhouseSettings/schema lists them)",
  };
}

function isGivenValue(value: unknown): value is GivenValue {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}

/** What is wrong with `value` for the setting, or undefined when it fits. */
function valueProblem(entry: SettingSchemaEntry, value: string): string | undefined {
  if (entry.enum !== undefined && !entry.enum.map(String).includes(value)) {
    return `must be one of ${entry.enum.join(", ")}; got ${JSON.stringify(value)}`;
  }
  const form = typeForms[entry.type];
  if (form !== undefined && !form.pattern.test(value)) {
    return `must be ${form.words} (its type is ${entry.type}); got ${JSON.stringify(value)}`;
  }
  return undefined;
}

/** How a value of each of the catalog's types is written; a String takes anything. */
const typeForms: Record<string, { pattern: RegExp; words: string } | undefined> = {
  UInt64: { pattern: /^\d+$/, words: "a whole number, 0 or more" },
  Int64: { pattern: /^-?\d+$/, words: "a whole number" },
  Bool: { pattern: /^(0|1|true|false)$/i, words: "0, 1, true or false" },
  Seconds: { pattern: /^\d+(\.\d+)?$/, words: "a number of seconds, 0 or more" },
};
