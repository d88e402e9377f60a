/**
 * Reading an alert as the API returns it, for what the Alert resource uses. Versions of the observability API
 * differ in how they spell the same fields, add fields the resource does not use, and send null for fields that are
 * not set; none of that may break a read or show as a change. What the resource sends stays strict (see
 * `alertRequest`).
 */
import type { AlertChannel, Alert as RemoteAlert, AlertCreateRequest } from "../../rest";
import { alertChannelTypes, alertSources, alertThresholdTypes, type AlertSource } from "../../../schemas";
import { bodyInputNames } from "../derive/specs";
import { requestBodyFor, requestFrom } from "../derive/requestBody";
import { fieldsOf, isPlainObject, pick, sameValue, type PropertyBag } from "../../propertyBags";
import { listed, numeric, optional, setOrUndefined, taken, text } from "../fields/reportedValues";
import { definition } from "./definition";
import { fieldsOfSource } from "./rules";
import { productionOnlyInputs } from "./wireRules";
import type { AlertInputs, AlertOutputs } from "./shapes";

/** Inputs that are fields of the request body (POST and PUT take the same body). */
const requestFields = bodyInputNames(definition);

const alertRequest = requestBodyFor(definition);

/** Fields the program manages only when it sets them; left out, the alert keeps its own value. */
const fieldsManagedWhenSet = new Set(
  requestFields.filter((field) => definition.inputs[field].unsetMeansUnmanaged),
);

/**
 * Ids the API stores as object ids: it accepts them in either case and reports them in lower case, so a program's
 * upper-case spelling is the same id.
 */
const objectIdFields = new Set<string>(["dashboardId", "savedSearchId"]);

/** The body that creates or replaces an alert: the inputs of the chosen source only, nothing for the other one. */
export function requestOf(inputs: AlertInputs): AlertCreateRequest {
  const source = inputs.source;
  const otherSource: AlertSource | undefined =
    source === "tile" ? "search" : source === "search" ? "tile" : undefined;
  const omitted = otherSource === undefined ? [] : fieldsOfSource[otherSource];
  return alertRequest(inputs, omitted);
}

/** The alert as the API reports it, keyed by the request's field names, whatever version of the API answered. */
function requestFieldsOf(alert: RemoteAlert): PropertyBag {
  return {
    threshold: alert.threshold,
    interval: alert.interval,
    source: sourceOf(alert),
    thresholdType: alert.thresholdType,
    channel: channelOf(alert),
    dashboardId: alert.dashboard ?? alert.dashboardId,
    tileId: alert.tileId,
    savedSearchId: alert.savedSearch ?? alert.savedSearchId,
    groupBy: alert.groupBy,
    name: alert.name,
    message: alert.message,
    thresholdMax: alert.thresholdMax,
    note: alert.note,
    numConsecutiveWindows: alert.numConsecutiveWindows,
    scheduleOffsetMinutes: alert.scheduleOffsetMinutes,
    scheduleStartAt: alert.scheduleStartAt,
    channels: channelsOf(alert),
  };
}

/** Every channel as the request has them, when the API lists them (the production wire). */
function channelsOf(alert: RemoteAlert): PropertyBag[] | undefined {
  if (!Array.isArray(alert.channels)) return undefined;
  return alert.channels.filter(isPlainObject).map((channel) => pick(channel, ["type", "webhookId"]));
}

/**
 * The request of an update that keeps what the program does not manage: a PUT replaces the whole alert, so every
 * field the program leaves out and the alert has (a note or a schedule set in the app, more channels) is sent back
 * as the alert has it. The program's channel stays the first one.
 */
export function keepingUnmanaged(request: AlertCreateRequest, alert: RemoteAlert): AlertCreateRequest {
  const remote = requestFieldsOf(alert);
  const wanted = fieldsOf(request);
  const kept = [...fieldsManagedWhenSet].filter(
    (field) => field !== "channels" && wanted[field] === undefined && valueIfSet(remote[field]) !== undefined,
  );
  const merged: PropertyBag = {
    ...wanted,
    ...Object.fromEntries(kept.map((field) => [field, remote[field]])),
  };
  const others = ((remote.channels as PropertyBag[] | undefined) ?? []).slice(1);
  if (wanted.channels === undefined && others.length > 0) {
    const first = wanted.channel as PropertyBag;
    merged.channels = [first, ...others.filter((channel) => !sameValue(channel, first))];
  }
  return requestFrom<AlertCreateRequest>(merged);
}

/** The API's own implementation spells the saved-search source `saved_search`; the specification says `search`. */
function sourceOf(alert: RemoteAlert): unknown {
  return alert.source === "saved_search" ? "search" : alert.source;
}

/**
 * The channel as the request has it (type and webhookId only, so a field the API adds is no change). Newer versions
 * list every channel in `channels` and mirror the first in `channel`, which they leave out when none resolves.
 */
function channelOf(alert: RemoteAlert): PropertyBag | undefined {
  const channel = isPlainObject(alert.channel) ? alert.channel : alert.channels?.find(isPlainObject);
  return isPlainObject(channel) ? pick(channel, ["type", "webhookId"]) : undefined;
}

/** True when the alert has exactly the fields the request asks for ("absent", null and "" all mean unset). */
export function matchesRequest(alert: RemoteAlert, request: AlertCreateRequest): boolean {
  const remote = requestFieldsOf(alert);
  const wanted = fieldsOf(request);
  return requestFields
    .filter((field) => !fieldsManagedWhenSet.has(field) || wanted[field] !== undefined)
    .every((field) => sameField(field, remote[field], wanted[field]));
}

function sameField(field: string, remote: unknown, wanted: unknown): boolean {
  const [a, b] = [valueIfSet(remote), valueIfSet(wanted)];
  if (objectIdFields.has(field) && typeof a === "string" && typeof b === "string") {
    return a.toLowerCase() === b.toLowerCase();
  }
  return sameValue(a, b);
}

function valueIfSet(value: unknown): unknown {
  return value === null || value === "" ? undefined : value;
}

/** Whether a silence is in force at `now`, and when it ends: the outputs `silenced` and `silencedUntil`. */
export function silenceOf(silenced: unknown, now: number): { silenced: boolean; silencedUntil?: string } {
  if (typeof silenced === "boolean") return { silenced };
  if (!isPlainObject(silenced)) return { silenced: false };
  const until = typeof silenced.until === "string" ? silenced.until : undefined;
  const endsAt = until === undefined ? Number.NaN : Date.parse(until);
  // A silence whose end cannot be read is still a silence the API reports: take it as in force.
  const inForce = Number.isNaN(endsAt) || endsAt > now;
  return until === undefined ? { silenced: inForce } : { silenced: inForce, silencedUntil: until };
}

/**
 * The outputs of an Alert: the API's fields under the names the resource declares (`dashboard`, `savedSearch` and
 * `team` whatever the API calls them), the request's field names so that `read` can rebuild the inputs, the silence,
 * and `adoptId`. Ids the API reports in another case than `inputs` spell them keep the inputs' spelling, so they are
 * no change. Fields the resource does not declare are not kept.
 *
 * The alert's schema checks only `threshold` and `interval` as always there; every other field is taken when it has
 * its output's type. The source, threshold type and channel, which every alert has, are the requested ones (the
 * inputs, or the recorded outputs on a read) where the API leaves them out, reports null or reports a value the API
 * does not list. `channels` is left out unless each channel listed is one the outputs can hold, so that a program
 * that sets them sees any other as a change. The API's own state, team and dates are left out when it does not
 * report them (older versions leave out the dates).
 */
export function alertOutputs(
  inputs: AlertInputs | AlertOutputs,
  alert: RemoteAlert,
  now: number,
): AlertOutputs {
  const reported = requestFieldsOf(alert);
  const given: PropertyBag = inputs;
  const spelled = (field: "dashboardId" | "savedSearchId") =>
    text(spelledAsInputs(field, reported[field], given[field]));
  return {
    threshold: alert.threshold,
    interval: alert.interval,
    source: listed(alertSources, reported.source) ?? inputs.source,
    thresholdType: listed(alertThresholdTypes, reported.thresholdType) ?? inputs.thresholdType,
    channel: channelFrom(reported.channel) ?? inputs.channel,
    ...optional("channels", everyChannel(reported.channels)),
    ...optional("dashboardId", spelled("dashboardId")),
    ...optional("savedSearchId", spelled("savedSearchId")),
    ...taken(["tileId", "groupBy", "name", "message", "note", "scheduleStartAt"], reported, text),
    ...taken(["thresholdMax", "numConsecutiveWindows", "scheduleOffsetMinutes"], reported, numeric),
    ...optional("state", text(alert.state)),
    ...optional("team", text(alert.team ?? alert.teamId)),
    ...optional("dashboard", text(reported.dashboardId)),
    ...optional("savedSearch", text(reported.savedSearchId)),
    ...silenceOf(alert.silenced, now),
    ...optional("createdAt", text(alert.createdAt)),
    ...optional("updatedAt", text(alert.updatedAt)),
    ...optional("adoptId", setOrUndefined(inputs.adoptId)),
    managedFields: managedFieldsOf(inputs),
  };
}

/** A channel as the outputs have it: of a type the API lists, with a webhook id. */
function channelFrom(value: unknown): AlertChannel | undefined {
  if (!isPlainObject(value)) return undefined;
  const type = listed(alertChannelTypes, value.type);
  const webhookId = text(value.webhookId);
  return type === undefined || webhookId === undefined ? undefined : { type, webhookId };
}

/** The channels, when the API lists them and each is a channel as the outputs have it. */
function everyChannel(value: unknown): AlertChannel[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const channels = value.flatMap((item) => channelFrom(item) ?? []);
  return channels.length === value.length ? channels : undefined;
}

/**
 * The production wire's fields the program manages: those it sets (create, update), or, read back from the last
 * outputs, those recorded then (read).
 */
function managedFieldsOf(inputsOrOutputs: PropertyBag): string[] {
  const recorded = inputsOrOutputs.managedFields;
  if (Array.isArray(recorded)) return productionOnlyInputs.filter((field) => recorded.includes(field));
  return productionOnlyInputs.filter((field) => valueIfSet(inputsOrOutputs[field]) !== undefined);
}

/**
 * What a read for `pulumi import` records as managed: every production wire field the alert has, so that the
 * program the import writes sets them all; `channels` when it lists more than the one `channel` names.
 */
export function importedAlertRecord(alert: RemoteAlert): Pick<AlertOutputs, "managedFields"> {
  const reported = requestFieldsOf(alert);
  const managedFields = productionOnlyInputs.filter((field) =>
    field === "channels"
      ? Array.isArray(reported.channels) && reported.channels.length > 1
      : valueIfSet(reported[field]) !== undefined,
  );
  return { managedFields };
}

/** The inputs a read reports: every input the outputs hold, but of the production wire's only the managed ones. */
export function inputsFromAlertOutputs(outputs: AlertOutputs): PropertyBag {
  const managed = managedFieldsOf(outputs);
  const names = Object.keys(definition.inputs).filter(
    (name) => !(productionOnlyInputs as readonly string[]).includes(name) || managed.includes(name),
  );
  return pick(outputs, names);
}

function spelledAsInputs(field: string, reported: unknown, input: unknown): unknown {
  const sameId =
    objectIdFields.has(field) &&
    typeof reported === "string" &&
    typeof input === "string" &&
    reported.toLowerCase() === input.toLowerCase();
  return sameId ? input : reported;
}
