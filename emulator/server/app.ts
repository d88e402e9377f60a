/**
 * The fastify app serving both APIs and the control path. Order of work for an API request: the request log
 * starts watching it, the fault plan may act, then each API's own steps (management: auth, then its rate
 * limiter; observability: body parsing, then its rate limiter, then auth), then the route. Every error, ours or
 * the framework's, is rendered in the body shape of the API addressed. Paths match with or without a trailing
 * slash, as on the real servers.
 */
import { randomUUID } from "node:crypto";
import Fastify from "fastify";
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "./context";
import { controlRoutes, createControl } from "./control";
import { guardControlPath } from "./controlGuard";
import { ApiError, flavorOf, sendApiError, toApiError } from "./errors";
import { FaultInjector } from "./faults";
import { recordExchanges } from "./exchangeRecorder";
import { clientErrorHandler, frameworkErrorHandler } from "./frameworkErrors";
import { RouteRegistry } from "./methodNotAllowed";
import { RateLimitCounters } from "./rateLimits";
import type { RequestListener } from "./requestLog";
import { RequestLog } from "./requestLog";
import { managementApi } from "../routes/management";
import { observabilityApi } from "../routes/observability";
import type { EmulatorControl, Fixture } from "../state/types";

const bodyLimitBytes = 1024 * 1024;
/**
 * Node refuses request headers over 16 KiB (the request line included), so no path parameter can be longer; with
 * this bound fastify never refuses one itself, and an over-long id gets the API's own answer for a bad id.
 */
const maxParamLength = 16 * 1024;

export interface AppOptions {
  context: EmulatorContext;
  /** The fixture with the URLs, once the server listens. */
  fixture: () => Fixture;
  onRequestLogged?: RequestListener;
  /** A file to append each management exchange to (the request and the answer as sent, secrets redacted). */
  recordExchangesTo?: string;
}

export interface BuiltApp {
  app: FastifyInstance;
  control: EmulatorControl;
}

/**
 * JSON bodies through fastify's own parser (it also refuses prototype poisoning), except that an empty body
 * is no body: clients often send a JSON content type on a DELETE without one. Nothing else is parsed.
 */
function parseJsonBodiesOnly(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  // Both APIs take JSON only: any other body, text/plain included, is a 415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body as string; // parseAs: "string"
    if (text === "") done(null, undefined);
    else parseJson(request, text, done);
  });
}

export async function buildApp(options: AppOptions): Promise<BuiltApp> {
  const { context } = options;
  const app = Fastify({
    logger: false,
    bodyLimit: bodyLimitBytes,
    genReqId: () => randomUUID(),
    // Keep-alive connections must not hold close() up.
    forceCloseConnections: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength },
    frameworkErrors: frameworkErrorHandler(context),
    clientErrorHandler,
    // Control bodies are validated by fastify: unknown fields are refused, never silently removed or coerced.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: false } },
  });
  app.decorateRequest("principal", null);
  app.decorateRequest("fault", null);
  parseJsonBodiesOnly(app);

  const log = new RequestLog(options.onRequestLogged);
  const counters = new RateLimitCounters();
  const routes = new RouteRegistry(app, (path) => flavorOf(path) !== "control");
  const faults = new FaultInjector(routes);
  const control = createControl({ context, log, faults, counters });
  app.addHook("onRequest", guardControlPath);
  app.addHook("onRequest", log.track);
  app.addHook("onRequest", faults.beforeProcessing);
  app.addHook("onSend", faults.beforeReply);
  // After the fault plan's hook, so a recording holds the answer as a faulted request got it.
  if (options.recordExchangesTo !== undefined)
    recordExchanges(app, context.dialect, options.recordExchangesTo);
  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error, flavorOf(request.url));
    if (apiError.statusCode >= 500 && !(error instanceof ApiError)) {
      // An emulator bug: say so on stderr (never request bodies, which may hold secrets).
      process.stderr.write(`emulator: ${request.method} ${request.url} failed: ${(error as Error).stack}\n`);
    }
    return sendApiError(request, reply, apiError);
  });
  app.setNotFoundHandler((request, reply) => {
    const what =
      flavorOf(request.url) === "observability" ? "Not found" : `No route ${request.method} ${request.url}`;
    return sendApiError(request, reply, new ApiError(404, what));
  });

  await app.register(async (scope) => managementApi(scope, context, counters));
  await app.register(async (scope) => observabilityApi(scope, context, counters));
  routes.addMethodNotAllowedRoutes(app);
  controlRoutes(app, control, context, options.fixture);
  return { app, control };
}
