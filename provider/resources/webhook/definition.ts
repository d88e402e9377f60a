/** The Webhook resource: a destination of alert notifications (Slack, incident.io or any HTTP endpoint). */
import type { ResourceDefinition } from "../definition";
import {
  clickstackServiceIdInput,
  clickstackServiceIdOutput,
  createdAtOutput,
  keptWhenUnset,
  observabilityConfiguration,
  observabilityObjectId,
  requiredInPlace,
  updatedAtOutput,
} from "../fields/observabilityFields";
import { stringOutput } from "../fields/sharedFields";

export const definition: ResourceDefinition<"webhookCreate"> = {
  kind: "Webhook",
  module: "observability",
  description:
    "A webhook of the observability API: where an alert's notifications go. Every input updates it in place with " +
    "one PUT; fields the program leaves out keep what the webhook has. `headers` and `queryParams` are secrets: " +
    "the API never shows them, so `pulumi refresh` cannot see a change made to them outside Pulumi (it keeps the " +
    "values of the last `pulumi up`), and the API clears them when the URL or the service changes unless the " +
    "program sends them again. The `slack` service takes none of `headers`, `queryParams` and `body`, and its URL " +
    "must be on slack.com. " +
    observabilityConfiguration,
  notes: "`headers` and `queryParams` are secret and write-only: refresh cannot see them",
  id: observabilityObjectId("webhook"),
  requestSchema: "webhookCreate",
  inputs: {
    name: requiredInPlace("The webhook's name, 1 to 1024 characters; unique per service."),
    service: {
      ...requiredInPlace("`slack`, `incidentio` or `generic` (any HTTP endpoint)."),
      type: { name: "WebhookService", from: "../schemas" },
    },
    url: requiredInPlace("The http or https URL notifications are sent to, at most 2048 characters."),
    description: keptWhenUnset("A description, at most 2048 characters."),
    headers: keptWhenUnset(
      "HTTP headers sent with every notification (at most 100; names of token characters, not starting with a " +
        "digit; values without control characters); not for `slack`. Secret: the API never shows them.",
      { secret: true },
    ),
    queryParams: keptWhenUnset(
      "Query parameters added to the URL (at most 100, without control characters); not for `slack`. Secret: the " +
        "API never shows them.",
      { secret: true },
    ),
    body: keptWhenUnset("The request body template, at most 16384 characters; not for `slack`."),
    clickstackServiceId: clickstackServiceIdInput,
  },
  outputs: {
    name: stringOutput("The webhook's name.", { alwaysSet: true }),
    service: stringOutput("`slack`, `incidentio` or `generic`.", { alwaysSet: true }),
    url: stringOutput("The URL notifications are sent to."),
    description: stringOutput("The description; undefined when none is set."),
    body: stringOutput("The body template (the API shows it for the generic service only)."),
    headers: {
      description: "The headers of the last `pulumi up` (the API never shows them).",
      schema: { type: "object", additionalProperties: { type: "string" } },
      secret: true,
    },
    queryParams: {
      description: "The query parameters of the last `pulumi up` (the API never shows them).",
      schema: { type: "object", additionalProperties: { type: "string" } },
      secret: true,
    },
    createdAt: createdAtOutput,
    updatedAt: updatedAtOutput,
    clickstackServiceId: clickstackServiceIdOutput,
  },
};
