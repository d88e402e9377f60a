/** The routes of the objects alerts refer to, on one mount: webhooks, saved searches, dashboards and sources. */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../../server/context";
import { dashboardRoutes } from "./dashboards";
import type { ObjectMount } from "./objectMount";
import { savedSearchRoutes } from "./savedSearches";
import { sourceRoutes } from "./sources";
import { webhookRoutes } from "./webhooks";

export function observabilityObjectRoutes(
  scope: FastifyInstance,
  context: EmulatorContext,
  mount: ObjectMount,
): void {
  webhookRoutes(scope, context, mount);
  savedSearchRoutes(scope, context, mount);
  dashboardRoutes(scope, context, mount);
  sourceRoutes(scope, context, mount);
}
