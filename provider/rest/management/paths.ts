/** Path builders of the management API; every parameter is URL-encoded and never a dot segment. */
import type { ApiDialect } from "../../../schemas/dialects";
import { pathSegment } from "../transport/pathSegment";

/**
 * The collection of a service's reverse private endpoints: the specification names it `dataPipesReversePrivateEndpoints`,
 * the real API serves it as `clickpipesReversePrivateEndpoints` (the official Terraform provider's
 * internal/api/clickpipe_reverse_private_endpoint.go).
 */
export const reversePrivateEndpointCollections: Record<ApiDialect, string> = {
  spec: "dataPipesReversePrivateEndpoints",
  production: "clickpipesReversePrivateEndpoints",
};

export function organizationPath(organizationId: string): string {
  return `/v1/organizations/${pathSegment("organizationId", organizationId)}`;
}

export function servicePath(organizationId: string, serviceId: string): string {
  return `${organizationPath(organizationId)}/services/${pathSegment("serviceId", serviceId)}`;
}

export function reversePrivateEndpointsPath(
  organizationId: string,
  serviceId: string,
  dialect: ApiDialect = "spec",
): string {
  return `${servicePath(organizationId, serviceId)}/${reversePrivateEndpointCollections[dialect]}`;
}

export function reversePrivateEndpointPath(
  organizationId: string,
  serviceId: string,
  endpointId: string,
  dialect: ApiDialect = "spec",
): string {
  return `${reversePrivateEndpointsPath(organizationId, serviceId, dialect)}/${pathSegment("reverse private endpoint id", endpointId)}`;
}

export function keysPath(organizationId: string): string {
  return `${organizationPath(organizationId)}/keys`;
}

export function keyPath(organizationId: string, keyId: string): string {
  return `${keysPath(organizationId)}/${pathSegment("API key id", keyId)}`;
}

export function rolesPath(organizationId: string): string {
  return `${organizationPath(organizationId)}/roles`;
}

export function rolePath(organizationId: string, roleId: string): string {
  return `${rolesPath(organizationId)}/${pathSegment("role id", roleId)}`;
}

export function membersPath(organizationId: string): string {
  return `${organizationPath(organizationId)}/members`;
}

export function memberPath(organizationId: string, userId: string): string {
  return `${membersPath(organizationId)}/${pathSegment("user id", userId)}`;
}

export function invitationsPath(organizationId: string): string {
  return `${organizationPath(organizationId)}/invitations`;
}

export function invitationPath(organizationId: string, invitationId: string): string {
  return `${invitationsPath(organizationId)}/${pathSegment("invitation id", invitationId)}`;
}

export function clickPipesPath(organizationId: string, serviceId: string): string {
  return `${servicePath(organizationId, serviceId)}/clickpipes`;
}

export function clickPipePath(organizationId: string, serviceId: string, clickPipeId: string): string {
  return `${clickPipesPath(organizationId, serviceId)}/${pathSegment("ClickPipe id", clickPipeId)}`;
}

export function clickPipesCdcScalingPath(organizationId: string, serviceId: string): string {
  return `${servicePath(organizationId, serviceId)}/clickpipesCdcScaling`;
}
