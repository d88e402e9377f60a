/** Rules on Alert inputs beyond the request's JSON Schema. */
import type { AlertSource } from "../../../schemas";
import type { ValidationProblem } from "../../validation/validate";
import { isPlainObject, type PropertyBag } from "../../propertyBags";
import { idFormProblems } from "../fields/idForms";

/** The ids each source uses; the API drops the other source's, which would then show as a change forever. */
export const fieldsOfSource: Record<AlertSource, readonly string[]> = {
  tile: ["dashboardId", "tileId"],
  search: ["savedSearchId", "groupBy"],
};

/** The ids of the source not chosen must be left out: the API drops them, which would show as a change forever. */
export function noFieldsOfOtherSource(inputs: PropertyBag): ValidationProblem[] {
  const source = inputs.source;
  if (source !== "tile" && source !== "search") return [];
  const other: AlertSource = source === "tile" ? "search" : "tile";
  return fieldsOfSource[other]
    .filter((field) => inputs[field] !== undefined && inputs[field] !== null && inputs[field] !== "")
    .map((field) => ({
      property: field,
      reason: `${field} applies only when source is ${other}; got source ${source}, so remove ${field}`,
    }));
}

/**
 * The objects an alert names (its dashboard, saved search and webhooks) by their object ids, of the form the API
 * gives them: a value that is not one is refused at preview rather than sent for the API to look up.
 */
export function objectIdsOfTargets(inputs: PropertyBag): ValidationProblem[] {
  const named: Array<[string, unknown]> = [
    ["dashboardId", inputs.dashboardId],
    ["savedSearchId", inputs.savedSearchId],
    ["channel.webhookId", webhookOf(inputs.channel)],
    ...(Array.isArray(inputs.channels) ? inputs.channels : []).map((channel, index): [string, unknown] => [
      `channels[${index}].webhookId`,
      webhookOf(channel),
    ]),
  ];
  return named
    .filter(([, value]) => typeof value === "string" && value !== "")
    .flatMap(([name, value]) => idFormProblems(name, "objectId", value));
}

/**
 * A tile alert whose tileId is written in the program while its dashboard is made in this run (its id not known
 * yet): the API gives a new dashboard's tiles ids of its own, so `up` would fail with "Tile not found". It is a
 * warning, not a refusal, because a dashboard that adopts an existing one keeps that one's tile ids.
 */
export function tileIdOfNewDashboard(
  inputs: PropertyBag,
  _previous?: PropertyBag,
  notKnown: ReadonlySet<string> = new Set(),
): ValidationProblem[] {
  const tileId = inputs.tileId;
  if (inputs.source !== "tile" || !notKnown.has("dashboardId")) return [];
  if (typeof tileId !== "string" || tileId === "") return [];
  return [
    {
      property: "tileId",
      reason:
        `tileId "${tileId}" is written in the program, but the dashboard (dashboardId) is made in this run, and ` +
        'the API gives a new dashboard\'s tiles ids of its own: `up` will fail with "Tile not found". Take the id ' +
        "from the dashboard's tileIds output, by the tile's name (dashboard.tileIds.apply(ids => ids[\"<tile " +
        'name>"])), unless that dashboard adopts an existing one whose tile has this id',
    },
  ];
}

function webhookOf(channel: unknown): unknown {
  return isPlainObject(channel) ? channel.webhookId : undefined;
}
