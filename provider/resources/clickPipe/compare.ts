/**
 * How a pipe's inputs compare with what the API shows. The API fills in what a program leaves out (a consumer
 * group, default settings, a Postgres flavour), so only what the program sets is compared; lists whose order means
 * nothing (columns, field mappings, tables, endpoint ids, excluded columns) compare in any order; credentials, which
 * the API never shows, compare through their fingerprint. Which source and destination fields the API changes in
 * place is here too: any other difference replaces the pipe.
 */
import { isPlainObject, sameValue, type PropertyBag } from "../../propertyBags";

/** The fields of each family's source that the API changes in place (the update's `source.<family>`). */
export const patchableSourceFields: Readonly<Record<string, ReadonlySet<string>>> = {
  kafka: new Set(["authentication", "iamRole", "caCertificate", "reversePrivateEndpointIds"]),
  objectStorage: new Set([
    "skipInitialLoad",
    "startAfter",
    "authentication",
    "iamRole",
    "path",
    "azureContainerName",
  ]),
  postgres: new Set([
    "host",
    "port",
    "database",
    "tlsHost",
    "caCertificate",
    "disableTls",
    "skipCertVerification",
    "settings",
    "tableMappings",
  ]),
  mysql: new Set([
    "host",
    "port",
    "authentication",
    "iamRole",
    "tlsHost",
    "caCertificate",
    "disableTls",
    "skipCertVerification",
    "serverId",
    "settings",
    "tableMappings",
  ]),
  kinesis: new Set(["authentication", "iamRole"]),
  pubsub: new Set(["authentication", "ackDeadline"]),
  // The API's update takes no BigQuery source: any change replaces the pipe.
  bigquery: new Set(),
  mongodb: new Set([
    "uri",
    "readPreference",
    "tlsHost",
    "disableTls",
    "skipCertVerification",
    "caCertificate",
    "settings",
    "tableMappings",
  ]),
};

/** A database pipe's settings that change in place, by family; the others replace it. */
export const patchableDatabaseSettings: Readonly<Record<string, ReadonlySet<string>>> = {
  postgres: new Set(["syncIntervalSeconds", "pullBatchSize"]),
  mysql: new Set(["syncIntervalSeconds", "pullBatchSize", "useCompression"]),
  mongodb: new Set(["syncIntervalSeconds", "pullBatchSize"]),
};

/**
 * The fields the API's update of a family names every time it changes the source at all (the OpenAPI requires them):
 * they are sent with any change, as the inputs have them.
 */
export const alwaysSentSourceFields: Readonly<Record<string, readonly string[]>> = {
  mysql: ["host", "port"],
  mongodb: ["uri", "readPreference"],
  pubsub: ["authentication"],
};

/**
 * Fields that the published answer of a pipe does not have (but for credentials, which are inputs of their own): the
 * create's `validateSamples` and the destination's `roles`. They matter to the create only and are never compared.
 */
const createOnly = new Set(["validateSamples", "roles"]);

/** Lists of names whose order means nothing. */
const unorderedNames = new Set(["reversePrivateEndpointIds", "excludedColumns", "roles"]);

/** The family a source names, when it names one. */
export function familyOf(source: unknown): string | undefined {
  if (!isPlainObject(source)) return undefined;
  return Object.keys(patchableSourceFields).find((family) => isPlainObject(source[family]));
}

/** The source table (or collection) a table mapping replicates: what tells it from the pipe's others. */
export const tableKey = (mapping: unknown): string =>
  isPlainObject(mapping)
    ? `${String(mapping.sourceSchemaName ?? mapping.sourceDatabaseName ?? mapping.sourceDatasetName)}.` +
      String(mapping.sourceTable ?? mapping.sourceCollection)
    : "";

/**
 * `shown` cut to what `wanted` sets, recursively: the fields the program leaves out are the API's. Lists of objects
 * keyed by a name (columns, tables) are matched by that key, in the order of `wanted`, and an item only the API shows
 * counts as a difference; lists of names are sorted.
 */
export function asWanted(shown: unknown, wanted: unknown, field = ""): unknown {
  if (wanted === undefined || wanted === null) return wanted;
  if (Array.isArray(wanted)) {
    const items = Array.isArray(shown) ? shown : [];
    const key = listKeys[field];
    if (key !== undefined) {
      // In the order of `wanted`, each matched by its key: the API's order of them does not count.
      const byKey = new Map(items.map((item) => [key(item), item]));
      return wanted
        .map((item) => (byKey.has(key(item)) ? asWanted(byKey.get(key(item)), item) : undefined))
        .concat(items.filter((item) => !wanted.some((other) => key(other) === key(item))).map(() => "extra"));
    }
    return unorderedNames.has(field) ? [...items].map(String).sort() : items;
  }
  if (isPlainObject(wanted)) {
    if (!isPlainObject(shown)) return shown;
    return Object.fromEntries(
      Object.keys(wanted)
        .filter((name) => !createOnly.has(name))
        .map((name) => [name, asWanted(shown[name], wanted[name], name)]),
    );
  }
  return shown;
}

/** `wanted` in the form `asWanted` gives what the API shows. */
export function normalWanted(wanted: unknown, field = ""): unknown {
  if (Array.isArray(wanted)) {
    if (listKeys[field] !== undefined) return wanted.map((item) => normalWanted(item));
    return unorderedNames.has(field) ? [...wanted].map(String).sort() : wanted;
  }
  if (isPlainObject(wanted)) {
    return Object.fromEntries(
      Object.keys(wanted)
        .filter((name) => !createOnly.has(name))
        .map((name) => [name, normalWanted(wanted[name], name)]),
    );
  }
  return wanted;
}

/** Lists of objects compared by a key: columns by name, field mappings by both names, tables by source table. */
const listKeys: Readonly<Record<string, (item: unknown) => string>> = {
  columns: (item) => (isPlainObject(item) ? String(item.name) : ""),
  fieldMappings: (item) =>
    isPlainObject(item) ? `${String(item.sourceField)}\u0000${String(item.destinationField)}` : "",
  tableMappings: tableKey,
};

/** Whether `shown` has what `wanted` sets, in the comparison's terms. */
export function hasWanted(shown: unknown, wanted: unknown, field = ""): boolean {
  return sameValue(asWanted(shown, wanted, field), normalWanted(wanted, field));
}

/**
 * Which of the source's wanted fields differ from those shown, and whether every one of them changes in place. * A database pipe's settings change in place only for those the API's update takes.
 */
export function sourceChange(shown: unknown, wanted: unknown): { differing: string[]; inPlace: boolean } {
  const family = familyOf(wanted);
  if (family === undefined || !isPlainObject(wanted)) return { differing: [], inPlace: true };
  const shownFamily = isPlainObject(shown) ? shown[family] : undefined;
  if (!isPlainObject(shownFamily)) return { differing: [family], inPlace: false };
  const wantedFamily = wanted[family] as PropertyBag;
  const differing = Object.keys(wantedFamily).filter(
    (name) => !hasWanted(shownFamily[name], wantedFamily[name], name),
  );
  const patchable = patchableSourceFields[family];
  const inPlace = differing.every((name) => {
    if (!patchable.has(name)) return false;
    const patchableSettings = patchableDatabaseSettings[family];
    if (patchableSettings === undefined || name !== "settings") return true;
    const settings = wantedFamily.settings as PropertyBag;
    const shownSettings = isPlainObject(shownFamily.settings) ? shownFamily.settings : {};
    return Object.keys(settings)
      .filter((setting) => !sameValue(shownSettings[setting], settings[setting]))
      .every((setting) => patchableSettings.has(setting));
  });
  return { differing, inPlace };
}

/** Whether the destination differs in more than its columns (which change in place). */
export function destinationReplaces(shown: unknown, wanted: unknown): boolean {
  if (!isPlainObject(wanted)) return false;
  const shownFields = isPlainObject(shown) ? shown : {};
  return Object.keys(wanted)
    .filter((name) => name !== "columns" && !createOnly.has(name))
    .some((name) => !hasWanted(shownFields[name], wanted[name], name));
}
