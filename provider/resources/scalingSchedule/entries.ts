/**
 * The entries of a scaling schedule as programs write them and as the API reports them, and the one form in which
 * two spellings of the same window compare equal: the days sorted, the mode given (`vertical` when left out, as the
 * API assumes), and a vertical entry's fixed count as an equal band (the API reports `numReplicas: 3` as
 * `minReplicas: 3, maxReplicas: 3`). The server's ids and `isActiveNow` are not part of an entry's content.
 */
import type { ScalingSchedule } from "../../rest";
import type { AutoscalingMode } from "../../../schemas";

/** One weekly window of a schedule, as a program gives it. */
export interface ScalingScheduleEntry {
  /** A label for the window. */
  name: string;
  /** The days it applies to: 0 (Sunday) to 6 (Saturday). */
  weekdays: number[];
  /** The hour (UTC, 0 to 23) it starts, inclusive. */
  startHourUtc: number;
  /** The hour (UTC, 1 to 24) it ends, exclusive; one before the start runs past midnight into the next day. */
  endHourUtc: number;
  autoscalingMode?: AutoscalingMode;
  minReplicaMemoryGb?: number;
  maxReplicaMemoryGb?: number;
  numReplicas?: number;
  minReplicas?: number;
  maxReplicas?: number;
  idleScaling?: boolean;
  idleTimeoutMinutes?: number;
}

/** An entry as the API reports it: its content, the id the API gave it, and whether its window holds the present. */
export interface ScalingScheduleScheduledEntry {
  id: string;
  name: string;
  weekdays: number[];
  startHourUtc: number;
  endHourUtc: number;
  autoscalingMode: string;
  minReplicaMemoryGb?: number;
  maxReplicaMemoryGb?: number;
  minReplicas?: number;
  maxReplicas?: number;
  idleScaling?: boolean;
  idleTimeoutMinutes?: number;
  isActiveNow: boolean;
}

/** The service's own scaling settings, which apply while no entry is active. */
export interface ScalingScheduleBaseConfig {
  autoscalingMode?: string;
  minReplicaMemoryGb?: number;
  maxReplicaMemoryGb?: number;
  minReplicas?: number;
  maxReplicas?: number;
  idleScaling?: boolean;
  idleTimeoutMinutes?: number;
}

type ApiEntry = ScalingSchedule["entries"][number];

/** An entry's content in the one form equal windows share, with its fields in a fixed order. */
export function canonicalEntry(entry: ScalingScheduleEntry | ApiEntry): ScalingScheduleEntry {
  const count =
    "numReplicas" in entry && typeof entry.numReplicas === "number" ? entry.numReplicas : undefined;
  return definedOnly({
    name: entry.name,
    weekdays: [...new Set(entry.weekdays)].sort((a, b) => a - b),
    startHourUtc: entry.startHourUtc,
    endHourUtc: entry.endHourUtc,
    autoscalingMode: entry.autoscalingMode === "horizontal" ? "horizontal" : "vertical",
    minReplicaMemoryGb: entry.minReplicaMemoryGb,
    maxReplicaMemoryGb: entry.maxReplicaMemoryGb,
    minReplicas: count ?? entry.minReplicas,
    maxReplicas: count ?? entry.maxReplicas,
    idleScaling: entry.idleScaling,
    idleTimeoutMinutes: entry.idleTimeoutMinutes,
  });
}

/** A list of entries as a set of contents: each in its canonical form, in one order. */
export function comparableEntries(
  entries: readonly (ScalingScheduleEntry | ApiEntry)[],
): ScalingScheduleEntry[] {
  return entries
    .map(canonicalEntry)
    .map((entry) => ({ entry, key: JSON.stringify(entry) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ entry }) => entry);
}

export function sameEntries(
  a: readonly (ScalingScheduleEntry | ApiEntry)[],
  b: readonly (ScalingScheduleEntry | ApiEntry)[],
): boolean {
  return JSON.stringify(comparableEntries(a)) === JSON.stringify(comparableEntries(b));
}

/**
 * The entries the API reports, as inputs: each that has the content of an entry the program gave (`recorded`) in
 * the program's own words, so a read of an unchanged schedule reports the program's inputs; any other (a change made
 * outside the program, or an import) in its canonical form.
 */
export function entriesAsInputs(
  reported: readonly ApiEntry[],
  recorded: readonly ScalingScheduleEntry[] = [],
): ScalingScheduleEntry[] {
  const unused = recorded.map((entry) => ({ entry, key: JSON.stringify(canonicalEntry(entry)) }));
  return reported.map((entry) => {
    const canonical = canonicalEntry(entry);
    const key = JSON.stringify(canonical);
    const match = unused.findIndex((candidate) => candidate.key === key);
    if (match < 0) return canonical;
    return unused.splice(match, 1)[0].entry;
  });
}

/** The API's entries with the fields their outputs declare. */
export function scheduledEntries(reported: readonly ApiEntry[]): ScalingScheduleScheduledEntry[] {
  return reported.map((entry) =>
    definedOnly({
      id: entry.id,
      name: entry.name,
      weekdays: [...entry.weekdays],
      startHourUtc: entry.startHourUtc,
      endHourUtc: entry.endHourUtc,
      autoscalingMode: entry.autoscalingMode,
      minReplicaMemoryGb: entry.minReplicaMemoryGb,
      maxReplicaMemoryGb: entry.maxReplicaMemoryGb,
      minReplicas: entry.minReplicas,
      maxReplicas: entry.maxReplicas,
      idleScaling: entry.idleScaling,
      idleTimeoutMinutes: entry.idleTimeoutMinutes,
      isActiveNow: entry.isActiveNow,
    }),
  );
}

/** The base configuration's fields that the API gave. */
export function baseConfigOf(reported: ScalingSchedule["baseConfig"]): ScalingScheduleBaseConfig {
  return definedOnly({
    autoscalingMode: reported.autoscalingMode,
    minReplicaMemoryGb: reported.minReplicaMemoryGb,
    maxReplicaMemoryGb: reported.maxReplicaMemoryGb,
    minReplicas: reported.minReplicas,
    maxReplicas: reported.maxReplicas,
    idleScaling: reported.idleScaling,
    idleTimeoutMinutes: reported.idleTimeoutMinutes,
  });
}

/** The object without its undefined fields (absent and undefined read alike, but compare and serialise apart). */
function definedOnly<T extends object>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;
}
