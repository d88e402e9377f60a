/**
 * A service's query API endpoint: which API keys may send queries to the service over HTTP, as which database
 * role, and from which browser origins. A service has at most one; the upsert creates it or replaces every field
 * of the one there is, keeping its id.
 */
import type { ByteSource } from "../state/random";
import { uuidV4 } from "../state/random";
import type { EmulatorState, QueryEndpointRecord, ServiceRecord } from "../state/types";
import { notFound } from "../server/errors";
import type { Problem } from "./problems";

export interface QueryEndpointUpsert {
  roles: string[];
  openApiKeys: string[];
  allowedOrigins?: string;
}

/** The endpoint of a service; 404 when it has none, as the Terraform provider's client expects. */
export function queryEndpointOf(service: ServiceRecord): QueryEndpointRecord {
  if (service.queryEndpoint === undefined) {
    throw notFound(`Service ${service.id} has no query API endpoint`);
  }
  return service.queryEndpoint;
}

/** A key the endpoint names must be one of the organization's (ids compared as the API lists them, lower case). */
export function queryEndpointProblems(state: EmulatorState, upsert: QueryEndpointUpsert): Problem[] {
  const known = new Set(state.keys.map((key) => key.id));
  const unknown = upsert.openApiKeys.filter((id) => !known.has(id.toLowerCase()));
  if (unknown.length === 0) return [];
  return [
    {
      property: "openApiKeys",
      message: `${unknown.join(", ")} ${unknown.length === 1 ? "is not an API key" : "are not API keys"} of the organization`,
    },
  ];
}

/** Creates the endpoint, or replaces the fields of the existing one (its id stays). */
export function upsertQueryEndpoint(
  service: ServiceRecord,
  upsert: QueryEndpointUpsert,
  bytes: ByteSource,
): QueryEndpointRecord {
  service.queryEndpoint = {
    id: service.queryEndpoint?.id ?? uuidV4(bytes),
    roles: [...upsert.roles],
    openApiKeys: upsert.openApiKeys.map((id) => id.toLowerCase()),
    allowedOrigins: upsert.allowedOrigins ?? "",
  };
  return service.queryEndpoint;
}

/** Removes the endpoint; 404 when there is none. */
export function deleteQueryEndpoint(service: ServiceRecord): void {
  queryEndpointOf(service);
  delete service.queryEndpoint;
}
