import type { HttpCore } from "../transport/http";
import type { ServiceQueryEndpointSchema, ServiceQueryEndpointUpsertSchema } from "../schemaTypes";
import { servicePath } from "./paths";

/** Body of `POST .../serviceQueryEndpoint`: the endpoint's roles, API keys and allowed origins. */
export type ServiceQueryEndpointRequest = ServiceQueryEndpointUpsertSchema;

/** The endpoint as answered; every field may be absent (the OpenAPI requires none). */
export type ServiceQueryEndpointObject = ServiceQueryEndpointSchema;

/**
 * A service's query API endpoint (`.../services/{serviceId}/serviceQueryEndpoint`): read it (the API answers 404
 * when the service has none), create or replace it (one POST), delete it.
 */
export class ServiceQueryEndpointsApi {
  constructor(private readonly http: HttpCore) {}

  get(organizationId: string, serviceId: string): Promise<ServiceQueryEndpointObject> {
    return this.http.fetchResult({
      method: "GET",
      path: endpointPath(organizationId, serviceId),
      subject: `the query API endpoint of service ${serviceId}`,
      responseSchema: "serviceQueryEndpoint",
    });
  }

  upsert(
    organizationId: string,
    serviceId: string,
    request: ServiceQueryEndpointRequest,
  ): Promise<ServiceQueryEndpointObject> {
    return this.http.fetchResult({
      method: "POST",
      path: endpointPath(organizationId, serviceId),
      subject: `the query API endpoint of service ${serviceId}`,
      body: request,
      requestSchema: "serviceQueryEndpointUpsert",
      responseSchema: "serviceQueryEndpoint",
    });
  }

  delete(organizationId: string, serviceId: string): Promise<void> {
    return this.http.send({
      method: "DELETE",
      path: endpointPath(organizationId, serviceId),
      subject: `the query API endpoint of service ${serviceId}`,
    });
  }
}

function endpointPath(organizationId: string, serviceId: string): string {
  return `${servicePath(organizationId, serviceId)}/serviceQueryEndpoint`;
}
