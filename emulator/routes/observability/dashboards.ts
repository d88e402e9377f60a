/**
 * Dashboards: list (one answer), get, create, PUT and DELETE. A missing dashboard is Express's plain-text `Not
 * Found` on `/api/v2` (HyperDX answers `sendStatus(404)`); a DELETE answers `{}` whether or not it existed and
 * deletes the dashboard's alerts; a PUT deletes the alerts of the tiles it removes. A request is checked in the
 * API's order: the body and the path id (one 400), the dashboard (404), then the sources it names (400).
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { EmulatorContext } from "../../server/context";
import { ApiError } from "../../server/errors";
import {
  createdDashboard,
  dashboardView,
  missingSources,
  parseDashboardBody,
  removedTileIds,
  replacedDashboard,
  type DashboardBody,
} from "../../model/dashboards";
import { idProblems, invalidRequest } from "../../model/objectBodies";
import { objectId, secureBytes } from "../../state/random";
import type { DashboardRecord } from "../../state/types";
import { validId, type IdParams, type ObjectMount } from "./objectMount";

/** Thrown where the API answers a missing dashboard; rendered as the mount answers it. */
class DashboardAbsent extends Error {}

export function dashboardRoutes(scope: FastifyInstance, context: EmulatorContext, mount: ObjectMount): void {
  const path = `${mount.prefix}/dashboards`;
  const state = () => context.store.state;

  function validBody(body: unknown, update: boolean, id?: string): DashboardBody {
    const parsed = parseDashboardBody(body, update);
    const badId = idProblems(id);
    if ("problems" in parsed || badId.length > 0) {
      throw invalidRequest("problems" in parsed ? parsed.problems : [], badId);
    }
    return parsed.body;
  }

  function checkSources(body: DashboardBody): void {
    const missing = missingSources(state(), body);
    if (missing !== undefined) throw new ApiError(400, missing);
  }

  function find(id: string): DashboardRecord {
    const dashboard = state().dashboards.find((candidate) => candidate.id === id);
    if (dashboard === undefined) throw new DashboardAbsent();
    return dashboard;
  }

  /** Runs a handler, answering a missing dashboard as the mount's API does. */
  async function answering(reply: FastifyReply, handler: () => object): Promise<object> {
    try {
      return handler();
    } catch (error) {
      if (!(error instanceof DashboardAbsent)) throw error;
      if (!mount.plainNotFound) throw new ApiError(404, "Dashboard not found");
      return reply.code(404).type("text/plain; charset=utf-8").send("Not Found");
    }
  }

  scope.get(path, async (request) => {
    const byName = [...state().dashboards].sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
    return mount.answer(request, byName.map(dashboardView));
  });

  scope.get<{ Params: IdParams }>(`${path}/:id`, async (request, reply) =>
    answering(reply, () => mount.answer(request, dashboardView(find(validId(request.params.id))))),
  );

  scope.post(path, async (request) => {
    const body = validBody(request.body, false);
    checkSources(body);
    const dashboard = createdDashboard(objectId(secureBytes), body);
    state().dashboards.push(dashboard);
    context.store.changed();
    return mount.answer(request, dashboardView(dashboard));
  });

  scope.put<{ Params: IdParams }>(`${path}/:id`, async (request, reply) =>
    answering(reply, () => {
      const body = validBody(request.body, true, request.params.id);
      const existing = find(validId(request.params.id));
      checkSources(body);
      const replaced = replacedDashboard(existing, body);
      const removed = new Set(removedTileIds(existing, replaced));
      state().alerts = state().alerts.filter(
        (alert) =>
          !(alert.dashboard === existing.id && alert.tileId !== undefined && removed.has(alert.tileId)),
      );
      state().dashboards = state().dashboards.map((dashboard) =>
        dashboard.id === existing.id ? replaced : dashboard,
      );
      context.store.changed();
      return mount.answer(request, dashboardView(replaced));
    }),
  );

  scope.delete<{ Params: IdParams }>(`${path}/:id`, async (request) => {
    const id = validId(request.params.id);
    if (state().dashboards.some((dashboard) => dashboard.id === id)) {
      state().dashboards = state().dashboards.filter((dashboard) => dashboard.id !== id);
      state().alerts = state().alerts.filter((alert) => alert.dashboard !== id);
      context.store.changed();
    }
    return mount.answer(request, undefined);
  });
}
