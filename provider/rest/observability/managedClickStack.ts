/**
 * ClickStack managed by ClickHouse Cloud: the observability API's routes without `/api/v2`, under
 * `/v1/organizations/{org}/services/{serviceId}/clickstack` of the Cloud API, with the Cloud API key (Basic auth) and
 * the Cloud envelope (`result`, errors `{error}`), as the official Terraform provider's
 * internal/service/clickstack/client/client.go reaches it. Only the Cloud's own not-found answer means "gone": the
 * gateway's HTML page for a route it does not serve yet stays an error.
 */
import type { ClientProfile } from "../transport/http";
import { MANAGEMENT_PROFILE } from "../management/client";
import { servicePath } from "../management/paths";
import { SETTINGS } from "../../../schemas/settings";

export const MANAGED_CLICKSTACK_PROFILE: ClientProfile = {
  ...MANAGEMENT_PROFILE,
  title: "managed ClickStack API (ClickHouse Cloud)",
  notFoundHint:
    `Check the service id (the resource's clickstackServiceId, else ${SETTINGS.clickstackServiceId.key}) and the ` +
    "ids; the object may have been deleted outside Pulumi, or " +
    "the Cloud API may not serve this ClickStack route yet.",
};

/** The base path of a managed ClickStack's routes. */
export function clickstackPath(organizationId: string, serviceId: string): string {
  return `${servicePath(organizationId, serviceId)}/clickstack`;
}

/** Raised before any request by what managed ClickStack does not serve. */
export class ManagedClickStackUnsupportedError extends Error {
  override readonly name = "ManagedClickStackUnsupportedError";
}

export const seriesUnsupported = new ManagedClickStackUnsupportedError(
  `getSeries cannot run with ${SETTINGS.clickstackServiceId.key}: ClickStack managed by ClickHouse Cloud serves no ` +
    "chart series, so query a self-hosted or hosted HyperDX API (observability:apiUrl and observability:apiToken) instead.",
);
