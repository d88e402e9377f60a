/**
 * The life of a ClickPipe. A streaming or object storage pipe is Provisioning for the provisioning delay, then
 * Running (a one-time object storage load ends Completed); `stop` makes it Stopping, then Stopped; `start`, allowed * from Stopped or Failed (and Paused), makes it Provisioning, then Running. A database pipe (Postgres, MySQL,
 * MongoDB, BigQuery) goes Provisioning, Setup, Snapshot, then Running (BigQuery, a one-time snapshot, ends
 * Completed), pauses (Pausing, Paused) instead of stopping; Postgres and MySQL pipes take `resync` (Resync, Snapshot,
 * Running), which the others refuse. The state is computed from timestamps whenever it is read.
 * An update of a database pipe's table mappings needs it paused, as the real API requires.
 */
import {
  clickPipeSourceFamilies,
  type ClickPipeSourceFamily,
  type ClickPipeState,
  type ClickPipeStateCommand,
} from "../../schemas/enums";
import { ApiError } from "../server/errors";
import type { ClickPipeRecord } from "../state/types";

/** The families whose pipes replicate a database; they scale through the service's CDC scaling. */
const databaseFamilies: ReadonlySet<ClickPipeSourceFamily> = new Set([
  "postgres",
  "mysql",
  "mongodb",
  "bigquery",
]);

export function isDatabasePipe(pipe: Pick<ClickPipeRecord, "family">): boolean {
  return databaseFamilies.has(pipe.family);
}

/** The one family a source names (the request's validation has made sure there is exactly one). */
export function familyOf(source: Record<string, unknown>): ClickPipeSourceFamily {
  const family = clickPipeSourceFamilies.find((candidate) => source[candidate] !== undefined);
  if (family === undefined) throw new ApiError(400, "source: must name one source");
  return family;
}

/** The write-only fields of each family's source: sent, kept nowhere, never shown. */
const credentialFields: Readonly<Record<string, readonly string[]>> = {
  kafka: ["credentials"],
  objectStorage: ["accessKey", "serviceAccountKey", "connectionString"],
  postgres: ["credentials"],
  mysql: ["credentials"],
  kinesis: ["accessKey"],
  pubsub: ["serviceAccountKey"],
  bigquery: ["credentials"],
  mongodb: ["credentials"],
};

/** The source's fields as the API shows them, and whether the request carried any credential. */
export function shownSource(
  family: ClickPipeSourceFamily,
  fields: Record<string, unknown>,
): { shown: Record<string, unknown>; carriedCredentials: boolean } {
  const hidden = credentialFields[family] ?? [];
  const shown = Object.fromEntries(Object.entries(fields).filter(([name]) => !hidden.includes(name)));
  const registry = shown.schemaRegistry as Record<string, unknown> | undefined;
  let carriedCredentials = hidden.some((name) => fields[name] !== undefined);
  if (registry !== undefined) {
    const { credentials, ...registryShown } = registry;
    carriedCredentials ||= credentials !== undefined;
    shown.schemaRegistry = registryShown;
  }
  return { shown, carriedCredentials };
}

/** The state of the pipe at `nowMs`: its first phase not over yet, else the state it settled in. */
export function stateOf(pipe: ClickPipeRecord, nowMs: number): ClickPipeState {
  return pipe.phases.find((phase) => nowMs < phase.until)?.state ?? pipe.settled;
}

/** Sets the pipe moving through `states`, each lasting `delayMs`, to settle in `settled`. */
export function move(
  pipe: ClickPipeRecord,
  states: readonly ClickPipeState[],
  settled: ClickPipeState,
  nowMs: number,
  delayMs: number,
): void {
  pipe.phases = states.map((state, index) => ({ state, until: nowMs + delayMs * (index + 1) }));
  pipe.settled = settled;
}

/** Where a new pipe's phases lead: a database pipe through its setup and snapshot, the others straight on. */
export function startingPhases(pipe: ClickPipeRecord): { states: ClickPipeState[]; settled: ClickPipeState } {
  if (isDatabasePipe(pipe)) {
    const snapshotOnly = pipe.family === "bigquery";
    return { states: ["Provisioning", "Setup", "Snapshot"], settled: snapshotOnly ? "Completed" : "Running" };
  }
  const oneTimeLoad = pipe.family === "objectStorage" && pipe.source.isContinuous !== true;
  return { states: ["Provisioning"], settled: oneTimeLoad ? "Completed" : "Running" };
}

const stopped: ReadonlySet<ClickPipeState> = new Set(["Stopped", "Paused"]);
const startable: ReadonlySet<ClickPipeState> = new Set(["Stopped", "Paused", "Failed"]);

/** Carries out a state command, or refuses it with the API's 400. */
export function applyCommand(
  pipe: ClickPipeRecord,
  command: ClickPipeStateCommand,
  nowMs: number,
  delayMs: number,
): void {
  const state = stateOf(pipe, nowMs);
  switch (command) {
    case "stop":
      // Stopping is allowed from any state.
      if (isDatabasePipe(pipe)) move(pipe, ["Pausing"], "Paused", nowMs, delayMs);
      else move(pipe, ["Stopping"], "Stopped", nowMs, delayMs);
      return;
    case "start":
      if (!startable.has(state)) {
        const already = state === "Running" || state === "Provisioning";
        throw new ApiError(
          400,
          already
            ? `ClickPipe is already running (state ${state})`
            : `ClickPipe in state ${state} cannot be started: only a Stopped, Paused or Failed pipe can`,
        );
      }
      move(pipe, ["Provisioning"], "Running", nowMs, delayMs);
      return;
    case "resync":
      if (pipe.family !== "postgres" && pipe.family !== "mysql") {
        throw new ApiError(400, "Resync is only available for Postgres and MySQL ClickPipes");
      }
      move(pipe, ["Resync", "Snapshot"], "Running", nowMs, delayMs);
      return;
  }
}

/** Whether the pipe is paused (or stopped) at `nowMs`: what editing a database pipe's table mappings needs. */
export function isStopped(pipe: ClickPipeRecord, nowMs: number): boolean {
  return stopped.has(stateOf(pipe, nowMs));
}

interface TableMapping {
  targetTable: string;
  [field: string]: unknown;
}

/** The source table a mapping names: a schema's table (Postgres, MySQL), a dataset's (BigQuery), a collection. */
const sourceTableOf = (mapping: TableMapping) =>
  `${String(mapping.sourceSchemaName ?? mapping.sourceDatabaseName ?? mapping.sourceDatasetName)}.` +
  String(mapping.sourceTable ?? mapping.sourceCollection);

/** * A database pipe's table mappings after an update removes and adds some: a removal names a mapping the pipe has,
 * an addition a source table it does not replicate, and no update removes and adds the same source table (adding it
 * again would load it again into a table that holds it).
 */
export function changedTableMappings(
  current: readonly TableMapping[],
  toRemove: readonly TableMapping[],
  toAdd: readonly TableMapping[],
): TableMapping[] {
  const removed = new Set(toRemove.map(sourceTableOf));
  for (const mapping of toRemove) {
    const found = current.some(
      (candidate) =>
        sourceTableOf(candidate) === sourceTableOf(mapping) && candidate.targetTable === mapping.targetTable,
    );
    if (!found)
      throw new ApiError(400, `Table mapping ${sourceTableOf(mapping)} -> ${mapping.targetTable} not found`);
  }
  const kept = current.filter((mapping) => !removed.has(sourceTableOf(mapping)));
  for (const mapping of toAdd) {
    if (removed.has(sourceTableOf(mapping))) {
      throw new ApiError(
        400,
        `Table ${sourceTableOf(mapping)} cannot be removed and added in the same update; remove it, then add it`,
      );
    }
    if (kept.some((candidate) => sourceTableOf(candidate) === sourceTableOf(mapping))) {
      throw new ApiError(400, `Table ${sourceTableOf(mapping)} is already replicated by this ClickPipe`);
    }
  }
  return [...kept, ...toAdd];
}

/** A discovered field: its name, its ClickHouse type, whether some messages lack it. */
export interface DiscoveredField {
  name: string;
  type: string;
  optional: boolean;
}

/**
 * The fields of JSON messages, in the order they first appear: integers are Int64, other numbers Float64, text
 * String, booleans Bool, objects and arrays String (their JSON); a field some message lacks or has null is optional. * A field with integers and other numbers is Float64; with values of other several types, String.
 */
export function discoveredFields(messages: readonly Record<string, unknown>[]): DiscoveredField[] {
  const types = new Map<string, Set<string>>();
  const seen = new Map<string, number>();
  for (const message of messages) {
    for (const [name, value] of Object.entries(message)) {
      if (value === null || value === undefined) continue;
      seen.set(name, (seen.get(name) ?? 0) + 1);
      if (!types.has(name)) types.set(name, new Set());
      types.get(name)!.add(clickHouseTypeOf(value));
    }
    for (const name of Object.keys(message)) if (!types.has(name)) types.set(name, new Set());
  }
  return [...types].map(([name, found]) => ({
    name,
    type: commonType(found),
    optional: (seen.get(name) ?? 0) < messages.length,
  }));
}

/** One type for the values of a field: numbers of both kinds are Float64, other mixes String. */
function commonType(found: ReadonlySet<string>): string {
  if (found.size === 1) return [...found][0];
  if (found.size === 2 && found.has("Int64") && found.has("Float64")) return "Float64";
  return "String";
}

function clickHouseTypeOf(value: unknown): string {
  if (typeof value === "number") return Number.isInteger(value) ? "Int64" : "Float64";
  if (typeof value === "boolean") return "Bool";
  return "String";
}
