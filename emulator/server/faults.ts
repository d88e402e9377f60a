/**
 * Fault injection for resilience tests. A plan picks faults for requests of the API routes (never the
 * control path): scripted kinds first, consumed in order per route, then random kinds with the plan's
 * probability, from a PRNG seeded by the plan so a run can be repeated exactly.
 * - 429: the API's rate-limit answer with its reset headers; 500/502/503: the API's error body;
 * - 504html: a proxy's HTML gateway-timeout page; 404html: a proxy's HTML not-found page, as a proxy or gateway
 *   answers for a route it does not know (it is not the API's own not-found answer);
 * - drop: the socket is destroyed before anything is processed;
 * - slow: the reply comes `slowMs` late; dropAfterProcessing: the request is processed (state changes), then
 *   the socket is destroyed instead of replying; slowAfterProcessing: the request is processed at once (state
 *   changes) and its reply is held back `slowMs`, so a test can stop a client at the moment the server has made an
 *   object that the client has not heard of yet.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { ApiError, flavorOf } from "./errors";
import type { RouteRegistry } from "./methodNotAllowed";
import { managementRateLimit, observabilityRateLimit, observabilityRatePolicy } from "./rateLimits";
import { seededFloats } from "../state/random";
import { routeKeyOf } from "./requestLog";
import type { FaultKind, FaultPlan } from "../state/types";

const defaultSlowMs = 1500;
const defaultRetryAfterSeconds = 1;

const gatewayTimeoutPage =
  "<html>\r\n<head><title>504 Gateway Time-out</title></head>\r\n<body>\r\n" +
  "<center><h1>504 Gateway Time-out</h1></center>\r\n</body>\r\n</html>\r\n";

const notFoundPage =
  "<html>\r\n<head><title>404 Not Found</title></head>\r\n<body>\r\n" +
  "<center><h1>404 Not Found</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";

const injectedMessages: Record<string, string> = {
  // What a client meets when it deletes a service that reports stopped but is still settling.
  "409": "Injected fault: the resource is still changing state; try again",
  "500": "Injected fault: internal error",
  "502": "Injected fault: bad gateway",
  "503": "Injected fault: service unavailable",
};

export class FaultInjector {
  private plan: FaultPlan | undefined;
  private random: () => number = seededFloats(0);
  private scripts = new Map<string, FaultKind[]>();

  constructor(private readonly routes: RouteRegistry) {}

  /** Replaces the plan; a route that no API has is a 400 listing the known ones. */
  set(plan: FaultPlan): void {
    const named = [...(plan.routes ?? []), ...(plan.script ?? []).map((entry) => entry.route)];
    const unknown = [...new Set(named.filter((route) => !this.routes.has(route)))];
    if (unknown.length > 0) {
      throw new ApiError(
        400,
        `Unknown route ${unknown.map((route) => JSON.stringify(route)).join(", ")}; known routes: ${this.routes.keys().join(", ")}`,
      );
    }
    this.plan = plan;
    this.random = seededFloats(plan.seed ?? 0);
    this.scripts = new Map();
    for (const entry of plan.script ?? []) {
      this.scripts.set(entry.route, [...(this.scripts.get(entry.route) ?? []), ...entry.kinds]);
    }
  }

  clear(): void {
    this.plan = undefined;
    this.scripts = new Map();
  }

  private pick(route: string): FaultKind | undefined {
    const plan = this.plan;
    if (!plan) return undefined;
    const scripted = this.scripts.get(route);
    if (scripted && scripted.length > 0) return scripted.shift();
    const kinds = plan.kinds ?? [];
    if (!plan.probability || kinds.length === 0) return undefined;
    if (plan.routes && !plan.routes.includes(route)) return undefined;
    if (this.random() >= plan.probability) return undefined;
    return kinds[Math.floor(this.random() * kinds.length)];
  }

  /** onRequest hook: decides this request's fault and applies those that happen before processing. */
  beforeProcessing = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply | undefined> => {
    const route = routeKeyOf(request);
    const fault = route === undefined || flavorOf(request.url) === "control" ? undefined : this.pick(route);
    if (!fault) return undefined;
    request.fault = fault;
    switch (fault) {
      case "slow":
        await this.wait();
        return undefined;
      case "dropAfterProcessing":
      case "slowAfterProcessing":
        return undefined;
      case "drop":
        reply.hijack();
        request.raw.socket.destroy();
        return reply;
      case "504html":
        return reply.code(504).type("text/html; charset=utf-8").send(gatewayTimeoutPage);
      case "404html":
        return reply.code(404).type("text/html; charset=utf-8").send(notFoundPage);
      case "429":
        this.setRateLimitHeaders(request, reply);
        throw new ApiError(429, "Too many requests");
      default:
        throw new ApiError(Number(fault), injectedMessages[fault]);
    }
  };

  /**
   * onSend hook: the request was handled; for dropAfterProcessing drop the connection instead of replying, for
   * slowAfterProcessing hold the reply back.
   */
  beforeReply = async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    if (request.fault === "dropAfterProcessing") {
      reply.hijack();
      request.raw.socket.destroy();
    }
    if (request.fault === "slowAfterProcessing") await this.wait();
    return payload;
  };

  private wait(): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, this.plan?.slowMs ?? defaultSlowMs));
  }

  private setRateLimitHeaders(request: FastifyRequest, reply: FastifyReply): void {
    const seconds = this.plan?.retryAfterSeconds ?? defaultRetryAfterSeconds;
    if (flavorOf(request.url) === "management") {
      reply.header("x-ratelimit-limit", managementRateLimit.max);
      reply.header("x-ratelimit-remaining", 0);
      reply.header("x-ratelimit-reset", seconds);
    } else {
      reply.header("ratelimit-policy", observabilityRatePolicy);
      reply.header("ratelimit-limit", observabilityRateLimit.max);
      reply.header("ratelimit-remaining", 0);
      reply.header("ratelimit-reset", seconds);
    }
    reply.header("retry-after", seconds);
  }
}
