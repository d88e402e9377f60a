/** The Alert resource: an alert of the observability API, delivered to a webhook. */
import { adoptIdInput, outputOf, stringOutput } from "../fields/sharedFields";
import type { InputField, ResourceDefinition } from "../definition";
import {
  clickstackServiceIdInput,
  clickstackServiceIdOutput,
  observabilityConfiguration,
  observabilityObjectId,
} from "../fields/observabilityFields";
import { noFieldsOfOtherSource, objectIdsOfTargets, tileIdOfNewDashboard } from "./rules";
import { productionWireAlert, specWireAlert } from "./wireRules";

/** A field of the production wire only: managed when set; left out, the alert keeps what it has. */
function productionField(description: string): InputField {
  return {
    description:
      `${description} Production wire only ({setting:observabilityApiDialect} set to \`production\`). ` +
      "Updates in place; left out, the alert keeps whatever it has (set in the app, say).",
    change: "update",
    unsetMeansUnmanaged: true,
  };
}

const schemas = "../schemas";

export const definition: ResourceDefinition<"alertInputs"> = {
  kind: "Alert",
  module: "observability",
  description:
    "An alert of the observability API on a dashboard tile or a saved search, delivered to a webhook. Every input " +
    "change, a change of `source` included, updates the alert in place with one PUT of the whole alert; only a " +
    "different `adoptId` replaces it. On the production wire an update first reads the alert and keeps every field " +
    "the program leaves out (a note, consecutive windows, a schedule, more channels), since the PUT replaces them all. `pulumi refresh` drops an alert that was deleted out of band (also by deleting " +
    "its dashboard or saved search), and the next `pulumi up` creates it again. " +
    observabilityConfiguration,
  notes:
    "`state`, `silenced`, `silencedUntil`, `team`, `createdAt`, `updatedAt` never cause a diff; `source` updates in " +
    "place (the API's PUT replaces the whole alert); `tile` needs `dashboardId` and `tileId`, `search` `savedSearchId`",
  id: observabilityObjectId("alert", ""),
  // The program's words on both wires; each wire's own limits are its dialect rules.
  requestSchema: "alertInputs",
  inputs: {
    threshold: {
      description: "The value the watched series is compared with. Updates in place.",
      required: true,
      change: "update",
    },
    interval: {
      description:
        "How often the alert is evaluated: a positive whole number followed by s, m, h or d (e.g. `15m`, `1h`). The " +
        "specification keeps no fixed list; the production wire takes 1m, 5m, 15m, 30m, 1h, 6h, 12h or 1d, checked " +
        "at preview. Updates in place.",
      required: true,
      change: "update",
    },
    source: {
      description:
        "What the alert watches: `tile` (a dashboard tile; needs `dashboardId` and `tileId`) or `search` (a saved " +
        "search; needs `savedSearchId`, may take `groupBy`). Changing it updates the alert in place, because a PUT " +
        "replaces every field of an alert, its source included: the alert keeps its id, state and silence instead of " +
        "being deleted and created again. The ids of the other source must then be removed from the inputs.",
      type: { name: "AlertSource", from: schemas },
      required: true,
      change: "update",
    },
    thresholdType: {
      description:
        "`above` fires when the value exceeds the threshold, `below` when it falls under it. The production wire " +
        "also takes `above_exclusive`, `below_or_equal`, `equal`, `not_equal`, and the ranges `between` and " +
        "`not_between`, which need `thresholdMax`. Updates in place.",
      type: { name: "AlertThresholdType", from: schemas },
      required: true,
      change: "update",
    },
    channel: {
      description: "Where notifications go. Updates in place.",
      type: { name: "AlertChannelArgs", from: "inputTypes/alertChannel" },
      required: true,
      change: "update",
    },
    dashboardId: {
      description:
        "The dashboard of the watched tile; required when source is `tile`, not allowed otherwise. Updates in place.",
      change: "update",
    },
    tileId: {
      description:
        "The watched tile, one of the dashboard's; required when source is `tile`, not allowed otherwise. Updates in place.",
      change: "update",
    },
    savedSearchId: {
      description:
        "The watched saved search; required when source is `search`, not allowed otherwise. Updates in place.",
      change: "update",
    },
    groupBy: {
      description:
        "A field of the saved search to evaluate the alert per value of; only with source `search`. Updates in place.",
      change: "update",
    },
    name: { description: "A display name, 1 to 512 characters. Updates in place.", change: "update" },
    message: {
      description: "Text sent with every notification, 1 to 4096 characters. Updates in place.",
      change: "update",
    },
    thresholdMax: productionField(
      "The upper end of the range of `between` and `not_between` (required with them), at least `threshold`.",
    ),
    note: productionField("A note shown with the alert, 1 to 4096 characters."),
    numConsecutiveWindows: productionField(
      "How many evaluation windows in a row must breach the threshold before the alert fires, at least 1.",
    ),
    scheduleOffsetMinutes: productionField(
      "Minutes after each interval boundary at which the alert is evaluated, below the interval (0 with " +
        "`scheduleStartAt`).",
    ),
    scheduleStartAt: productionField("An ISO 8601 date-time the evaluation windows start from."),
    channels: {
      ...productionField(
        "Every channel notifications go to (at most 10, each once); the first must be `channel`. Not on a managed " +
          "ClickStack (`clickstackServiceId`), whose alerts have one channel.",
      ),
      type: { name: "AlertChannelArgs", from: "inputTypes/alertChannel" },
    },
    adoptId: adoptIdInput(
      "Adopts the existing alert with this id instead of creating one (the dynamic-provider classes cannot be " +
        "imported with `pulumi import`; with the native plugin, `pulumi import` works too). The alert is then made to match these inputs (one PUT, only if it differs); deleting the " +
        "resource deletes the alert. Setting a different id replaces the resource; removing it changes nothing.",
      "objectId",
    ),
    clickstackServiceId: clickstackServiceIdInput,
  },
  outputs: {
    name: stringOutput("The display name; undefined when none was given."),
    message: stringOutput("The text sent with every notification; undefined when none was given."),
    threshold: outputOf("number", "The value the watched series is compared with.", { alwaysSet: true }),
    interval: stringOutput("How often the alert is evaluated, e.g. `15m`.", { alwaysSet: true }),
    thresholdType: {
      description: "`above` or `below`; on the production wire also one of its other threshold types.",
      schema: { type: "string" },
      type: { name: "AlertThresholdType", from: "../schemas" },
      alwaysSet: true,
    },
    source: {
      description: "`tile` or `search`.",
      schema: { type: "string" },
      type: { name: "AlertSource", from: "../schemas" },
      alwaysSet: true,
    },
    state: stringOutput(
      "The API's alert state, owned by the API; it never causes a diff. The specification shows `inactive` for a " +
        "new alert; the production wire reports `OK` when new, then `ALERT`, `INSUFFICIENT_DATA` or `DISABLED`. " +
        "Undefined when the API does not report one.",
    ),
    thresholdMax: outputOf("number", "The upper end of a range threshold; undefined when none is set."),
    note: stringOutput("The alert's note; undefined when none is set."),
    numConsecutiveWindows: outputOf("number", "Windows in a row that must breach; undefined when not set."),
    scheduleOffsetMinutes: outputOf("number", "The evaluation offset in minutes; undefined when not set."),
    scheduleStartAt: stringOutput("When the evaluation windows start (ISO 8601); undefined when not set."),
    channels: {
      description: "Every channel, as the API reports them (production wire).",
      schema: { type: "array", items: { type: "object" } },
      type: { name: "AlertChannel", from: "rest" },
    },
    channel: {
      description: "Where notifications go, as the API reports it.",
      schema: { type: "object" },
      type: { name: "AlertChannel", from: "rest" },
      alwaysSet: true,
    },
    team: stringOutput(
      "The team that owns the alert; owned by the API, it never causes a diff. Undefined when the API does not " +
        "report it.",
    ),
    tileId: stringOutput("The watched tile; undefined for a search alert."),
    dashboard: stringOutput(
      "The dashboard of the watched tile, as the API reports it; undefined for a search alert.",
    ),
    savedSearch: stringOutput("The watched saved search, as the API reports it; undefined for a tile alert."),
    groupBy: stringOutput(
      "The saved-search field the alert is evaluated per value of; undefined when not set.",
    ),
    silenced: outputOf(
      "boolean",
      "Whether a silence is in force: someone silenced the alert outside Pulumi (the API reports a silence) and its end is later than the time of the last read. Owned by the API, it never causes a diff.",
      { alwaysSet: true },
    ),
    silencedUntil: {
      description:
        "When the alert's silence ends (ISO 8601), also once it has passed; undefined when none was set. Never a diff.",
      schema: { type: "string" },
    },
    createdAt: stringOutput(
      "When the alert was created (ISO 8601); it never causes a diff. Undefined when the API does not report it, " +
        "as older versions of the API do not.",
    ),
    updatedAt: stringOutput(
      "When the alert last changed (ISO 8601); it never causes a diff. Undefined when the API does not report it, " +
        "as older versions of the API do not.",
    ),
    dashboardId: stringOutput("The input `dashboardId`, echoed from the API's `dashboard`."),
    savedSearchId: stringOutput("The input `savedSearchId`, echoed from the API's `savedSearch`."),
    adoptId: stringOutput("The id given to adopt an existing alert, if any."),
    managedFields: {
      description:
        "The production wire's fields this resource manages (those the program sets); `pulumi refresh` reports only " +
        "these as inputs, so what the alert has beyond them (a note set in the app, say) never shows as drift.",
      schema: { type: "array", items: { type: "string" } },
      alwaysSet: true,
    },
    clickstackServiceId: clickstackServiceIdOutput,
  },
  rules: [noFieldsOfOtherSource, objectIdsOfTargets],
  dialectRules: { spec: [specWireAlert], production: [productionWireAlert] },
  advisories: [tileIdOfNewDashboard],
};
