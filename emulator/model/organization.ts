/**
 * The organization's own PATCH: its name, whether its services may collect crash reports, and its registered private
 * endpoints by `{add, remove}`, remove first. An endpoint removed from the organization is detached from every
 * service too, since a service may only use registered endpoints; removing one that is not registered does nothing.
 */
import { regionsOfCloudProvider, type ServiceCloudProvider } from "../../schemas/enums";
import type { EmulatorState, OrganizationPrivateEndpoint } from "../state/types";
import type { Problem } from "./problems";

interface PrivateEndpointChange {
  id: string;
  description?: string;
  cloudProvider?: ServiceCloudProvider;
  region?: string;
}

export interface OrganizationPatch {
  name?: string;
  enableCoreDumps?: boolean;
  privateEndpoints?: {
    add?: Array<PrivateEndpointChange & { cloudProvider: ServiceCloudProvider; region: string }>;
    remove?: PrivateEndpointChange[];
  };
}

/** An endpoint added must be in a region of its cloud. */
export function organizationPatchProblems(patch: OrganizationPatch): Problem[] {
  return (patch.privateEndpoints?.add ?? []).flatMap((endpoint, index) => {
    const regions: readonly string[] = regionsOfCloudProvider[endpoint.cloudProvider];
    if (regions.includes(endpoint.region)) return [];
    return [
      {
        property: `privateEndpoints.add.${index}.region`,
        message: `${JSON.stringify(endpoint.region)} is not a region of ${endpoint.cloudProvider}`,
      },
    ];
  });
}

/** Applies a checked PATCH. */
export function patchOrganization(state: EmulatorState, patch: OrganizationPatch): void {
  const organization = state.organization;
  if (patch.name !== undefined) organization.name = patch.name;
  if (patch.enableCoreDumps !== undefined) organization.enableCoreDumps = patch.enableCoreDumps;
  const removed = new Set((patch.privateEndpoints?.remove ?? []).map((endpoint) => endpoint.id));
  if (removed.size > 0) {
    organization.privateEndpoints = organization.privateEndpoints.filter(
      (endpoint) => !removed.has(endpoint.id),
    );
    for (const service of state.services) {
      service.privateEndpointIds = service.privateEndpointIds.filter((id) => !removed.has(id));
    }
  }
  for (const endpoint of patch.privateEndpoints?.add ?? []) register(organization.privateEndpoints, endpoint);
}

/** Registers an endpoint, or updates the registration of one with the same id. */
function register(
  registered: OrganizationPrivateEndpoint[],
  endpoint: PrivateEndpointChange & { cloudProvider: ServiceCloudProvider; region: string },
): void {
  const existing = registered.find((candidate) => candidate.id === endpoint.id);
  const record = {
    id: endpoint.id,
    description: endpoint.description ?? existing?.description ?? "",
    cloudProvider: endpoint.cloudProvider,
    region: endpoint.region,
  };
  if (existing) Object.assign(existing, record);
  else registered.push(record);
}
