/**
 * Rules of Alert inputs that belong to one wire. The production wire (HyperDX's external API v2: the alertSchema of
 * packages/api/src/utils/zod.ts and its refinements in packages/common-utils/src/types.ts) takes a fixed list of
 * intervals, eight threshold types (two of them a range up to `thresholdMax`), a schedule and several channels; the
 * specification's wire has none of these fields.
 */
import {
  alertThresholdTypes,
  specAlertThresholdTypes,
  productionAlertIntervalMinutes,
  productionAlertIntervals,
  rangeAlertThresholdTypes,
} from "../../../schemas/enums";
import type { ValidationProblem } from "../../validation/validate";
import type { InputPlacement } from "../definition";
import { isPlainObject, sameValue } from "../../propertyBags";
import type { PropertyBag } from "../../propertyBags";

/** Inputs only the production wire has; the specification's wire refuses them. */
export const productionOnlyInputs = [
  "thresholdMax",
  "note",
  "numConsecutiveWindows",
  "scheduleOffsetMinutes",
  "scheduleStartAt",
  "channels",
] as const;

const isSet = (value: unknown) => value !== undefined && value !== null;

const onProductionWire =
  "set observability:apiDialect to production (the default for hosted ClickStack and HyperDX)";

/** The specification's wire: no production-only input, and only its two threshold types. */
export function specWireAlert(inputs: PropertyBag): ValidationProblem[] {
  const fields = productionOnlyInputs
    .filter((name) => isSet(inputs[name]))
    .map((name) => ({
      property: name,
      reason: `${name} is an input of the production wire: the specification's alert has no such field; ${onProductionWire}, or remove ${name}`,
    }));
  const type = inputs.thresholdType;
  // A word of neither wire is the schema's to name; a word of the production wire only is named here.
  const productionWord =
    (alertThresholdTypes as readonly unknown[]).includes(type) &&
    !(specAlertThresholdTypes as readonly unknown[]).includes(type);
  const threshold = productionWord
    ? [
        {
          property: "thresholdType",
          reason: `thresholdType ${type} is a word of the production wire: the specification's alert takes ${specAlertThresholdTypes.join(" or ")}; ${onProductionWire}`,
        },
      ]
    : [];
  return [...threshold, ...fields];
}

const intervalMinutes: Record<string, number> = productionAlertIntervalMinutes;

/** The minutes of a production interval; undefined for anything else, a key every object has (`constructor`) too. */
function minutesOf(interval: unknown): number | undefined {
  return typeof interval === "string" && Object.hasOwn(intervalMinutes, interval)
    ? intervalMinutes[interval]
    : undefined;
}

/** The production wire's limits across fields, each problem on the field the API names. */
export function productionWireAlert(
  inputs: PropertyBag,
  _previous?: PropertyBag,
  _notKnown?: ReadonlySet<string>,
  placement: InputPlacement = { managedClickStack: false },
): ValidationProblem[] {
  return [
    ...intervalProblems(inputs),
    ...rangeProblems(inputs),
    ...scheduleProblems(inputs),
    ...channelProblems(inputs, placement),
  ];
}

function intervalProblems(inputs: PropertyBag): ValidationProblem[] {
  const interval = inputs.interval;
  if (typeof interval !== "string" || minutesOf(interval) !== undefined) return [];
  return [
    {
      property: "interval",
      reason: `interval must be one of ${productionAlertIntervals.join(", ")} on the production wire; got ${JSON.stringify(interval)}`,
    },
  ];
}

function rangeProblems(inputs: PropertyBag): ValidationProblem[] {
  const { thresholdType: type, threshold, thresholdMax: max } = inputs;
  if (!(rangeAlertThresholdTypes as readonly unknown[]).includes(type)) return [];
  if (!isSet(max)) {
    return [
      { property: "thresholdMax", reason: `thresholdMax is required when thresholdType is ${String(type)}` },
    ];
  }
  if (typeof max === "number" && typeof threshold === "number" && max < threshold) {
    return [
      {
        property: "thresholdMax",
        reason: `thresholdMax must be at least threshold (${threshold}); got ${max}`,
      },
    ];
  }
  return [];
}

function scheduleProblems(inputs: PropertyBag): ValidationProblem[] {
  const offset = inputs.scheduleOffsetMinutes;
  if (typeof offset !== "number") return [];
  if (offset > 0 && isSet(inputs.scheduleStartAt)) {
    return [
      {
        property: "scheduleOffsetMinutes",
        reason: `scheduleOffsetMinutes must be 0 when scheduleStartAt is set; got ${offset}`,
      },
    ];
  }
  const minutes = minutesOf(inputs.interval);
  if (minutes === undefined || offset < minutes) return [];
  return [
    {
      property: "scheduleOffsetMinutes",
      reason: `scheduleOffsetMinutes must be less than the interval, ${minutes} minute${minutes === 1 ? "" : "s"}; got ${offset}`,
    },
  ];
}

/**
 * The Cloud API's ClickStack alert (ClickStackCreateAlertRequest and ClickStackUpdateAlertRequest of its OpenAPI)
 * names one `channel` and has no `channels`, so an alert on a managed ClickStack may not list several.
 */
function channelProblems(inputs: PropertyBag, placement: InputPlacement): ValidationProblem[] {
  const channels = inputs.channels;
  if (!Array.isArray(channels) || channels.length === 0) return [];
  if (placement.managedClickStack) {
    return [
      {
        property: "channels",
        reason:
          "channels is not taken by an alert on a managed ClickStack (clickstackServiceId, of the resource or " +
          "observability:clickstackServiceId): the ClickHouse Cloud API's ClickStack alert has one channel; set " +
          "channel only",
      },
    ];
  }
  if (isPlainObject(inputs.channel) && !sameValue(channels[0], inputs.channel)) {
    return [
      {
        property: "channels[0]",
        reason: "channels[0] must be the same as channel, the alert's first channel",
      },
    ];
  }
  const keys = channels.map((entry) =>
    isPlainObject(entry) ? `${String(entry.type)}:${String(entry.webhookId)}` : JSON.stringify(entry),
  );
  const twice = keys.findIndex((key, index) => keys.indexOf(key) !== index);
  return twice < 0
    ? []
    : [
        {
          property: `channels[${twice}]`,
          reason: `channels[${twice}] repeats an earlier channel; each may be listed once`,
        },
      ];
}
