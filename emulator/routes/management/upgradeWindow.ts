/**
 * A service's upgrade window: GET, PUT (creates or replaces it) and DELETE of `.../services/{serviceId}/upgradeWindow`.
 * GET answers 404 when no window is configured, and a secondary service's GET its primary's window; PUT and DELETE
 * answer 400 on a secondary service, PUT 403 without the organization's scheduled upgrades feature, DELETE 404 when
 * there is no window. The DELETE answers `{status, requestId}` without `result`. Both wires serve it as ClickHouse
 * Cloud's OpenAPI does.
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../../server/context";
import type { ServiceParams } from "./common";
import { envelope, findService, servicePath } from "./common";
import { validBody } from "../validBody";
import {
  assertWindowSettable,
  deleteUpgradeWindow,
  upgradeWindowOf,
  upgradeWindowView,
  type UpgradeWindowPut,
} from "../../model/upgradeWindows";

export function upgradeWindowRoutes(scope: FastifyInstance, context: EmulatorContext): void {
  const path = `${servicePath}/upgradeWindow`;

  scope.get<{ Params: ServiceParams }>(path, async (request) => {
    const service = findService(context, request.params.serviceId);
    return envelope(request, upgradeWindowView(upgradeWindowOf(context.store.state, service)));
  });

  scope.put<{ Params: ServiceParams }>(path, async (request) => {
    const service = findService(context, request.params.serviceId);
    const { weekday, startHourUtc } = validBody<UpgradeWindowPut>("upgradeWindowPut", request.body);
    assertWindowSettable(service, context.settings);
    service.upgradeWindow = { weekday, startHourUtc };
    context.store.changed();
    return envelope(request, upgradeWindowView(service.upgradeWindow));
  });

  scope.delete<{ Params: ServiceParams }>(path, async (request) => {
    const service = findService(context, request.params.serviceId);
    deleteUpgradeWindow(service);
    context.store.changed();
    return { status: 200, requestId: request.id };
  });
}
