/**
 * POST .../services/{serviceId}/privateEndpoint registers the endpoint with the organization (the
 * real API's organization-level list, with the service's cloud provider and region) and attaches it to the
 * service. POSTing an id again is not an error: it updates the description when one is sent and attaches
 * the endpoint to this service too, so a retried create is harmless.
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../../server/context";
import type { ServiceParams } from "./common";
import { envelope, findService, servicePath } from "./common";
import { validBody } from "../validBody";
import type { ServiceRecord } from "../../state/types";

interface PrivateEndpointCreate {
  id: string;
  description?: string;
}

export function privateEndpointRoutes(scope: FastifyInstance, context: EmulatorContext): void {
  scope.post<{ Params: ServiceParams }>(`${servicePath}/privateEndpoint`, async (request) => {
    const service = findService(context, request.params.serviceId);
    const body = validBody<PrivateEndpointCreate>("privateEndpointCreate", request.body);
    const organization = context.store.state.organization;
    let registered = organization.privateEndpoints.find((endpoint) => endpoint.id === body.id);
    if (!registered) {
      registered = {
        id: body.id,
        description: "",
        cloudProvider: service.cloudProvider,
        region: service.region,
      };
      organization.privateEndpoints.push(registered);
    }
    if (body.description !== undefined) registered.description = body.description;
    if (!service.privateEndpointIds.includes(body.id)) service.privateEndpointIds.push(body.id);
    context.store.changed();
    // The production wire (the OpenAPI specification's InstancePrivateEndpoint) also names where the endpoint is.
    const { cloudProvider, region, ...shown } = registered;
    return envelope(request, context.dialect === "production" ? { ...shown, cloudProvider, region } : shown);
  });

  if (context.dialect === "production") {
    // What the cloud side of a private endpoint connects to: the service's endpoint service and private host name.
    scope.get<{ Params: ServiceParams }>(`${servicePath}/privateEndpointConfig`, async (request) => {
      const service = findService(context, request.params.serviceId);
      return envelope(request, privateEndpointConfigOf(service));
    });
  }
}

function privateEndpointConfigOf(service: ServiceRecord) {
  const [hostPrefix, ...domain] = service.host.split(".");
  const suffix = hostPrefix
    .replace(/[^a-z0-9]/g, "")
    .slice(0, 17)
    .padEnd(17, "0");
  return {
    endpointServiceId: `com.amazonaws.vpce.${service.region}.vpce-svc-${suffix}`,
    privateDnsHostname: [hostPrefix, "vpce", ...domain].join("."),
  };
}
