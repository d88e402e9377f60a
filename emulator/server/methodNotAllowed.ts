/**
 * 405 for a known path with a method it doesn't have. Fastify's router has no 405 of its own, so after the
 * API routes are registered, each of their paths gets one more route with the missing methods; it answers
 * 405 with an Allow header, in the body shape of its API.
 */
import type { FastifyInstance, HTTPMethods } from "fastify";
import { ApiError } from "./errors";

const apiMethods: HTTPMethods[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const marker = "methodNotAllowed";

export function isMethodNotAllowedRoute(config: unknown): boolean {
  return (
    typeof config === "object" && config !== null && (config as Record<string, unknown>)[marker] === true
  );
}

/** Collects "METHOD /pattern" of every route registered after this call (HEAD excluded). */
export class RouteRegistry {
  private readonly methodsByPath = new Map<string, Set<string>>();

  constructor(app: FastifyInstance, isApiPath: (path: string) => boolean) {
    app.addHook("onRoute", (route) => {
      if (!isApiPath(route.url) || isMethodNotAllowedRoute(route.config)) return;
      const methods = this.methodsByPath.get(route.url) ?? new Set<string>();
      for (const method of [route.method].flat()) if (method !== "HEAD") methods.add(method);
      this.methodsByPath.set(route.url, methods);
    });
  }

  has(routeKey: string): boolean {
    const [method, path] = routeKey.split(" ");
    return this.methodsByPath.get(path)?.has(method) ?? false;
  }

  keys(): string[] {
    return [...this.methodsByPath].flatMap(([path, methods]) =>
      [...methods].map((method) => `${method} ${path}`),
    );
  }

  /** Adds the 405 routes; call once every API route is registered. */
  addMethodNotAllowedRoutes(app: FastifyInstance): void {
    for (const [path, methods] of [...this.methodsByPath]) {
      const missing = apiMethods.filter((method) => !methods.has(method));
      if (missing.length === 0) continue;
      const allow = [...methods].join(", ");
      app.route({
        method: missing,
        url: path,
        config: { [marker]: true },
        handler: async (request, reply) => {
          reply.header("Allow", allow);
          throw new ApiError(405, `Method ${request.method} is not allowed on ${path}; allowed: ${allow}`);
        },
      });
    }
  }
}
