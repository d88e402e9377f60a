/**
 * ClickStack managed by ClickHouse Cloud (production wire only): the observability API's alert, webhook, saved search,
 * dashboard and source routes without `/api/v2`, under `.../services/{serviceId}/clickstack`, behind the management
 * API's Basic auth and rate limit, in the Cloud envelope `{status, requestId, result}` (a DELETE without `result`)
 * with the Cloud's error bodies. An alert has one `channel` and no `channels`, as the Cloud OpenAPI's
 * ClickStackCreateAlertRequest and ClickStackAlertResponse have it. The gateway answers a route it does not serve (chart series, say) with an HTML "Cannot GET" page, as the official
 * Terraform provider's internal/service/clickstack/client/client.go expects of it.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { EmulatorContext } from "../../server/context";
import { alertRoutes } from "../observability/alerts";
import { observabilityObjectRoutes } from "../observability/objects";
import { findService, servicePath, type ServiceParams } from "./common";

const clickstackPath = `${servicePath}/clickstack`;

export function clickstackRoutes(scope: FastifyInstance, context: EmulatorContext): void {
  scope.addHook("preHandler", async (request) => {
    if (request.routeOptions.url?.startsWith(clickstackPath)) {
      findService(context, (request.params as ServiceParams).serviceId);
    }
  });
  const answer = (request: FastifyRequest, result: unknown, meta?: object) => ({
    status: 200,
    requestId: request.id,
    ...(result === undefined ? {} : { result }),
    ...(meta === undefined ? {} : { meta }),
  });
  alertRoutes(scope, context, { path: `${clickstackPath}/alerts`, answer, listsChannels: false });
  observabilityObjectRoutes(scope, context, { prefix: clickstackPath, answer, plainNotFound: false });
  scope.all(`${clickstackPath}/*`, async (request, reply) => {
    const path = request.url.split("?")[0];
    return reply
      .code(404)
      .type("text/html; charset=utf-8")
      .send(
        `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n` +
          `<body>\n<pre>Cannot ${request.method} ${path}</pre>\n</body>\n</html>\n`,
      );
  });
}
