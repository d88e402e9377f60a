/**
 * The observability API's rules for alerts beyond the shape of a request: what an object id is, the objects an
 * alert refers to (checked in the API's order, each refusal in the API's own words), what a create and a PUT store,
 * silences, and the alert as the API shows it.
 */
import type { AlertRecord, AlertSilence, EmulatorState } from "../state/types";
import type { AlertBody } from "./alertBody";

/**
 * The stored form of an object id, or undefined when `value` is none. The API's ObjectId type takes 24 hex digits
 * in either case (the id is stored, and shown, in lower case) and also any 12-character string of 12 bytes, read as
 * the id's raw bytes.
 */
export function objectIdOf(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  if (/^[0-9a-f]{24}$/i.test(value)) return value.toLowerCase();
  const bytes = Buffer.from(value, "utf8");
  return value.length === 12 && bytes.length === 12 ? bytes.toString("hex") : undefined;
}

/**
 * The API's refusal (a 400 `{"message": ...}`) of the first referred object that is malformed or missing, in the
 * order the API checks them: the dashboard and its tile, or the saved search; then the webhook. Undefined when all
 * exist.
 */
export function missingReference(state: EmulatorState, body: AlertBody): string | undefined {
  if (body.source === "tile") {
    const dashboardId = objectIdOf(body.dashboardId);
    if (dashboardId === undefined) return "Invalid dashboard ID";
    const dashboard = state.dashboards.find((candidate) => candidate.id === dashboardId);
    if (dashboard === undefined) return "Dashboard not found";
    if (!dashboard.tiles.some((tile) => tile.id === body.tileId)) return "Tile not found";
  } else {
    const savedSearchId = objectIdOf(body.savedSearchId);
    if (savedSearchId === undefined) return "Invalid saved search ID";
    if (!state.savedSearches.some((search) => search.id === savedSearchId)) return "Saved search not found";
  }
  for (const channel of body.channels ?? [body.channel]) {
    const webhookId = objectIdOf(channel.webhookId);
    if (webhookId === undefined) return "Invalid webhook ID";
    if (!state.webhooks.some((webhook) => webhook.id === webhookId)) return "Webhook not found";
  }
  return undefined;
}

/** The fields a create or a PUT sets: every one of them, so a PUT clears what its body leaves out. */
export type ConfiguredFields = Pick<
  AlertRecord,
  | "name"
  | "message"
  | "threshold"
  | "interval"
  | "thresholdType"
  | "source"
  | "channel"
  | "dashboard"
  | "tileId"
  | "savedSearch"
  | "groupBy"
  | "channels"
  | "thresholdMax"
  | "note"
  | "numConsecutiveWindows"
  | "scheduleOffsetMinutes"
  | "scheduleStartAt"
>;

/** Fields only the production wire has; a PUT that leaves one out clears it. */
const productionFields = [
  "thresholdMax",
  "note",
  "numConsecutiveWindows",
  "scheduleOffsetMinutes",
  "scheduleStartAt",
] as const;

/**
 * What the API stores of a parsed body. A name or message left out is stored as null; the ids of the other source
 * are not stored; the dashboard and saved search as object ids (lower case); the webhook id as sent.
 */
export function configuredFields(body: AlertBody): ConfiguredFields {
  const watched =
    body.source === "tile"
      ? { dashboard: objectIdOf(body.dashboardId), tileId: body.tileId }
      : { savedSearch: objectIdOf(body.savedSearchId), groupBy: body.groupBy ?? undefined };
  return {
    name: body.name ?? null,
    message: body.message ?? null,
    threshold: body.threshold,
    interval: body.interval,
    thresholdType: body.thresholdType,
    source: body.source,
    channel: { type: body.channel.type, webhookId: body.channel.webhookId },
    ...watched,
    ...Object.fromEntries(
      productionFields.filter((field) => body[field] != null).map((field) => [field, body[field]]),
    ),
    ...(body.channels === undefined ? {} : { channels: body.channels.map((channel) => ({ ...channel })) }),
  };
}

/** A PUT: the configuration is replaced; id, team, state, silence and creation time stay. */
export function replacedAlert(existing: AlertRecord, body: AlertBody, now: Date): AlertRecord {
  return {
    id: existing.id,
    ...configuredFields(body),
    state: existing.state,
    team: existing.team,
    ...(isSilence(existing.silenced) ? { silenced: existing.silenced } : {}),
    createdAt: existing.createdAt,
    updatedAt: now.toISOString(),
  };
}

/**
 * A silence as the API's UI sets one: who, when, and until when (stored as a date, so shown in ISO 8601 with
 * milliseconds). Like any change of the alert, it moves `updatedAt`.
 */
export function silence(alert: AlertRecord, until: Date, by: string | undefined, now: Date): AlertSilence {
  const set: AlertSilence = {
    ...(by === undefined ? {} : { by }),
    at: now.toISOString(),
    until: until.toISOString(),
  };
  alert.silenced = set;
  alert.updatedAt = now.toISOString();
  return set;
}

export function unsilence(alert: AlertRecord, now: Date): void {
  delete alert.silenced;
  alert.updatedAt = now.toISOString();
}

function isSilence(value: AlertRecord["silenced"]): value is AlertSilence {
  return typeof value === "object" && value !== null;
}

/**
 * The alert as the specification shows it: name and message null when not set, the ids of the other source absent,
 * `silenced` a boolean, true while a silence is in force.
 */
export function alertView(alert: AlertRecord, now: Date): Record<string, unknown> {
  const silence = alert.silenced;
  const { silenced: _object, ...fields } = commonView(alert);
  return { ...fields, silenced: isSilence(silence) && Date.parse(silence.until) > now.getTime() };
}

/**
 * The alert as the production wire shows it (HyperDX's packages/api/src/utils/externalApi.ts
 * translateAlertDocumentToExternalAlert): `teamId`, `dashboardId` and `savedSearchId`; a note and consecutive
 * windows null when not set; every channel, the first also as `channel`; `silenced` an object `{by, at, until}` while
 * a silence is set, absent otherwise.
 */
export function productionAlertView(alert: AlertRecord): Record<string, unknown> {
  const { team, dashboard, savedSearch, ...fields } = commonView(alert);
  return {
    ...fields,
    note: alert.note ?? null,
    thresholdMax: alert.thresholdMax,
    ...(alert.scheduleOffsetMinutes == null ? {} : { scheduleOffsetMinutes: alert.scheduleOffsetMinutes }),
    scheduleStartAt: alert.scheduleStartAt,
    numConsecutiveWindows: alert.numConsecutiveWindows ?? null,
    channels: (alert.channels ?? [alert.channel]).map((channel) => ({ ...channel })),
    teamId: team,
    dashboardId: dashboard,
    savedSearchId: savedSearch,
  };
}

function commonView(alert: AlertRecord): Record<string, unknown> {
  return {
    id: alert.id,
    name: alert.name ?? null,
    message: alert.message ?? null,
    threshold: alert.threshold,
    interval: alert.interval,
    thresholdType: alert.thresholdType,
    source: alert.source,
    state: alert.state,
    channel: { ...alert.channel },
    team: alert.team,
    tileId: alert.tileId,
    dashboard: alert.dashboard,
    savedSearch: alert.savedSearch,
    groupBy: alert.groupBy,
    silenced: isSilence(alert.silenced) ? { ...alert.silenced } : undefined,
    createdAt: alert.createdAt,
    updatedAt: alert.updatedAt,
  };
}
