/**
 * Rules of a schedule's entries that no schema states, as ClickHouse Cloud's OpenAPI (ScalingScheduleEntryRequest)
 * and the official Terraform provider (service_scheduled_scaling.go) give them: a window has some length; the memory
 * bounds go together (a horizontal entry needs both, equal); a replica count is `numReplicas` or a
 * `minReplicas`/`maxReplicas` band, never both, and a vertical entry's band is one count; no two entries overlap; and a
 * schedule has at least one entry (the API takes none as "clear the schedule": removing the resource does that).
 */
import type { ValidationProblem } from "../../validation/validate";
import type { PropertyBag } from "../../propertyBags";
import type { ScalingScheduleEntry } from "./entries";

const dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const hoursPerWeek = 7 * 24;

/** The entries, once their schema accepted them (every rule here is skipped while they are not known). */
function entriesOf(inputs: PropertyBag): readonly ScalingScheduleEntry[] | undefined {
  const entries = inputs.entries;
  // A list with an item that is no object is the schema's to report; the rules read lists of objects.
  if (!Array.isArray(entries) || !entries.every(isEntryObject)) return undefined;
  return entries;
}

export function atLeastOneEntry(inputs: PropertyBag): ValidationProblem[] {
  const entries = entriesOf(inputs);
  if (entries === undefined || entries.length > 0) return [];
  return [
    {
      property: "entries",
      reason:
        "entries must hold at least one entry: a schedule without entries is no schedule (to clear it, remove " +
        "the resource)",
    },
  ];
}

/** Each entry's own rules, each problem naming the entry's field. */
export function entryFieldRules(inputs: PropertyBag): ValidationProblem[] {
  return (entriesOf(inputs) ?? []).flatMap((entry, index) => entryProblems(entry, `entries[${index}]`));
}

function entryProblems(entry: ScalingScheduleEntry, at: string): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  const problem = (field: string, reason: string) =>
    problems.push({ property: `${at}.${field}`, reason: `${at}.${field} ${reason}` });
  const horizontal = entry.autoscalingMode === "horizontal";
  if (entry.startHourUtc === entry.endHourUtc) {
    problem(
      "endHourUtc",
      `must differ from startHourUtc (${entry.startHourUtc}): use 0 and 24 for a whole day, or an end before ` +
        "the start for a window past midnight",
    );
  }
  const [lowMemory, highMemory] = [entry.minReplicaMemoryGb, entry.maxReplicaMemoryGb];
  if (isSet(lowMemory) !== isSet(highMemory)) {
    problem(
      isSet(lowMemory) ? "maxReplicaMemoryGb" : "minReplicaMemoryGb",
      "must be set with the other memory bound: give both, or neither to keep the service's own memory",
    );
  } else if (horizontal && !isSet(lowMemory)) {
    problem(
      "minReplicaMemoryGb",
      "and maxReplicaMemoryGb are required in a horizontal entry (one memory size per replica)",
    );
  } else if (horizontal && lowMemory !== highMemory) {
    problem(
      "maxReplicaMemoryGb",
      `must equal minReplicaMemoryGb (${lowMemory}) in a horizontal entry, which keeps one memory size per ` +
        `replica; got ${highMemory}`,
    );
  } else if (typeof lowMemory === "number" && typeof highMemory === "number" && lowMemory > highMemory) {
    problem("maxReplicaMemoryGb", `must be at least minReplicaMemoryGb (${lowMemory}); got ${highMemory}`);
  }
  const count = replicaProblem(entry, horizontal);
  if (count !== undefined) problem(count.field, count.reason);
  return problems;
}

function replicaProblem(
  entry: ScalingScheduleEntry,
  horizontal: boolean,
): { field: string; reason: string } | undefined {
  const { numReplicas, minReplicas, maxReplicas } = entry;
  if (isSet(numReplicas) && (isSet(minReplicas) || isSet(maxReplicas))) {
    return {
      field: "numReplicas",
      reason: "cannot be set with minReplicas or maxReplicas: a fixed count and a band exclude each other",
    };
  }
  if (horizontal && isSet(numReplicas)) {
    return {
      field: "numReplicas",
      reason:
        "is a vertical entry's fixed count: a horizontal entry scales between minReplicas and maxReplicas",
    };
  }
  if (isSet(minReplicas) !== isSet(maxReplicas)) {
    return {
      field: isSet(minReplicas) ? "maxReplicas" : "minReplicas",
      reason: "must be set with the other end of the band: minReplicas and maxReplicas go together",
    };
  }
  if (horizontal && !isSet(minReplicas)) {
    return { field: "minReplicas", reason: "and maxReplicas are required in a horizontal entry" };
  }
  if (typeof minReplicas !== "number" || typeof maxReplicas !== "number") return undefined;
  if (minReplicas > maxReplicas) {
    return {
      field: "maxReplicas",
      reason: `must be at least minReplicas (${minReplicas}); got ${maxReplicas}`,
    };
  }
  if (!horizontal && minReplicas !== maxReplicas) {
    return {
      field: "maxReplicas",
      reason:
        `must equal minReplicas (${minReplicas}) in a vertical entry, which runs a fixed count; got ${maxReplicas}. ` +
        'Set autoscalingMode to "horizontal" for a band',
    };
  }
  return undefined;
}

/** No hour of the week in two entries' windows; the problem names both entries and the first shared hour. */
export function noOverlap(inputs: PropertyBag): ValidationProblem[] {
  const entries = entriesOf(inputs);
  if (entries === undefined) return [];
  const owner = new Map<number, number>();
  for (const [index, entry] of entries.entries()) {
    for (const hour of hoursOf(entry)) {
      const other = owner.get(hour);
      if (other !== undefined && other !== index) {
        const when = `${dayNames[Math.floor(hour / 24)]} ${String(hour % 24).padStart(2, "0")}:00 UTC`;
        return [
          {
            property: `entries[${index}]`,
            reason:
              `entries[${index}] (${JSON.stringify(entry.name)}) overlaps entries[${other}] ` +
              `(${JSON.stringify(entries[other].name)}) at ${when}: the API refuses overlapping windows`,
          },
        ];
      }
      owner.set(hour, index);
    }
  }
  return [];
}

/** The hours of the week (0: Sunday 00:00 UTC) an entry's window covers; past midnight is the next day's. */
function hoursOf(entry: ScalingScheduleEntry): number[] {
  const { startHourUtc: start, endHourUtc: end } = entry;
  // An entry its schema refuses (reported as such) has no window to compare.
  const wellFormed =
    Array.isArray(entry.weekdays) &&
    entry.weekdays.every((day) => Number.isInteger(day)) &&
    Number.isInteger(start) &&
    Number.isInteger(end);
  if (!wellFormed || start === end) return [];
  const length = end > start ? end - start : 24 - start + end;
  return entry.weekdays.flatMap((day) =>
    Array.from({ length }, (_, offset) => (day * 24 + start + offset) % hoursPerWeek),
  );
}

function isEntryObject(value: unknown): value is ScalingScheduleEntry {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null;
}
