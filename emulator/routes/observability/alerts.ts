/**
 * Alerts (seed 4.6; list, get, PUT and DELETE from the real API). Ids are 24-hex object ids. A tile alert
 * needs an existing dashboard and one of its tiles, a search alert an existing saved search, and the
 * channel an existing webhook: a missing one is a 400 naming the field, and so is a field that only the
 * other source uses (savedSearchId or groupBy on a tile alert, dashboardId or tileId on a search alert).
 * New alerts are `inactive` and not silenced. PUT replaces every field from the request (id, team, state and
 * createdAt stay). DELETE answers `{}` like the real API.
 */
import type { FastifyInstance } from "fastify";
import type { Problem } from "../../model/problems";
import type { EmulatorContext } from "../../context";
import { ApiError } from "../../errors";
import { objectId, secureBytes } from "../../random";
import type { AlertRecord, EmulatorState } from "../../types";
import { validBody } from "../validBody";

interface AlertParams {
  id: string;
}

interface AlertRequest {
  threshold: number;
  interval: string;
  source: "tile" | "search";
  thresholdType: "above" | "below";
  channel: { type: string; webhookId: string };
  dashboardId?: string;
  tileId?: string;
  savedSearchId?: string;
  groupBy?: string;
  name?: string;
  message?: string;
}

const alertsPath = "/api/v2/alerts";
const objectIdPattern = /^[0-9a-f]{24}$/i;

/** Problems with the objects an alert refers to; only for values the schema accepted as strings. */
function referenceProblems(state: EmulatorState, body: Partial<AlertRequest> | undefined): Problem[] {
  const problems: Problem[] = [];
  const missing = (property: string, what: string, id: string) =>
    problems.push({
      property,
      message: `refers to ${what} ${JSON.stringify(id)}, which does not exist`,
    });
  if (body?.source === "tile" && typeof body.dashboardId === "string" && body.dashboardId !== "") {
    const dashboard = state.dashboards.find((candidate) => candidate.id === body.dashboardId);
    if (!dashboard) missing("dashboardId", "dashboard", body.dashboardId);
    else if (typeof body.tileId === "string" && body.tileId !== "") {
      if (!dashboard.tiles.some((tile) => tile.id === body.tileId)) {
        problems.push({
          property: "tileId",
          message: `refers to tile ${JSON.stringify(body.tileId)}, which is not a tile of dashboard ${dashboard.id}`,
        });
      }
    }
  }
  if (body?.source === "search" && typeof body.savedSearchId === "string" && body.savedSearchId !== "") {
    if (!state.savedSearches.some((search) => search.id === body.savedSearchId)) {
      missing("savedSearchId", "saved search", body.savedSearchId);
    }
  }
  const webhookId = body?.channel?.webhookId;
  if (typeof webhookId === "string" && webhookId !== "") {
    if (!state.webhooks.some((webhook) => webhook.id === webhookId)) {
      missing("channel.webhookId", "webhook", webhookId);
    }
  }
  return problems;
}

const fieldsOfOtherSource: Record<string, readonly (keyof AlertRequest)[]> = {
  tile: ["savedSearchId", "groupBy"],
  search: ["dashboardId", "tileId"],
};

/** A field that only the other source uses would be ignored, so it is refused rather than dropped. */
function sourceProblems(body: Partial<AlertRequest> | undefined): Problem[] {
  const source = body?.source;
  if (source !== "tile" && source !== "search") return [];
  return fieldsOfOtherSource[source]
    .filter((field) => body?.[field] !== undefined)
    .map((field) => ({
      property: field,
      message: `applies only to alerts of source ${source === "tile" ? "search" : "tile"}; this alert's source is ${source}`,
    }));
}

/** The fields an alert takes from its request: the ids its source watches, nothing of the other source. */
function fieldsFrom(body: AlertRequest) {
  const watched =
    body.source === "tile"
      ? { dashboard: body.dashboardId, tileId: body.tileId }
      : { savedSearch: body.savedSearchId, groupBy: body.groupBy };
  return {
    name: body.name,
    message: body.message,
    threshold: body.threshold,
    interval: body.interval,
    thresholdType: body.thresholdType,
    source: body.source,
    channel: { type: body.channel.type, webhookId: body.channel.webhookId },
    ...watched,
  };
}

/** JSON drops the undefined fields: an alert shows only what applies to it. */
function alertView(alert: AlertRecord): AlertRecord {
  return { ...alert, channel: { ...alert.channel } };
}

export function alertRoutes(scope: FastifyInstance, context: EmulatorContext): void {
  function validAlert(body: unknown): AlertRequest {
    const unchecked = typeof body === "object" && body !== null ? (body as Partial<AlertRequest>) : undefined;
    return validBody<AlertRequest>("alertCreate", body, [
      ...sourceProblems(unchecked),
      ...referenceProblems(context.store.state, unchecked),
    ]);
  }

  function findAlert(params: AlertParams): AlertRecord {
    if (!objectIdPattern.test(params.id)) {
      const message = `must be a 24-hex-digit object id; got ${JSON.stringify(params.id)}`;
      throw ApiError.invalid([{ property: "id", message }], "Params");
    }
    const alert = context.store.state.alerts.find((candidate) => candidate.id === params.id);
    if (!alert) throw new ApiError(404, "Alert not found");
    return alert;
  }

  scope.post(alertsPath, async (request) => {
    const body = validAlert(request.body);
    const now = context.now().toISOString();
    const alert: AlertRecord = {
      id: objectId(secureBytes),
      ...fieldsFrom(body),
      state: "inactive",
      team: context.store.state.teamId,
      silenced: false,
      createdAt: now,
      updatedAt: now,
    };
    context.store.state.alerts.push(alert);
    context.store.changed();
    return { data: alertView(alert) };
  });

  scope.get(alertsPath, async () => ({ data: context.store.state.alerts.map(alertView) }));

  scope.get<{ Params: AlertParams }>(`${alertsPath}/:id`, async (request) => ({
    data: alertView(findAlert(request.params)),
  }));

  scope.put<{ Params: AlertParams }>(`${alertsPath}/:id`, async (request) => {
    const existing = findAlert(request.params);
    const body = validAlert(request.body);
    const replaced: AlertRecord = {
      id: existing.id,
      ...fieldsFrom(body),
      state: existing.state,
      team: existing.team,
      silenced: existing.silenced,
      createdAt: existing.createdAt,
      updatedAt: context.now().toISOString(),
    };
    const state = context.store.state;
    state.alerts = state.alerts.map((alert) => (alert.id === existing.id ? replaced : alert));
    context.store.changed();
    return { data: alertView(replaced) };
  });

  scope.delete<{ Params: AlertParams }>(`${alertsPath}/:id`, async (request) => {
    const existing = findAlert(request.params);
    const state = context.store.state;
    state.alerts = state.alerts.filter((alert) => alert.id !== existing.id);
    context.store.changed();
    return {};
  });
}
