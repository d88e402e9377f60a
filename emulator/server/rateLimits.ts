/**
 * The real APIs' published rate limits, by @fastify/rate-limit, counted per credential:
 * - management: 10 requests per 10 s per API key, counted after authentication; 429 `{"error":"TOO_MANY_REQUESTS"}`
 *   with X-RateLimit-Reset (seconds), X-RateLimit-Limit/Remaining and Retry-After;
 * - observability: 100 requests per minute per token, counted before authentication (the real server runs its
 *   limiter first, keyed by the bearer token as sent, or the caller's address without one); the 429 is express's
 *   text/html "Too many requests, please try again later." with the IETF draft 6 headers of express-rate-limit:
 *   RateLimit-Policy (`100;w=60`), RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset and Retry-After
 *   (seconds until the window resets), on every limited response.
 * Limits can be switched on and off at run time (settings.rateLimits), and `reset()` forgets all counters by
 * moving every key to a new generation.
 */
import rateLimit from "@fastify/rate-limit";
import type { RateLimitPluginOptions } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { bearerToken } from "./auth";
import type { EmulatorContext } from "./context";
import { ApiError } from "./errors";

export const managementRateLimit = { max: 10, timeWindowMs: 10_000 } as const;
export const observabilityRateLimit = { max: 100, timeWindowMs: 60_000 } as const;

/** The IETF draft's policy: "<quota>;w=<window seconds>". */
export const observabilityRatePolicy = `${observabilityRateLimit.max};w=${observabilityRateLimit.timeWindowMs / 1000}`;

export class RateLimitCounters {
  private generation = 0;

  reset(): void {
    this.generation += 1;
  }

  /** The counter of one credential (a key's record id, a token, an address) in the current generation. */
  keyFor(credential: string): string {
    return `${this.generation}:${credential}`;
  }
}

function optionsFor(
  context: EmulatorContext,
  limit: { max: number; timeWindowMs: number },
  credential: (request: FastifyRequest) => string,
  counters: RateLimitCounters,
): RateLimitPluginOptions {
  return {
    max: limit.max,
    timeWindow: limit.timeWindowMs,
    keyGenerator: (request) => counters.keyFor(credential(request)),
    allowList: () => !context.settings.rateLimits,
    errorResponseBuilder: () => new ApiError(429, "Too many requests"),
  };
}

/** Registers the management API's limit on every route of `scope`, after its auth hook; call before its routes. */
export async function limitManagementRate(
  scope: FastifyInstance,
  context: EmulatorContext,
  counters: RateLimitCounters,
): Promise<void> {
  const perKey = (request: FastifyRequest) =>
    request.principal?.kind === "apiKey" ? request.principal.keyRecordId : "anonymous";
  const limit = {
    max: managementRateLimit.max,
    timeWindowMs: context.managementRateWindowMs ?? managementRateLimit.timeWindowMs,
  };
  await scope.register(rateLimit, { ...optionsFor(context, limit, perKey, counters), global: true });
}

export type RateLimitCheck = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * The observability API's limiter as a step the scope's hook calls itself, before authentication: sets the
 * RateLimit-* headers and throws the 429 once the token's budget is spent.
 */
export async function observabilityRateLimiter(
  scope: FastifyInstance,
  context: EmulatorContext,
  counters: RateLimitCounters,
): Promise<RateLimitCheck> {
  const perToken = (request: FastifyRequest) => bearerToken(request) ?? request.ip;
  await scope.register(rateLimit, {
    ...optionsFor(context, observabilityRateLimit, perToken, counters),
    global: false,
    enableDraftSpec: true,
  });
  const check = scope.rateLimit();
  return async (request, reply) => {
    if (context.settings.rateLimits) reply.header("ratelimit-policy", observabilityRatePolicy);
    await check.call(scope, request, reply);
  };
}
