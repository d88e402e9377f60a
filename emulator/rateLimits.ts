/**
 * The real APIs' published rate limits, by @fastify/rate-limit in each API's scope, counted per credential:
 * - management: 10 requests per 10 s per API key; 429 `{"error":"TOO_MANY_REQUESTS"}` with X-RateLimit-Reset
 *   (seconds), X-RateLimit-Limit/Remaining and Retry-After;
 * - observability: 100 requests per minute per token; plain-text 429 with RateLimit-Limit/Remaining/Reset
 *   (the IETF draft names) and Retry-After.
 * Limits can be switched on and off at run time (settings.rateLimits), and `reset()` forgets all counters by
 * moving every key to a new generation.
 */
import rateLimit from "@fastify/rate-limit";
import type { RateLimitPluginOptions } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { EmulatorContext } from "./context";
import { ApiError } from "./errors";

export const managementRateLimit = { max: 10, timeWindowMs: 10_000 } as const;
export const observabilityRateLimit = { max: 100, timeWindowMs: 60_000 } as const;

export class RateLimitCounters {
  private generation = 0;

  reset(): void {
    this.generation += 1;
  }

  keyFor(request: FastifyRequest): string {
    const principal = request.principal;
    const credential =
      principal?.kind === "apiKey" ? principal.keyRecordId : (principal?.kind ?? "anonymous");
    return `${this.generation}:${credential}`;
  }
}

function optionsFor(
  context: EmulatorContext,
  counters: RateLimitCounters,
  limit: { max: number; timeWindowMs: number },
): RateLimitPluginOptions {
  return {
    global: true,
    max: limit.max,
    timeWindow: limit.timeWindowMs,
    keyGenerator: (request) => counters.keyFor(request),
    allowList: () => !context.settings.rateLimits,
    errorResponseBuilder: () => new ApiError(429, "Too many requests"),
  };
}

/** Registers the management API's limit on every route of `scope`; call before adding its routes. */
export async function limitManagementRate(
  scope: FastifyInstance,
  context: EmulatorContext,
  counters: RateLimitCounters,
): Promise<void> {
  await scope.register(rateLimit, optionsFor(context, counters, managementRateLimit));
}

/** Registers the observability API's limit on every route of `scope`; call before adding its routes. */
export async function limitObservabilityRate(
  scope: FastifyInstance,
  context: EmulatorContext,
  counters: RateLimitCounters,
): Promise<void> {
  await scope.register(rateLimit, {
    ...optionsFor(context, counters, observabilityRateLimit),
    enableDraftSpec: true,
  });
}
