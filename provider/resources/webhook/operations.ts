/** Creates, reads, updates (PUT, keeping what the program leaves out) and deletes webhooks. */
import type { Webhook, WebhookRequest } from "../../rest/observability";
import { ApiError } from "../../rest";
import { requestBodyFor } from "../derive/requestBody";
import type { ResourceOperations } from "../operations";
import { apiObjectOperations } from "../lifecycle/apiObjectLifecycle";
import { definition } from "./definition";
import type { WebhookInputs, WebhookOutputs } from "./shapes";

const webhookRequest = requestBodyFor(definition);

const lifecycle = apiObjectOperations<WebhookInputs, WebhookOutputs, WebhookRequest, Webhook>({
  what: (inputs) => `webhook "${inputs.name}"`,
  collection: (client) => client.webhooks,
  request: (inputs) => webhookRequest(inputs),
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

/** How long a delete waits for the alerts that still use the webhook to go (deleted in the same run, say). */
const IN_USE_WAIT_MS = 60_000;
const IN_USE_POLL_MS = 2_000;

export const operations: ResourceOperations<WebhookInputs, WebhookOutputs> = {
  ...lifecycle,
  /**
   * The API refuses to delete a webhook alerts use (409). When the alerts go in the same run (a destroy deletes
   * resources that do not depend on each other at once), the delete is sent again once they are gone; alerts that
   * stay fail the delete with the API's words.
   */
  async delete(id, olds, context) {
    const started = context.clock.now();
    for (;;) {
      try {
        return await lifecycle.delete(id, olds, context);
      } catch (error) {
        const inUse = error instanceof ApiError && error.status === 409;
        if (!inUse || context.clock.now() - started >= IN_USE_WAIT_MS) throw error;
        context.progress(`webhook ${id} is still used by alerts; deleting it once they are gone`);
        await context.clock.sleep(IN_USE_POLL_MS);
      }
    }
  },
};
