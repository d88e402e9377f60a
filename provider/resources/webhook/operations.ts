/** Creates, reads, updates (PUT, keeping what the program leaves out) and deletes webhooks. */
import type { Webhook, WebhookRequest } from "../../rest/observability";
import { requestBodyOf } from "../derive/requestBody";
import { objectOperations } from "../lifecycle/objectLifecycle";
import { definition } from "./definition";
import type { WebhookInputs, WebhookOutputs } from "./shapes";

export const operations = objectOperations<WebhookInputs, WebhookOutputs, WebhookRequest, Webhook>({
  what: (inputs) => `webhook "${inputs.name}"`,
  collection: (client) => client.webhooks,
  request: (inputs) => requestBodyOf<WebhookRequest>(definition, inputs),
  // The API never shows headers and query parameters: the outputs keep the ones last sent.
  outputs: (recorded, shown) => ({
    name: shown.name,
    service: shown.service,
    url: shown.url ?? undefined,
    description: shown.description ?? undefined,
    body: shown.body ?? undefined,
    headers: (recorded.headers ?? undefined) as Record<string, unknown> | undefined,
    queryParams: (recorded.queryParams ?? undefined) as Record<string, unknown> | undefined,
    createdAt: shown.createdAt ?? undefined,
    updatedAt: shown.updatedAt ?? undefined,
  }),
  newness: "createdAt",
  sentFields: ["name", "service", "url", "description"],
});
