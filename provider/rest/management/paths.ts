/** Path builders of the management API; every parameter is URL-encoded. */
const segment = encodeURIComponent;

export function organizationPath(organizationId: string): string {
  return `/v1/organizations/${segment(organizationId)}`;
}

export function servicePath(organizationId: string, serviceId: string): string {
  return `${organizationPath(organizationId)}/services/${segment(serviceId)}`;
}

export function reversePrivateEndpointsPath(organizationId: string, serviceId: string): string {
  return `${servicePath(organizationId, serviceId)}/dataPipesReversePrivateEndpoints`;
}

export function reversePrivateEndpointPath(
  organizationId: string,
  serviceId: string,
  endpointId: string,
): string {
  return `${reversePrivateEndpointsPath(organizationId, serviceId)}/${segment(endpointId)}`;
}

export function keysPath(organizationId: string): string {
  return `${organizationPath(organizationId)}/keys`;
}

export function keyPath(organizationId: string, keyId: string): string {
  return `${keysPath(organizationId)}/${segment(keyId)}`;
}
