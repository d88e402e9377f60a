/**
 * JSON Schemas of a service's upgrade window (`.../services/{serviceId}/upgradeWindow`), as ClickHouse Cloud's
 * published OpenAPI states them: the PUT's body (UpgradeWindowPutRequest) and the window as answered
 * (UpgradeWindow, whose three fields it marks required). The specification of the `spec` wire has no such
 * endpoint; both wires serve it as the OpenAPI does.
 */
import type { SchemaObject } from "ajv";
import { ruleKeyword } from "./common";

/** The window's bounds: a weekday 0 (Sunday) to 6 (Saturday), a start hour of four, 6 hours long. */
export const upgradeWindowLimits = {
  weekday: { min: 0, max: 6 },
  startHoursUtc: [0, 6, 12, 18],
  durationHours: 6,
} as const;

const { weekday, startHoursUtc } = upgradeWindowLimits;

/** `PUT .../upgradeWindow`: creates the window or replaces the one there is. */
const upgradeWindowPut = {
  type: "object",
  additionalProperties: false,
  required: ["weekday", "startHourUtc"],
  properties: {
    weekday: {
      type: "integer",
      minimum: weekday.min,
      maximum: weekday.max,
      [ruleKeyword]: `must be a whole number from ${weekday.min} (Sunday) to ${weekday.max} (Saturday)`,
    },
    startHourUtc: {
      enum: [...startHoursUtc],
      [ruleKeyword]: `must be one of ${startHoursUtc.join(", ")} (the hour in UTC the window starts)`,
    },
  },
} as const satisfies SchemaObject;

/** The window as answered. */
const upgradeWindow = {
  type: "object",
  required: ["weekday", "startHourUtc", "duration"],
  properties: {
    weekday: { type: "integer" },
    startHourUtc: { type: "integer" },
    duration: { type: "integer" },
  },
} as const satisfies SchemaObject;

export const upgradeWindowSchemas = { upgradeWindowPut, upgradeWindow } as const;
