/**
 * A service's scaling schedule: weekly windows (days of the week, a start and an end hour in UTC, an end before the
 * start running past midnight into the next day) during which the service scales by the window's settings instead of
 * its own. A POST replaces every entry (an empty list clears the schedule); the entries must not overlap (the official
 * Terraform provider's docs: "The server rejects any pair of entries that overlap in time"). The service's own scaling
 * settings stay what they were: they are the schedule's `baseConfig`, and what is in effect while a window is active
 * shows in the service's `currentScaling` (the OpenAPI's CurrentScaling: the effective values "may diverge from the
 * top-level ... baseline while a schedule entry is active").
 */
import type { ScalingScheduleEntryRecord, ServiceRecord } from "../state/types";
import { uuidV4, type ByteSource } from "../state/random";
import type { Problem } from "./problems";

/** An entry as the POST's body gives it (ScalingScheduleEntryRequest), checked against its schema already. */
export interface ScalingScheduleEntryRequest {
  name: string;
  weekdays: number[];
  startHourUtc: number;
  endHourUtc: number;
  autoscalingMode?: "vertical" | "horizontal";
  minReplicaMemoryGb?: number;
  maxReplicaMemoryGb?: number;
  numReplicas?: number;
  minReplicas?: number;
  maxReplicas?: number;
  idleScaling?: boolean;
  idleTimeoutMinutes?: number;
}

const hoursPerWeek = 7 * 24;
const dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** The rules across an entry's fields, then the overlaps between entries. */
export function scheduleProblems(entries: readonly ScalingScheduleEntryRequest[]): Problem[] {
  const own = entries.flatMap((entry, index) => entryProblems(entry, `entries.${index}`));
  return own.length > 0 ? own : overlapProblems(entries);
}

function entryProblems(entry: ScalingScheduleEntryRequest, at: string): Problem[] {
  const problems: Problem[] = [];
  const horizontal = entry.autoscalingMode === "horizontal";
  if (entry.startHourUtc === entry.endHourUtc) {
    problems.push({ property: `${at}.endHourUtc`, message: "must differ from startHourUtc" });
  }
  const [lowMemory, highMemory] = [entry.minReplicaMemoryGb, entry.maxReplicaMemoryGb];
  if ((lowMemory === undefined) !== (highMemory === undefined)) {
    const missing = lowMemory === undefined ? "minReplicaMemoryGb" : "maxReplicaMemoryGb";
    problems.push({
      property: `${at}.${missing}`,
      message: "minReplicaMemoryGb and maxReplicaMemoryGb go together",
    });
  } else if (horizontal && lowMemory === undefined) {
    problems.push({
      property: `${at}.minReplicaMemoryGb`,
      message: "a horizontal entry needs minReplicaMemoryGb and maxReplicaMemoryGb",
    });
  } else if (horizontal && lowMemory !== highMemory) {
    problems.push({
      property: `${at}.maxReplicaMemoryGb`,
      message: `must equal minReplicaMemoryGb in a horizontal entry; got ${lowMemory} and ${highMemory}`,
    });
  } else if (lowMemory !== undefined && highMemory !== undefined && lowMemory > highMemory) {
    problems.push({
      property: `${at}.maxReplicaMemoryGb`,
      message: `must be at least minReplicaMemoryGb (${lowMemory}); got ${highMemory}`,
    });
  }
  problems.push(...replicaProblems(entry, at, horizontal));
  return problems;
}

function replicaProblems(entry: ScalingScheduleEntryRequest, at: string, horizontal: boolean): Problem[] {
  const { numReplicas, minReplicas, maxReplicas } = entry;
  if (numReplicas !== undefined && (minReplicas !== undefined || maxReplicas !== undefined)) {
    return [
      { property: `${at}.numReplicas`, message: "cannot be combined with minReplicas and maxReplicas" },
    ];
  }
  if (horizontal && numReplicas !== undefined) {
    return [
      {
        property: `${at}.numReplicas`,
        message: "is a vertical entry's; a horizontal entry has minReplicas and maxReplicas",
      },
    ];
  }
  if ((minReplicas === undefined) !== (maxReplicas === undefined)) {
    const missing = minReplicas === undefined ? "minReplicas" : "maxReplicas";
    return [
      { property: `${at}.${missing}`, message: "minReplicas and maxReplicas must be provided together" },
    ];
  }
  if (horizontal && minReplicas === undefined) {
    return [
      { property: `${at}.minReplicas`, message: "a horizontal entry needs minReplicas and maxReplicas" },
    ];
  }
  if (minReplicas === undefined || maxReplicas === undefined) return [];
  if (minReplicas > maxReplicas) {
    return [
      {
        property: `${at}.maxReplicas`,
        message: `must be at least minReplicas (${minReplicas}); got ${maxReplicas}`,
      },
    ];
  }
  if (!horizontal && minReplicas !== maxReplicas) {
    return [
      {
        property: `${at}.maxReplicas`,
        message: `must equal minReplicas in a vertical entry (a fixed count); got ${minReplicas} and ${maxReplicas}`,
      },
    ];
  }
  return [];
}

/** The hours of the week (0: Sunday 00:00 UTC) an entry covers. */
function hoursOf(
  entry: Pick<ScalingScheduleEntryRequest, "weekdays" | "startHourUtc" | "endHourUtc">,
): number[] {
  const { startHourUtc: start, endHourUtc: end } = entry;
  const length = end > start ? end - start : 24 - start + end;
  return entry.weekdays.flatMap((day) =>
    Array.from({ length }, (_, offset) => (day * 24 + start + offset) % hoursPerWeek),
  );
}

function overlapProblems(entries: readonly ScalingScheduleEntryRequest[]): Problem[] {
  const owner = new Map<number, number>();
  for (const [index, entry] of entries.entries()) {
    for (const hour of hoursOf(entry)) {
      const other = owner.get(hour);
      if (other !== undefined && other !== index) {
        return [
          {
            property: `entries.${index}`,
            message:
              `overlaps entries.${other} (${JSON.stringify(entries[other].name)}) on ` +
              `${dayNames[Math.floor(hour / 24)]} at ${String(hour % 24).padStart(2, "0")}:00 UTC`,
          },
        ];
      }
      owner.set(hour, index);
    }
  }
  return [];
}

/** Replaces the schedule; every entry gets a new id. */
export function replaceSchedule(
  service: ServiceRecord,
  entries: readonly ScalingScheduleEntryRequest[],
  bytes: ByteSource,
): void {
  service.scalingSchedule = entries.map((entry) => {
    const band =
      entry.numReplicas !== undefined
        ? { minReplicas: entry.numReplicas, maxReplicas: entry.numReplicas }
        : { minReplicas: entry.minReplicas, maxReplicas: entry.maxReplicas };
    return definedOnly({
      id: uuidV4(bytes),
      name: entry.name,
      weekdays: [...entry.weekdays],
      startHourUtc: entry.startHourUtc,
      endHourUtc: entry.endHourUtc,
      autoscalingMode: entry.autoscalingMode ?? "vertical",
      minReplicaMemoryGb: entry.minReplicaMemoryGb,
      maxReplicaMemoryGb: entry.maxReplicaMemoryGb,
      ...band,
      idleScaling: entry.idleScaling,
      idleTimeoutMinutes: entry.idleTimeoutMinutes,
    });
  });
}

export function hasSchedule(service: ServiceRecord): boolean {
  return (service.scalingSchedule ?? []).length > 0;
}

export function deleteSchedule(service: ServiceRecord): void {
  delete service.scalingSchedule;
}

/** The entry whose window holds `nowMs`, if any. */
export function activeEntry(service: ServiceRecord, nowMs: number): ScalingScheduleEntryRecord | undefined {
  const now = new Date(nowMs);
  const hour = now.getUTCDay() * 24 + now.getUTCHours();
  return (service.scalingSchedule ?? []).find((entry) => hoursOf(entry).includes(hour));
}

/** The schedule as GET and POST answer it; a cleared schedule has no entries and an empty base config. */
export function scheduleView(service: ServiceRecord, nowMs: number) {
  const entries = service.scalingSchedule ?? [];
  if (entries.length === 0) return { entries: [], baseConfig: {} };
  const active = activeEntry(service, nowMs);
  return {
    entries: entries.map((entry) => ({
      ...entry,
      weekdays: [...entry.weekdays],
      isActiveNow: entry === active,
    })),
    baseConfig: baseConfigOf(service),
    ...(active === undefined ? {} : { activeEntryId: active.id }),
  };
}

/** The service's own scaling settings: what applies while no entry is active. */
function baseConfigOf(service: ServiceRecord) {
  const band = service.horizontal ?? { minReplicas: service.numReplicas, maxReplicas: service.numReplicas };
  return {
    autoscalingMode: service.horizontal === undefined ? "vertical" : "horizontal",
    minReplicaMemoryGb: service.minReplicaMemoryGb,
    maxReplicaMemoryGb: service.maxReplicaMemoryGb,
    ...band,
    idleScaling: service.idleScaling,
    idleTimeoutMinutes: service.idleTimeoutMinutes,
  };
}

function definedOnly<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
}
