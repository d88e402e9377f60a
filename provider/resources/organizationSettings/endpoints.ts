/**
 * The private endpoints an OrganizationSettings resource keeps registered with the organization, as a program
 * writes them and as the organization shows them: each by its cloud provider's id, in a cloud and a region of it,
 * with a description. The organization keeps one registration per id, so the list compares by id, in any order.
 */
import type { ServiceCloudProvider, ServiceRegion } from "../../../schemas";
import type { OrganizationPrivateEndpoint } from "../../rest";
import { listed, text } from "../fields/reportedValues";
import { serviceCloudProviders, serviceRegions } from "../../../schemas";

/** A private endpoint registered with the organization. */
export interface OrganizationPrivateEndpointEntry {
  /** The cloud provider's id of the endpoint (e.g. an AWS VPC endpoint id). */
  id: string;
  /** The endpoint's description, kept by the organization. */
  description?: string;
  /** The cloud the endpoint is in: `aws`, `gcp` or `azure`. */
  cloudProvider: ServiceCloudProvider;
  /** The region of that cloud the endpoint is in. */
  region: ServiceRegion;
}

/** An entry in the form equal entries share: fields in a fixed order, a description only when there is one. */
export function canonicalEntry(entry: OrganizationPrivateEndpointEntry): OrganizationPrivateEndpointEntry {
  const { id, description, cloudProvider, region } = entry;
  return { id, ...(description ? { description } : {}), cloudProvider, region };
}

/** Entries as a set, by id: each canonical, sorted by id, so order never counts as a change. */
export function comparableEntries(
  entries: readonly OrganizationPrivateEndpointEntry[] | null | undefined,
): OrganizationPrivateEndpointEntry[] {
  return (entries ?? []).map(canonicalEntry).sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * A registration as the organization shows it, in the program's form. A cloud or region the organization leaves
 * out is the one `recorded` (the entry last sent) says; undefined when neither tells.
 */
export function entryOf(
  shown: OrganizationPrivateEndpoint,
  recorded?: OrganizationPrivateEndpointEntry,
): OrganizationPrivateEndpointEntry | undefined {
  const cloudProvider = listed(serviceCloudProviders, shown.cloudProvider) ?? recorded?.cloudProvider;
  const region = listed(serviceRegions, shown.region) ?? recorded?.region;
  if (cloudProvider === undefined || region === undefined) return undefined;
  const description = text(shown.description);
  return canonicalEntry({ id: shown.id, description, cloudProvider, region });
}
