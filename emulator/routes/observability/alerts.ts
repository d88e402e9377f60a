/**
 * Alerts: create, list, get, PUT (replaces the whole configuration) and DELETE, as the observability API serves
 * them. A request is checked in the API's order: the body and the id's form (one 400 naming both), then the objects
 * the alert refers to (a 400 such as `{"message":"Webhook not found"}`), then whether the alert exists (404
 * `{"message":"Alert not found"}`). Unknown fields are dropped, not refused. New alerts are `inactive` (the
 * specification) or `OK` (the production wire). DELETE answers `{}`. On the production wire the list is paged. The
 * rules live in `model/alerts.ts`, `model/alertBody.ts` and `model/alertBodyProduction.ts`.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { EmulatorContext } from "../../server/context";
import { ApiError } from "../../server/errors";
import { invalidIdProblem, invalidRequest } from "../../model/objectBodies";
import { parseAlertBody, type AlertBody } from "../../model/alertBody";
import {
  alertView,
  configuredFields,
  missingReference,
  objectIdOf,
  productionAlertView,
  replacedAlert,
} from "../../model/alerts";
import { productionAlertGrammar } from "../../model/alertBodyProduction";
import { alertPage } from "./alertPages";
import { objectId, secureBytes } from "../../state/random";
import type { AlertRecord } from "../../state/types";

interface AlertParams {
  id: string;
}

/**
 * Where the alert routes are served and how a success is wrapped: HyperDX's `{data}` (a DELETE's `{}`), or the Cloud
 * envelope of managed ClickStack. `data` is undefined for a DELETE.
 */
export interface AlertMount {
  readonly path: string;
  readonly answer: (request: FastifyRequest, data: unknown, meta?: object) => object;
  /**
   * False where an alert has one `channel` and no `channels` (the Cloud API's ClickStack alert): a body's `channels`
   * is dropped as any unknown field, and an alert is shown without it.
   */
  readonly listsChannels?: boolean;
}

const observabilityMount: AlertMount = {
  path: "/api/v2/alerts",
  answer: (_request, data, meta) =>
    data === undefined ? {} : meta === undefined ? { data } : { data, meta },
};

export function alertRoutes(
  scope: FastifyInstance,
  context: EmulatorContext,
  { path: alertsPath, answer, listsChannels = true }: AlertMount = observabilityMount,
): void {
  const state = () => context.store.state;
  const production = context.dialect === "production";
  const grammar = production ? productionAlertGrammar : undefined;
  const view = (alert: AlertRecord) => {
    if (!production) return alertView(alert, context.now());
    const shown = productionAlertView(alert);
    if (listsChannels) return shown;
    const { channels: _notShown, ...oneChannel } = shown;
    return oneChannel;
  };

  /** The body the API keeps, once its form and the objects it refers to are right; `id` is a PUT's path id. */
  function validAlert(body: unknown, id?: string): AlertBody {
    const parsed = parseAlertBody(listsChannels ? body : withoutChannels(body), grammar);
    const idProblems = id !== undefined && objectIdOf(id) === undefined ? [invalidIdProblem] : [];
    if ("problems" in parsed || idProblems.length > 0) {
      throw invalidRequest("problems" in parsed ? parsed.problems : [], idProblems);
    }
    const missing = missingReference(state(), parsed.body);
    if (missing !== undefined) throw new ApiError(400, missing);
    return parsed.body;
  }

  function validId(id: string): string {
    const stored = objectIdOf(id);
    if (stored === undefined) throw invalidRequest([], [invalidIdProblem]);
    return stored;
  }

  function findAlert(id: string): AlertRecord {
    const alert = state().alerts.find((candidate) => candidate.id === id);
    if (!alert) throw new ApiError(404, "Alert not found");
    return alert;
  }

  scope.post(alertsPath, async (request) => {
    const body = validAlert(request.body);
    const now = context.now().toISOString();
    const alert: AlertRecord = {
      id: objectId(secureBytes),
      ...configuredFields(body),
      state: production ? "OK" : "inactive",
      team: state().teamId,
      createdAt: now,
      updatedAt: now,
    };
    state().alerts.push(alert);
    context.store.changed();
    return answer(request, view(alert));
  });

  scope.get(alertsPath, async (request, reply) => {
    if (!production) return answer(request, state().alerts.map(view));
    const page = alertPage(state().alerts, request.query);
    void reply.header("X-Total-Count", String(page.meta.total));
    return answer(request, page.alerts.map(view), page.meta);
  });

  scope.get<{ Params: AlertParams }>(`${alertsPath}/:id`, async (request) =>
    answer(request, view(findAlert(validId(request.params.id)))),
  );

  scope.put<{ Params: AlertParams }>(`${alertsPath}/:id`, async (request) => {
    const body = validAlert(request.body, request.params.id);
    const existing = findAlert(validId(request.params.id));
    const replaced = replacedAlert(existing, body, context.now());
    state().alerts = state().alerts.map((alert) => (alert.id === existing.id ? replaced : alert));
    context.store.changed();
    return answer(request, view(replaced));
  });

  scope.delete<{ Params: AlertParams }>(`${alertsPath}/:id`, async (request) => {
    const existing = findAlert(validId(request.params.id));
    state().alerts = state().alerts.filter((alert) => alert.id !== existing.id);
    context.store.changed();
    return answer(request, undefined);
  });
}

function withoutChannels(body: unknown): unknown {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return body;
  const { channels: _dropped, ...rest } = body as Record<string, unknown>;
  return rest;
}
