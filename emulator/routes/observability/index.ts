/**
 * The observability API's scope. Its steps run in the real server's order: the body is parsed first (malformed
 * JSON is a 400 even without a token), then the rate limiter counts the request against its token, then the token
 * is checked. Object ids are case-insensitive hex, as MongoDB reads them: `id` is lower-cased before the routes
 * look it up.
 */
import type { FastifyInstance } from "fastify";
import { authenticateBearerToken } from "../../server/auth";
import type { EmulatorContext } from "../../server/context";
import type { RateLimitCounters } from "../../server/rateLimits";
import { observabilityRateLimiter } from "../../server/rateLimits";
import { canonicalObjectIdParams } from "../../model/ids";
import { alertRoutes } from "./alerts";
import { observabilityObjectMount } from "./objectMount";
import { observabilityObjectRoutes } from "./objects";
import { seriesRoutes } from "./series";

export async function observabilityApi(
  scope: FastifyInstance,
  context: EmulatorContext,
  counters: RateLimitCounters,
): Promise<void> {
  const limitRate = await observabilityRateLimiter(scope, context, counters);
  // preValidation runs once the body is parsed, so a parse error answers before the limiter and the auth.
  scope.addHook("preValidation", async (request, reply) => {
    await limitRate(request, reply);
    authenticateBearerToken(context, request);
    request.principal = { kind: "observabilityToken" };
    canonicalObjectIdParams(request.params as Record<string, string>);
  });
  alertRoutes(scope, context);
  observabilityObjectRoutes(scope, context, observabilityObjectMount);
  seriesRoutes(scope, context);
}
