/** Path builders of the management API; every parameter is URL-encoded and never a dot segment. */
import { pathSegment } from "../pathSegment";

export function organizationPath(organizationId: string): string {
  return `/v1/organizations/${pathSegment("organizationId", organizationId)}`;
}

export function servicePath(organizationId: string, serviceId: string): string {
  return `${organizationPath(organizationId)}/services/${pathSegment("serviceId", serviceId)}`;
}

export function reversePrivateEndpointsPath(organizationId: string, serviceId: string): string {
  return `${servicePath(organizationId, serviceId)}/dataPipesReversePrivateEndpoints`;
}

export function reversePrivateEndpointPath(
  organizationId: string,
  serviceId: string,
  endpointId: string,
): string {
  return `${reversePrivateEndpointsPath(organizationId, serviceId)}/${pathSegment("reverse private endpoint id", endpointId)}`;
}

export function keysPath(organizationId: string): string {
  return `${organizationPath(organizationId)}/keys`;
}

export function keyPath(organizationId: string, keyId: string): string {
  return `${keysPath(organizationId)}/${pathSegment("API key id", keyId)}`;
}
