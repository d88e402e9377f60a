/**
 * A service's query API endpoint: GET, POST (an upsert: creates it or replaces it) and DELETE of
 * `.../services/{serviceId}/serviceQueryEndpoint`. GET and DELETE answer 404 when the service has no endpoint; the
 * DELETE answers `{status, requestId}` without `result`. Both wires serve it as ClickHouse Cloud's OpenAPI does.
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../../server/context";
import { ApiError } from "../../server/errors";
import type { ServiceParams } from "./common";
import { envelope, findService, servicePath } from "./common";
import { validBody } from "../validBody";
import { secureBytes } from "../../state/random";
import {
  deleteQueryEndpoint,
  queryEndpointOf,
  queryEndpointProblems,
  upsertQueryEndpoint,
  type QueryEndpointUpsert,
} from "../../model/queryEndpoints";

export function serviceQueryEndpointRoutes(scope: FastifyInstance, context: EmulatorContext): void {
  const path = `${servicePath}/serviceQueryEndpoint`;

  scope.get<{ Params: ServiceParams }>(path, async (request) => {
    const service = findService(context, request.params.serviceId);
    return envelope(request, queryEndpointOf(service));
  });

  scope.post<{ Params: ServiceParams }>(path, async (request) => {
    const service = findService(context, request.params.serviceId);
    const upsert = validBody<QueryEndpointUpsert>("serviceQueryEndpointUpsert", request.body);
    const problems = queryEndpointProblems(context.store.state, upsert);
    if (problems.length > 0) throw ApiError.invalid(problems);
    const endpoint = upsertQueryEndpoint(service, upsert, secureBytes);
    context.store.changed();
    return envelope(request, endpoint);
  });

  scope.delete<{ Params: ServiceParams }>(path, async (request) => {
    const service = findService(context, request.params.serviceId);
    deleteQueryEndpoint(service);
    context.store.changed();
    return { status: 200, requestId: request.id };
  });
}
