/**
 * The request log of the control API: one entry per request to either API (never the control path itself),
 * written when the response is finished or the connection is dropped (status 0). Bounded: the oldest
 * entries go first, so a long benchmark cannot exhaust memory.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { controlPrefix } from "./errors";
import { isMethodNotAllowedRoute } from "./methodNotAllowed";
import type { RequestLogEntry } from "../state/types";

const maxLogEntries = 10_000;

export type RequestListener = (entry: RequestLogEntry) => void;

/** "METHOD /pattern" of the API route a request matched, or undefined for unknown routes and methods. */
export function routeKeyOf(request: FastifyRequest): string | undefined {
  const pattern = request.routeOptions.url;
  if (pattern === undefined || isMethodNotAllowedRoute(request.routeOptions.config)) return undefined;
  return `${request.method} ${pattern}`;
}

/** A dropping fault destroyed the socket, or the client went away before the reply was written. */
function droppedReply(request: FastifyRequest, reply: FastifyReply): boolean {
  return request.fault === "drop" || request.fault === "dropAfterProcessing" || !reply.raw.writableFinished;
}

export class RequestLog {
  private entries: RequestLogEntry[] = [];

  constructor(private readonly listener?: RequestListener) {}

  list(): RequestLogEntry[] {
    return this.entries.map((entry) => ({ ...entry }));
  }

  clear(): void {
    this.entries = [];
  }

  /** onRequest hook: watches the response and records it when the connection is done with it. */
  track = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (request.url.startsWith(controlPrefix)) return;
    const startedAt = new Date();
    const started = process.hrtime.bigint();
    reply.raw.once("close", () => {
      const entry: RequestLogEntry = {
        id: request.id,
        method: request.method,
        path: request.url.split("?")[0],
        route: routeKeyOf(request),
        status: droppedReply(request, reply) ? 0 : reply.raw.statusCode,
        durationMs: Number(process.hrtime.bigint() - started) / 1e6,
        startedAt: startedAt.toISOString(),
      };
      if (entry.route === undefined) delete entry.route;
      if (request.fault) entry.fault = request.fault;
      this.entries.push(entry);
      if (this.entries.length > maxLogEntries) this.entries.splice(0, this.entries.length - maxLogEntries);
      this.listener?.(entry);
    });
  };
}
