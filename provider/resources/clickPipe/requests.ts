/**
 * What a pipe's create sends, and what an update sends to bring a pipe as the API shows it to the inputs: the
 * pipe's PATCH (name, the source's fields that change in place, credentials, the destination's columns with the
 * field mappings, a Postgres pipe's tables added and removed), its scaling, its settings.
 */
import type {
  ClickPipeCreateSchema,
  ClickPipeScalingUpdateSchema,
  ClickPipeSettingsUpdateSchema,
  ClickPipeUpdateSchema,
} from "../../rest/schemaTypes";
import { isPlainObject, sameValue, type PropertyBag } from "../../propertyBags";
import { requestBodyFor } from "../derive/requestBody";
import {
  alwaysSentSourceFields,
  familyOf,
  hasWanted,
  patchableDatabaseSettings,
  patchableSourceFields,
  tableKey,
} from "./compare";
import { sourceCredentials, withCredentials, type Credentials } from "./credentials";
import { definition } from "./definition";
import type { ClickPipeInputs, ClickPipeOutputs } from "./shapes";

const bodyOf = requestBodyFor(definition);

function credentialsOf(value: unknown): Credentials | undefined {
  return isPlainObject(value) ? (value as Credentials) : undefined;
}

/** The create request: the body inputs, with the credentials where the source family takes them. */
export function createRequest(inputs: ClickPipeInputs): ClickPipeCreateSchema {
  return withCredentials(
    bodyOf(inputs) as ClickPipeCreateSchema,
    credentialsOf(inputs.credentials),
    credentialsOf(inputs.schemaRegistryCredentials),
  );
}

/** Everything an update sends, in order; each part is left out when nothing in it differs. */
export interface UpdatePlan {
  /** PATCHes of the pipe: two when a Postgres table is removed and added again (the API takes that in two steps). */
  readonly patches: ClickPipeUpdateSchema[];
  readonly scaling?: ClickPipeScalingUpdateSchema;
  readonly settings?: ClickPipeSettingsUpdateSchema; /** A database pipe's tables change: the API takes that only while the pipe is paused. */
  readonly needsPause: boolean;
}

type Mapping = PropertyBag;
type TableChanges = { readonly toRemove: Mapping[]; readonly toAdd: Mapping[] };

/** The fields that name a table mapping's source and target: what its removal sends. */
const mappingKeyFields = [
  "sourceSchemaName",
  "sourceDatabaseName",
  "sourceDatasetName",
  "sourceTable",
  "sourceCollection",
  "targetTable",
];
const mappingKey = (mapping: Mapping): Mapping =>
  Object.fromEntries(
    mappingKeyFields.filter((field) => mapping[field] !== undefined).map((field) => [field, mapping[field]]),
  );

/**
 * The update that brings `current` (the pipe's outputs as just read) to `news`; `credentialsChanged` when the
 * credentials' fingerprint no longer matches (they are sent again).
 */
export function updatePlan(
  current: ClickPipeOutputs,
  news: ClickPipeInputs,
  credentialsChanged: boolean,
): UpdatePlan {
  const patch: PropertyBag = {};
  if (news.name !== current.name) patch.name = news.name;

  const family = familyOf(news.source);
  const wantedSource = familyFields(news.source, family);
  const shownSource = familyFields(current.source, family);
  const sourcePatch: PropertyBag = {};
  let tables: TableChanges = { toRemove: [], toAdd: [] };
  for (const [name, wanted] of Object.entries(wantedSource)) {
    if (family === undefined || !patchableSourceFields[family].has(name)) continue;
    if (hasWanted(shownSource[name], wanted, name)) continue;
    if (name === "tableMappings") tables = tableChanges(shownSource.tableMappings, wanted);
    else if (name === "settings") {
      const changed = changedKeys(
        shownSource.settings,
        wanted,
        patchableDatabaseSettings[family] ?? new Set(),
      );
      if (changed !== undefined) sourcePatch.settings = changed;
    } else sourcePatch[name] = wanted;
  }
  const credentials = credentialsOf(news.credentials);
  if (family !== undefined && credentialsChanged && credentials !== undefined) {
    Object.assign(sourcePatch, sourceCredentials(family, credentials));
  }
  // What the family's update names every time: the fields as the inputs have them, and for Pub/Sub the key.
  const required: PropertyBag = {};
  if (family !== undefined) {
    for (const field of alwaysSentSourceFields[family] ?? []) required[field] = wantedSource[field];
    if (family === "pubsub" && credentials !== undefined)
      Object.assign(required, sourceCredentials(family, credentials));
  }
  if (family !== undefined && Object.keys(sourcePatch).length > 0) {
    patch.source = { [family]: { ...required, ...sourcePatch } };
  }

  const wantedColumns = isPlainObject(news.destination) ? news.destination.columns : undefined;
  const columnsDiffer =
    wantedColumns !== undefined && !hasWanted(current.destination.columns, wantedColumns, "columns");
  const mappingsDiffer =
    news.fieldMappings !== undefined &&
    news.fieldMappings !== null &&
    !hasWanted(current.fieldMappings, news.fieldMappings, "fieldMappings");
  if (columnsDiffer || mappingsDiffer) {
    // The API takes field mappings only with the columns they map to: both go together.
    patch.destination = { columns: wantedColumns ?? current.destination.columns };
    patch.fieldMappings = news.fieldMappings ?? current.fieldMappings;
  }

  const patches = family === undefined ? [patch] : tablePatches(patch, family, required, tables);
  const scaling = changedKeys(current.scaling, news.scaling);
  const settings = changedKeys(current.settings, news.settings);
  return {
    patches: patches.filter((each) => Object.keys(each).length > 0) as ClickPipeUpdateSchema[],
    ...(scaling === undefined ? {} : { scaling }),
    ...(settings === undefined ? {} : { settings }),
    needsPause: tables.toRemove.length + tables.toAdd.length > 0,
  };
}

/** The fields of a source's family (none when it names no family). */
function familyFields(source: unknown, family: string | undefined): PropertyBag {
  const fields = isPlainObject(source) && family !== undefined ? source[family] : undefined;
  return isPlainObject(fields) ? fields : {};
}

/** The keys of `wanted` whose values differ from `shown`'s (of `only`, when given), or undefined when none do. */
function changedKeys(shown: unknown, wanted: unknown, only?: ReadonlySet<string>): PropertyBag | undefined {
  if (!isPlainObject(wanted)) return undefined;
  const shownFields = isPlainObject(shown) ? shown : {};
  const changed = Object.entries(wanted).filter(
    ([name, value]) => (only === undefined || only.has(name)) && !sameValue(shownFields[name], value),
  );
  return changed.length === 0 ? undefined : Object.fromEntries(changed);
}

/**
 * The tables to remove and to add: a table the pipe replicates that the inputs no longer name, or name with other
 * options, is removed; a table the inputs name that the pipe does not replicate as named is added.
 */
function tableChanges(shown: unknown, wanted: unknown): TableChanges {
  const shownMappings = (Array.isArray(shown) ? shown : []).filter(isPlainObject);
  const wantedMappings = (Array.isArray(wanted) ? wanted : []).filter(isPlainObject);
  const same = (a: Mapping, b: Mapping) => tableKey(a) === tableKey(b) && hasWanted(a, b);
  return {
    toRemove: shownMappings.filter((mapping) => !wantedMappings.some((other) => same(mapping, other))),
    toAdd: wantedMappings.filter((mapping) => !shownMappings.some((other) => same(other, mapping))),
  };
}

/**
 * The PATCHes: the pipe's own changes with the tables removed and added; a table removed and added again (its
 * options changed) is removed by a first PATCH and added by a second, as the API takes no table both ways at once.
 * Each names what the family's update requires (`required`).
 */
function tablePatches(
  patch: PropertyBag,
  family: string,
  required: PropertyBag,
  { toRemove, toAdd }: TableChanges,
): PropertyBag[] {
  if (toRemove.length + toAdd.length === 0) return [patch];
  const readded = new Set(
    toRemove.map(tableKey).filter((table) => toAdd.some((mapping) => tableKey(mapping) === table)),
  );
  const withTables = (base: PropertyBag, tableFields: PropertyBag): PropertyBag => {
    const source = isPlainObject(base.source) ? base.source : {};
    const fields = isPlainObject(source[family]) ? source[family] : {};
    return { ...base, source: { [family]: { ...required, ...fields, ...tableFields } } };
  };
  const removal = toRemove.length > 0 ? { tableMappingsToRemove: toRemove.map(mappingKey) } : {};
  const addition = toAdd.length > 0 ? { tableMappingsToAdd: toAdd } : {};
  if (readded.size === 0) return [withTables(patch, { ...removal, ...addition })];
  return [withTables(patch, removal), withTables({}, addition)];
}
