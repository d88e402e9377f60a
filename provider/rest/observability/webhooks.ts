import type { HttpCore } from "../transport/http";
import { ObjectCollection } from "./objectCollection";
import type { Webhook, WebhookRequest } from "./objectModels";

/** Fields only a service that sends a templated request (generic, incidentio) takes; slack refuses them. */
const templatedRequestFields = ["headers", "queryParams", "body"] as const;

/**
 * Webhooks, alerts' channels. The API serves no GET of one webhook, so one is read from the (paged) list, as the
 * official Terraform provider's client does; it never shows `headers` or `queryParams`.
 */
export class WebhooksApi extends ObjectCollection<WebhookRequest, Webhook> {
  constructor(http: HttpCore, basePath: string) {
    super(http, {
      noun: "webhook",
      path: `${basePath}/webhooks`,
      createSchema: "webhookCreate",
      responseSchema: "webhook",
      paged: true,
      readFromList: true,
    });
  }

  /**
   * Keeps what the request leaves out. The PUT clears a `description` or `body` it does not carry, so these come
   * from the webhook as read; `headers` and `queryParams` cannot be read, and the API keeps its own when the PUT
   * leaves them out (it clears them when the URL or the service changes). A webhook turned into a slack one sends
   * none of the fields slack refuses unless the request sets them.
   */
  override update(id: string, request: WebhookRequest): Promise<Webhook> {
    return super.update(id, request, (merged) => {
      if (merged.service !== "slack") return merged;
      const kept: Record<string, unknown> = { ...merged };
      for (const field of templatedRequestFields) if (request[field] === undefined) delete kept[field];
      return kept as unknown as WebhookRequest;
    });
  }
}
