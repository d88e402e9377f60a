/**
 * The private endpoint configuration of a service (`GET .../services/{serviceId}/privateEndpointConfig`): the
 * endpoint service that the cloud side of a private endpoint connects to. Shared by the program-side function and
 * the plugin's invoke; it loads no Pulumi SDK.
 */
import { resolveManagementSettings } from "../settings/resolve";
import type { SettingsLookup } from "../settings/sources";
import { managementClient } from "../rest";
import type { ValidationProblem } from "../validation/validate";

export interface PrivateEndpointConfigArgs {
  /** The service (uuid). */
  serviceId: string;
  /** The organization (uuid); `clickhouse:organizationId` (or CLICKHOUSE_ORG_ID) when left out. */
  organizationId?: string;
}

export interface PrivateEndpointConfigResult {
  serviceId: string;
  organizationId: string;
  /** The endpoint service to connect the cloud side of a private endpoint to (e.g. an AWS VPC endpoint service name). */
  endpointServiceId: string;
  /** The service's host name inside the private network; undefined when the API reports none. */
  privateDnsHostname?: string;
}

/** The problems of the arguments, checked before anything is sent. */
export function privateEndpointConfigProblems(args: unknown): ValidationProblem[] {
  const bag = typeof args === "object" && args !== null ? (args as Record<string, unknown>) : {};
  const problems: ValidationProblem[] = [];
  if (typeof bag.serviceId !== "string" || bag.serviceId.trim() === "") {
    const got = bag.serviceId === undefined ? "it is missing" : `got ${JSON.stringify(bag.serviceId)}`;
    problems.push({
      property: "serviceId",
      reason: `serviceId is required and must be a non-empty string; ${got}`,
    });
  }
  const organizationId = bag.organizationId;
  if (organizationId !== undefined && (typeof organizationId !== "string" || organizationId.trim() === "")) {
    problems.push({
      property: "organizationId",
      reason: `organizationId must be a non-empty string when set; got ${JSON.stringify(organizationId)}`,
    });
  }
  return problems;
}

/** Raised when the function is asked of an API that does not serve it (the specification's wire). */
export class WireUnavailableError extends Error {
  override readonly name = "WireUnavailableError";
}

/** Reads the configuration; the arguments must have passed {@link privateEndpointConfigProblems}. */
export async function readPrivateEndpointConfig(
  args: PrivateEndpointConfigArgs,
  lookup: SettingsLookup,
): Promise<PrivateEndpointConfigResult> {
  const settings = resolveManagementSettings(lookup, { organizationId: args.organizationId });
  if (settings.dialect !== "production") {
    throw new WireUnavailableError(
      "getPrivateEndpointConfig needs the production wire: the specification's management API serves no " +
        "privateEndpointConfig route, so set clickhouse:apiDialect to production (the default for " +
        "api.clickhouse.cloud) or point clickhouse:apiUrl at an API that serves it.",
    );
  }
  const client = managementClient(settings, { throttle: settings.throttle });
  const config = await client.services.privateEndpointConfig(settings.organizationId, args.serviceId);
  return {
    serviceId: args.serviceId,
    organizationId: settings.organizationId,
    endpointServiceId: config.endpointServiceId,
    ...(typeof config.privateDnsHostname === "string"
      ? { privateDnsHostname: config.privateDnsHostname }
      : {}),
  };
}
