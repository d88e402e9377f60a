/**
 * The alert body of the production wire, HyperDX's external API v2 (packages/api/src/utils/zod.ts `alertSchema`, and
 * the refinements of packages/common-utils/src/types.ts): the saved search's source is `saved_search`; the interval
 * one of a list; eight threshold types, two of them ranges up to `thresholdMax`; a note, consecutive windows, a
 * schedule; `channel` and/or up to ten `channels`. The refinements run once the schemas accept the body, each
 * problem worded as the API words it.
 */
import {
  alertThresholdTypes,
  limits,
  productionAlertIntervalMinutes,
  productionAlertIntervals,
  rangeAlertThresholdTypes,
} from "../../schemas";
import { commonSchema, nonEmpty, nullishText, sourceSchemas, type AlertBodyGrammar } from "./alertBody";
import type { Problem } from "./problems";

const channel = commonSchema.properties.channel;

/** The common fields, in the order of the API's schema (the order of its refusals). */
const productionCommon = {
  type: "object",
  required: ["interval", "threshold", "thresholdType"],
  properties: {
    channel,
    channels: { type: "array", minItems: 1, maxItems: limits.alert.maxChannels, items: channel },
    interval: { enum: [...productionAlertIntervals] },
    scheduleOffsetMinutes: { type: "integer", minimum: 0, maximum: limits.alert.maxScheduleOffsetMinutes },
    scheduleStartAt: { type: ["string", "null"], format: "date-time" },
    threshold: { type: "number" },
    thresholdType: { enum: [...alertThresholdTypes] },
    thresholdMax: { type: "number" },
    source: { enum: ["saved_search", "tile"] },
    name: nullishText(limits.alert.nameMaxLength),
    message: nullishText(limits.alert.messageMaxLength),
    note: nullishText(limits.alert.noteMaxLength),
    numConsecutiveWindows: { type: ["integer", "null"], minimum: limits.alert.minConsecutiveWindows },
  },
} as const;

const productionSources = {
  saved_search: {
    type: "object",
    required: ["source", "savedSearchId"],
    properties: {
      source: { const: "saved_search" },
      groupBy: sourceSchemas.search.properties.groupBy,
      savedSearchId: nonEmpty,
    },
  },
  tile: sourceSchemas.tile,
} as const;

const minutesOf: Record<string, number> = productionAlertIntervalMinutes;

type Channel = { type?: unknown; webhookId?: unknown };
const channelKey = (entry: Channel) => `${String(entry.type)}\u0000${String(entry.webhookId)}`;

/** At least one of `channel` and `channels`; `channel` the same as the first of `channels`; no channel twice. */
function channelSelection(body: Record<string, unknown>): Problem[] {
  const single = body.channel as Channel | undefined;
  const list = body.channels as Channel[] | undefined;
  if (single == null && list == null)
    return [{ property: "channels", message: 'Provide either "channel" or "channels"' }];
  if (
    single != null &&
    list != null &&
    (list[0] === undefined || channelKey(single) !== channelKey(list[0]))
  ) {
    return [
      {
        property: "channels",
        message:
          'When both "channel" and "channels" are provided, "channel" must match the first entry of "channels"',
      },
    ];
  }
  const keys = (list ?? []).map(channelKey);
  return new Set(keys).size === keys.length
    ? []
    : [{ property: "channels", message: "Duplicate notification channels are not allowed" }];
}

function schedule(body: Record<string, unknown>): Problem[] {
  const offset = typeof body.scheduleOffsetMinutes === "number" ? body.scheduleOffsetMinutes : 0;
  const minutes = minutesOf[String(body.interval)];
  const problems: Problem[] = [];
  if (body.scheduleStartAt != null && offset > 0) {
    problems.push({
      property: "scheduleOffsetMinutes",
      message: "scheduleOffsetMinutes must be 0 when scheduleStartAt is provided",
    });
  }
  if (offset >= minutes) {
    problems.push({
      property: "scheduleOffsetMinutes",
      message: `scheduleOffsetMinutes must be less than ${minutes} minute${minutes === 1 ? "" : "s"}`,
    });
  }
  return problems;
}

function thresholdRange(body: Record<string, unknown>): Problem[] {
  if (!(rangeAlertThresholdTypes as readonly unknown[]).includes(body.thresholdType)) return [];
  if (body.thresholdMax == null) {
    return [
      {
        property: "thresholdMax",
        message: "thresholdMax is required for between/not_between threshold types",
      },
    ];
  }
  return (body.thresholdMax as number) < (body.threshold as number)
    ? [{ property: "thresholdMax", message: "thresholdMax must be greater than or equal to threshold" }]
    : [];
}

export const productionAlertGrammar: AlertBodyGrammar = {
  common: productionCommon,
  sources: productionSources,
  refinements: (body) => [...channelSelection(body), ...schedule(body), ...thresholdRange(body)],
};
