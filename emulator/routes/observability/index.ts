/** The observability API's scope: every route needs the bearer token; rate limits apply per token. */
import type { FastifyInstance } from "fastify";
import { authenticateBearerToken } from "../../auth";
import type { EmulatorContext } from "../../context";
import type { RateLimitCounters } from "../../rateLimits";
import { limitObservabilityRate } from "../../rateLimits";
import { alertRoutes } from "./alerts";
import { seriesRoutes } from "./series";

export async function observabilityApi(
  scope: FastifyInstance,
  context: EmulatorContext,
  counters: RateLimitCounters,
): Promise<void> {
  scope.addHook("onRequest", async (request) => {
    authenticateBearerToken(context, request);
    request.principal = { kind: "observabilityToken" };
  });
  await limitObservabilityRate(scope, context, counters);
  alertRoutes(scope, context);
  seriesRoutes(scope, context);
}
