/**
 * Webhooks: list (paged), create, PUT and DELETE; the API serves no GET of one. A request is checked in the API's
 * order: the body and the path id (one 400), then the webhook (404 `Webhook not found`), then its URL and whether
 * its service and name are taken (400s). A DELETE is refused while alerts name the webhook (409).
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../../server/context";
import { ApiError } from "../../server/errors";
import { idProblems, invalidRequest } from "../../model/objectBodies";
import {
  duplicateWebhookMessage,
  parseWebhookBody,
  replacedWebhook,
  webhookUrlProblem,
  webhookView,
  type WebhookBody,
} from "../../model/webhooks";
import { objectId, secureBytes } from "../../state/random";
import type { WebhookRecord } from "../../state/types";
import { nowOf, notFoundError, pagedAnswer, validId, type IdParams, type ObjectMount } from "./objectMount";

export function webhookRoutes(scope: FastifyInstance, context: EmulatorContext, mount: ObjectMount): void {
  const path = `${mount.prefix}/webhooks`;
  const state = () => context.store.state;

  function validBody(body: unknown, id?: string): WebhookBody {
    const parsed = parseWebhookBody(body);
    const badId = idProblems(id);
    if ("problems" in parsed || badId.length > 0) {
      throw invalidRequest("problems" in parsed ? parsed.problems : [], badId);
    }
    return parsed.body;
  }

  function checkUsable(body: WebhookBody, except?: string): void {
    const urlProblem = webhookUrlProblem(body.service, body.url);
    if (urlProblem !== undefined) throw new ApiError(400, urlProblem);
    const taken = state().webhooks.some(
      (webhook) =>
        webhook.id !== except &&
        webhook.name === body.name &&
        (webhook.service ?? "generic") === body.service,
    );
    if (taken) throw new ApiError(400, duplicateWebhookMessage);
  }

  function find(id: string): WebhookRecord {
    const webhook = state().webhooks.find((candidate) => candidate.id === id);
    if (webhook === undefined) throw notFoundError("Webhook not found");
    return webhook;
  }

  scope.get(path, async (request, reply) =>
    pagedAnswer(mount, request, reply, state().webhooks, webhookView),
  );

  scope.post(path, async (request) => {
    const body = validBody(request.body);
    checkUsable(body);
    const now = nowOf(context);
    const webhook: WebhookRecord = { id: objectId(secureBytes), ...body, createdAt: now, updatedAt: now };
    state().webhooks.push(webhook);
    context.store.changed();
    return mount.answer(request, webhookView(webhook));
  });

  scope.put<{ Params: IdParams }>(`${path}/:id`, async (request) => {
    const body = validBody(request.body, request.params.id);
    const existing = find(validId(request.params.id));
    checkUsable(body, existing.id);
    const replaced = replacedWebhook(existing, body, nowOf(context));
    state().webhooks = state().webhooks.map((webhook) => (webhook.id === existing.id ? replaced : webhook));
    context.store.changed();
    return mount.answer(request, webhookView(replaced));
  });

  scope.delete<{ Params: IdParams }>(`${path}/:id`, async (request) => {
    const id = validId(request.params.id);
    const using = state().alerts.filter((alert) => alert.channel.webhookId === id).length;
    if (using > 0) {
      throw new ApiError(
        409,
        `Cannot delete webhook: ${using} alert(s) still reference it. Reassign or remove those alerts first.`,
      );
    }
    const existing = find(id);
    state().webhooks = state().webhooks.filter((webhook) => webhook.id !== existing.id);
    context.store.changed();
    return mount.answer(request, undefined);
  });
}
