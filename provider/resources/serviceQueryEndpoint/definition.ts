/** The ServiceQueryEndpoint resource: the query API endpoint of an existing service. */
import { organizationIdInput, serviceIdInput, stringOutput } from "../fields/sharedFields";
import type { ResourceDefinition } from "../definition";

export const definition: ResourceDefinition<"serviceQueryEndpointUpsert"> = {
  kind: "ServiceQueryEndpoint",
  module: "clickhouse",
  description:
    "The query API endpoint of an existing service: it lets the listed API keys send SQL to the service over " +
    "HTTPS, run as the chosen database role, from backends and from the allowed browser origins. A service has at " +
    "most one, so the resource is named by the service.\n\n" +
    "Create sends the endpoint in one POST, which creates it or replaces the one there is. An endpoint already " +
    "configured out of band is adopted when it matches the inputs; one that differs is left untouched and the " +
    "create fails, naming what it has, so that nothing is overwritten unseen (import it instead: its import id is " +
    "the service id). roles, openApiKeys and allowedOrigins change in place (the same POST); serviceId and " +
    "organizationId replace. roles and openApiKeys are sets: their order never shows as a change; allowedOrigins " +
    "is compared as a set of origins, ignoring spaces, order and letter case. Delete removes the endpoint; refresh " +
    "drops the resource when the endpoint was removed out of band. Whether each key is an API key of the " +
    "organization is checked by the API during `up`; the error names the keys.",
  notes:
    "id is the service id (one endpoint per service); roles, keys and origins compare as sets; destroy removes the endpoint",
  id: "The service's uuid (`serviceId`): a service has at most one query API endpoint.",
  requestSchema: "serviceQueryEndpointUpsert",
  inputs: {
    serviceId: serviceIdInput(
      "The service (uuid) whose query API endpoint this is; it must already exist. Changing it replaces the resource.",
    ),
    roles: {
      description:
        "The database roles queries through the endpoint run as: at least one of sql_console_read_only and " +
        "sql_console_admin, without duplicates; order doesn't matter. Changes in place.",
      type: { name: "ServiceQueryEndpointRole", from: "../schemas" },
      required: true,
      change: "update",
    },
    openApiKeys: {
      description:
        "The ids (uuids) of the organization's API keys that may use the endpoint, as the API lists keys (an " +
        "ApiKey resource's `id`, not its `keyId`): at least one, without duplicates; order and letter case don't " +
        "matter. Changes in place.",
      required: true,
      change: "update",
    },
    allowedOrigins: {
      description:
        'Browser origins allowed to call the endpoint (CORS), comma-separated, e.g. "https://app.example.com, ' +
        'https://example.org". Unset or empty: none, only backends may call it. Compared as a set: spaces, order and ' +
        "letter case don't matter. Changes in place.",
      change: "update",
    },
    organizationId: organizationIdInput,
  },
  outputs: {
    serviceId: stringOutput("The service (uuid): the resource id as well.", { alwaysSet: true }),
    organizationId: stringOutput("The organization (uuid) that owns the service.", { alwaysSet: true }),
    endpointId: stringOutput("The endpoint's id, as the API reports it (its `id`)."),
    roles: {
      description:
        "The database roles of the endpoint, as the API reports them (empty when it reports none).",
      schema: { type: "array", items: { type: "string" } },
      alwaysSet: true,
    },
    openApiKeys: {
      description:
        "The ids of the API keys that may use the endpoint, as the API reports them (empty when it reports none).",
      schema: { type: "array", items: { type: "string" } },
      alwaysSet: true,
    },
    allowedOrigins: stringOutput(
      "The allowed origins as the API reports them, comma-separated; undefined when none is allowed.",
    ),
  },
};
