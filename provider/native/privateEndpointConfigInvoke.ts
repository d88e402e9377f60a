/**
 * getPrivateEndpointConfig served as the plugin's function `clickhouse-cloud:index:getPrivateEndpointConfig`: the
 * same checks and result as the program-side function, connected with the plugin's configuration.
 */
import type { ConfigSource } from "../settings/sources";
import {
  privateEndpointConfigProblems,
  readPrivateEndpointConfig,
  type PrivateEndpointConfigArgs,
  type PrivateEndpointConfigResult,
} from "../functions/privateEndpointConfig";
import type { ValidationProblem } from "../validation/validate";
import { nativeTypeToken } from "../resources/typeTokens";

export const getPrivateEndpointConfigToken = nativeTypeToken("getPrivateEndpointConfig");

export type PrivateEndpointConfigOutcome =
  { readonly result: PrivateEndpointConfigResult } | { readonly problems: readonly ValidationProblem[] };

/** Checks the arguments (nothing is sent when they are invalid), then reads the configuration. */
export async function invokeGetPrivateEndpointConfig(
  args: unknown,
  config: ConfigSource,
): Promise<PrivateEndpointConfigOutcome> {
  const problems = privateEndpointConfigProblems(args);
  if (problems.length > 0) return { problems };
  return { result: await readPrivateEndpointConfig(args as PrivateEndpointConfigArgs, { source: config }) };
}

const text = (description: string) => ({ type: "string", description }) as const;

/** The function's entry in the package schema. */
export const getPrivateEndpointConfigSpec = {
  description:
    "The private endpoint configuration of a service: the endpoint service the cloud side of a private endpoint " +
    "connects to, and the service's private DNS host name. Served by the production wire only " +
    "(`clickhouse-cloud:apiDialect` `production`, the default for api.clickhouse.cloud).",
  inputs: {
    properties: {
      serviceId: text("The service (uuid)."),
      organizationId: text("The organization (uuid); `clickhouse-cloud:organizationId` when left out."),
    },
    required: ["serviceId"],
  },
  outputs: {
    properties: {
      serviceId: text("The service (uuid)."),
      organizationId: text("The organization (uuid)."),
      endpointServiceId: text(
        "The endpoint service to connect the cloud side of a private endpoint to (e.g. an AWS VPC endpoint service name).",
      ),
      privateDnsHostname: text(
        "The service's host name inside the private network, when the API reports one.",
      ),
    },
    required: ["serviceId", "organizationId", "endpointServiceId"],
  },
};
