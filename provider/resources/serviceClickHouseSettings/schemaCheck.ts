/**
 * ClickHouse settings checked against the settings schema a service publishes (`GET .../clickhouseSettings/schema`):
 * every name must be listed, and every value must fit its setting's type (as ClickHouse names types: UInt64, Int64,
 * Bool, Float64, Seconds, String, ...) and, for an enumerated setting, be one of its values. A type this check does not
 * know is left to the API.
 */
import type { ClickHouseSettingsCatalog } from "../../rest";
import type { ValidationProblem } from "../../validation/validate";

type SchemaEntry = ClickHouseSettingsCatalog["settings"][number];

/** How a value of a family of types is written. */
interface TypeForm {
  readonly types: RegExp;
  readonly pattern: RegExp;
  readonly words: string;
}

const typeForms: readonly TypeForm[] = [
  { types: /^bool(ean)?$/i, pattern: /^(0|1|true|false)$/i, words: "0, 1, true or false" },
  { types: /^uint\d*$/i, pattern: /^\d+$/, words: "a whole number, 0 or more" },
  { types: /^(int\d*|integer)$/i, pattern: /^-?\d+$/, words: "a whole number" },
  { types: /^(float\d*|double|number)$/i, pattern: /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/, words: "a number" },
  { types: /^(seconds|milliseconds)$/i, pattern: /^\d+(\.\d+)?$/, words: "a duration, 0 or more" },
];

/** The problems of `settings` against the schema's entries, each under the `settings` input, naming the setting. */
export function settingsSchemaProblems(
  catalog: ClickHouseSettingsCatalog,
  settings: Readonly<Record<string, string>>,
  serviceId: string,
): ValidationProblem[] {
  const byName = new Map(catalog.settings.map((entry) => [entry.name, entry]));
  return Object.entries(settings).flatMap(([name, value]) => {
    const entry = byName.get(name);
    const reason =
      entry === undefined
        ? unknownName(name, [...byName.keys()], serviceId)
        : valueProblem(name, entry, value);
    return reason === undefined ? [] : [{ property: "settings", reason }];
  });
}

/** The deprecation notices of the settings named, for the user. */
export function deprecationNotices(
  catalog: ClickHouseSettingsCatalog,
  names: readonly string[],
): { name: string; notice: string }[] {
  return catalog.settings.flatMap((entry) =>
    names.includes(entry.name) && entry.deprecationNotice !== undefined && entry.deprecationNotice !== ""
      ? [{ name: entry.name, notice: entry.deprecationNotice }]
      : [],
  );
}

function unknownName(name: string, known: readonly string[], serviceId: string): string {
  const near = known.filter((candidate) => editDistance(candidate, name) <= 2);
  const hint =
    near.length > 0 ? `; did you mean ${near.map((candidate) => `"${candidate}"`).join(" or ")}?` : "";
  return (
    `settings["${name}"]: the settings schema of service ${serviceId} lists no setting "${name}" ` +
    `(only the settings it lists can be set)${hint}`
  );
}

function valueProblem(name: string, entry: SchemaEntry, value: string): string | undefined {
  const allowed = entry.enum?.map(String);
  if (allowed !== undefined && allowed.length > 0 && !allowed.includes(value)) {
    return `settings["${name}"] must be one of ${allowed.map((item) => `"${item}"`).join(", ")}; got "${value}"`;
  }
  const type = entry.type ?? "";
  const form = typeForms.find((candidate) => candidate.types.test(type));
  if (form !== undefined && !form.pattern.test(value)) {
    return `settings["${name}"] is of type ${type}, so its value must be ${form.words}; got "${value}"`;
  }
  return undefined;
}

/** Levenshtein distance, for the names a misspelt one may have meant. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j] + 1, current[j - 1] + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length];
}
