/**
 * JSON Schemas of a service's scaling schedule (beta operations `GET/POST/DELETE .../services/{serviceId}/scalingSchedule`
 * of ClickHouse Cloud's published OpenAPI): the POST's body, which replaces every entry (ScalingSchedulePostRequest,
 * ScalingScheduleEntryRequest), and the schedule as the API answers it (ScalingSchedule, ScalingScheduleEntry,
 * ScalingScheduleBaseConfig). Rules across an entry's fields (a window of some length, one way of giving the replica
 * count, the memory bounds of each mode) and across entries (no overlap) are not a schema's: the provider's kind and
 * the emulator's model check them.
 */
import type { SchemaObject } from "ajv";
import { ruleKeyword } from "./common";
import { autoscalingModes } from "./enums";
import { limits } from "./limits";

const memory = limits.replicaMemoryGb;

/** The official Terraform provider's MaxAutoScalingScheduleEntries, "the server-side cap on entries per schedule". */
export const maxScalingScheduleEntries = 10;

const replicaMemoryGb = {
  type: "number",
  minimum: memory.min,
  maximum: memory.max,
  multipleOf: memory.multipleOf,
  [ruleKeyword]: `must be a multiple of ${memory.multipleOf} between ${memory.min} and ${memory.max}`,
} as const;

const replicaCount = {
  type: "integer",
  minimum: 1,
  [ruleKeyword]: "must be a whole number of replicas, at least 1",
} as const;

/** One weekly window as sent. */
const scalingScheduleEntryRequest = {
  type: "object",
  additionalProperties: false,
  required: ["name", "weekdays", "startHourUtc", "endHourUtc"],
  properties: {
    name: { type: "string", minLength: 1, [ruleKeyword]: "must be a non-empty label" },
    weekdays: {
      type: "array",
      minItems: 1,
      uniqueItems: true,
      items: { type: "integer", minimum: 0, maximum: 6 },
      [ruleKeyword]: "must list at least one day, each once, as 0 (Sunday) to 6 (Saturday)",
    },
    startHourUtc: {
      type: "integer",
      minimum: 0,
      maximum: 23,
      [ruleKeyword]: "must be an hour of the day in UTC, 0 to 23",
    },
    endHourUtc: {
      type: "integer",
      minimum: 1,
      maximum: 24,
      [ruleKeyword]: "must be an hour of the day in UTC, 1 to 24 (24 is midnight at the end of the day)",
    },
    autoscalingMode: { enum: [...autoscalingModes] },
    minReplicaMemoryGb: replicaMemoryGb,
    maxReplicaMemoryGb: replicaMemoryGb,
    numReplicas: replicaCount,
    minReplicas: replicaCount,
    maxReplicas: replicaCount,
    idleScaling: { type: "boolean" },
    idleTimeoutMinutes: {
      type: "integer",
      minimum: limits.idleTimeoutMinutes.min,
      [ruleKeyword]: `must be a whole number of minutes of at least ${limits.idleTimeoutMinutes.min}`,
    },
  },
} as const satisfies SchemaObject;

/** `POST .../scalingSchedule`: every entry of the schedule; an empty list clears it. */
const scalingSchedulePost = {
  type: "object",
  additionalProperties: false,
  required: ["entries"],
  properties: {
    entries: {
      type: "array",
      maxItems: maxScalingScheduleEntries,
      items: scalingScheduleEntryRequest,
      [ruleKeyword]: `must hold at most ${maxScalingScheduleEntries} entries`,
    },
  },
} as const satisfies SchemaObject;

const optionalNumber = { type: "number" } as const;
const optionalInteger = { type: "integer" } as const;

/** The scaling settings the service has when no entry is active (absent, all of them, once the schedule is cleared). */
const scalingScheduleBaseConfig = {
  type: "object",
  properties: {
    autoscalingMode: { type: "string" },
    minReplicaMemoryGb: optionalNumber,
    maxReplicaMemoryGb: optionalNumber,
    minReplicas: optionalInteger,
    maxReplicas: optionalInteger,
    idleScaling: { type: "boolean" },
    idleTimeoutMinutes: optionalInteger,
  },
} as const satisfies SchemaObject;

/** `GET` and `POST .../scalingSchedule`: the entries with their ids, the base settings, and the entry in effect. */
const scalingSchedule = {
  type: "object",
  required: ["entries", "baseConfig"],
  properties: {
    entries: {
      type: "array",
      items: {
        type: "object",
        required: ["id", "name", "weekdays", "startHourUtc", "endHourUtc", "autoscalingMode", "isActiveNow"],
        properties: {
          id: { type: "string" },
          name: { type: "string" },
          weekdays: { type: "array", items: { type: "integer" } },
          startHourUtc: { type: "integer" },
          endHourUtc: { type: "integer" },
          autoscalingMode: { type: "string" },
          minReplicaMemoryGb: optionalNumber,
          maxReplicaMemoryGb: optionalNumber,
          minReplicas: optionalInteger,
          maxReplicas: optionalInteger,
          idleScaling: { type: "boolean" },
          idleTimeoutMinutes: optionalInteger,
          isActiveNow: { type: "boolean" },
        },
      },
    },
    baseConfig: scalingScheduleBaseConfig,
    activeEntryId: { type: "string" },
  },
} as const satisfies SchemaObject;

export const scalingScheduleSchemas = { scalingSchedulePost, scalingSchedule } as const;
