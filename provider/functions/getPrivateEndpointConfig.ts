/**
 * getPrivateEndpointConfig and getPrivateEndpointConfigOutput as Pulumi functions. Dynamic providers cannot serve
 * invokes, so these run in the program's own process, during `pulumi preview` as well as `up`.
 */
import * as pulumi from "@pulumi/pulumi";
import { ConfigurationError, programConfigSource, reportOncePerProcess } from "../settings";
import { RequestValidationError } from "../validation/validate";
import {
  privateEndpointConfigProblems,
  readPrivateEndpointConfig,
  type PrivateEndpointConfigArgs,
  type PrivateEndpointConfigResult,
} from "./privateEndpointConfig";

/**
 * The private endpoint configuration of a service: `endpointServiceId`, the endpoint service the cloud side of a
 * private endpoint connects to (create that side with your cloud's provider, then register its id with a
 * PrivateEndpoint), and `privateDnsHostname`. Connects with the management settings of the stack config (else
 * their environment variables). Served by the production wire only: with `clickhouse:apiDialect` `spec` it fails,
 * saying so, before any request.
 *
 * @param _opts Accepted so that calls look like every Pulumi function; none of its settings applies, because no
 * provider plugin serves this function (it runs in the program process).
 */
export async function getPrivateEndpointConfig(
  args: PrivateEndpointConfigArgs,
  _opts?: pulumi.InvokeOptions,
): Promise<PrivateEndpointConfigResult> {
  const problems = privateEndpointConfigProblems(args);
  if (problems.length > 0)
    throw new RequestValidationError("the getPrivateEndpointConfig arguments", problems);
  try {
    return await readPrivateEndpointConfig(args, { source: programConfigSource() });
  } catch (error) {
    throw error instanceof ConfigurationError ? reportOncePerProcess(error) : error;
  }
}

/** {@link getPrivateEndpointConfig} for Inputs: it runs once every argument is known. */
export function getPrivateEndpointConfigOutput(
  args: { serviceId: pulumi.Input<string>; organizationId?: pulumi.Input<string> },
  _opts?: pulumi.InvokeOutputOptions,
): pulumi.Output<PrivateEndpointConfigResult> {
  return pulumi.output(args).apply((resolved) => getPrivateEndpointConfig(resolved));
}
