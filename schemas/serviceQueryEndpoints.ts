/**
 * JSON Schemas of a service's query API endpoint (`.../services/{serviceId}/serviceQueryEndpoint`), as ClickHouse
 * Cloud's published OpenAPI states them: the upsert's body (InstanceServiceQueryApiEndpointsPostRequest) and the
 * endpoint as answered (ServiceQueryAPIEndpoint). The specification of the `spec` wire has no such endpoint; both
 * wires serve it as the OpenAPI does.
 */
import type { SchemaObject } from "ajv";
import { nullableString, ruleKeyword } from "./common";

/** The database roles a query through the endpoint may run as (the OpenAPI's enum of `roles`). */
export const serviceQueryEndpointRoles = ["sql_console_read_only", "sql_console_admin"] as const;
export type ServiceQueryEndpointRole = (typeof serviceQueryEndpointRoles)[number];

/**
 * A comma-separated list of origins, spaces around the commas allowed, or "" for none (the official Terraform
 * provider sends "" when no origin is configured). An entry has no space and no comma of its own.
 */
const allowedOriginsPattern = "^\\s*([^,\\s]+\\s*(,\\s*[^,\\s]+\\s*)*)?$";

/**
 * `POST .../serviceQueryEndpoint`: creates the endpoint or replaces the one there is. The OpenAPI requires no field;
 * roles and keys are required here because an endpoint with neither lets no one query (the Terraform provider
 * requires both as well).
 */
const serviceQueryEndpointUpsert = {
  type: "object",
  additionalProperties: false,
  required: ["roles", "openApiKeys"],
  properties: {
    roles: {
      type: "array",
      minItems: 1,
      uniqueItems: true,
      items: {
        enum: [...serviceQueryEndpointRoles],
        [ruleKeyword]: `must be one of ${serviceQueryEndpointRoles.join(", ")}`,
      },
      [ruleKeyword]: `must list at least one of ${serviceQueryEndpointRoles.join(", ")}, each once`,
    },
    openApiKeys: {
      type: "array",
      minItems: 1,
      uniqueItems: true,
      items: { type: "string", format: "uuid", [ruleKeyword]: "must be an API key id (a uuid)" },
      [ruleKeyword]: "must list at least one API key id (a uuid), each once",
    },
    allowedOrigins: {
      type: "string",
      pattern: allowedOriginsPattern,
      [ruleKeyword]:
        'must be a comma-separated list of origins (e.g. "https://app.example.com,https://example.org"), or empty for none',
    },
  },
} as const satisfies SchemaObject;

/** The endpoint as answered: only what the provider reads is checked. */
const serviceQueryEndpoint = {
  type: "object",
  properties: {
    id: { type: "string" },
    roles: { type: "array", items: { type: "string" } },
    openApiKeys: { type: "array", items: { type: "string" } },
    allowedOrigins: nullableString,
  },
} as const satisfies SchemaObject;

export const serviceQueryEndpointSchemas = {
  serviceQueryEndpointUpsert,
  serviceQueryEndpoint,
} as const;
