/**
 * getService and getServiceOutput: one service made elsewhere (another stack, the console), by id or by name, as a
 * Pulumi function. Dynamic providers cannot serve invokes, so these run in the program's own process, during
 * `pulumi preview` as well as `up`.
 */
import * as pulumi from "@pulumi/pulumi";
import { ConfigurationError, programConfigSource, reportOncePerProcess } from "../settings";
import { RequestValidationError } from "../validation/validate";
import { checkGetServiceArgs, type GetServiceArgs } from "./serviceArguments";
import { readService, type ServiceInfo } from "./serviceLookup";

/**
 * A service of the organization, by `id` (its uuid) or by `name` (exactly one of the two): its fields as a managed
 * service's outputs report them (name, provider, region, state, endpoints, IP access list, tags, scaling settings,
 * ...), its `id` and `organizationId`, but never a password. The arguments are checked before anything is sent (a
 * RequestValidationError names the field and the rule). A name that no service has fails with a
 * ServiceNotFoundError naming it; a name that several have, with an AmbiguousServiceNameError naming their ids.
 * Connects with the management settings of the stack config (else their environment variables), on either wire.
 *
 * @param _opts Accepted so that calls look like every Pulumi function; none of its settings applies, because no
 * provider plugin serves this function (it runs in the program process).
 */
export async function getService(args: GetServiceArgs, _opts?: pulumi.InvokeOptions): Promise<ServiceInfo> {
  const checked = checkGetServiceArgs(args);
  if ("problems" in checked)
    throw new RequestValidationError("the getService arguments", [...checked.problems]);
  try {
    return await readService(checked.args, {
      lookup: { source: programConfigSource() },
      warn: (line) => void pulumi.log.warn(line),
    });
  } catch (error) {
    throw error instanceof ConfigurationError ? reportOncePerProcess(error) : error;
  }
}

/** {@link getService} for Inputs: it runs once every argument is known. */
export function getServiceOutput(
  args: {
    id?: pulumi.Input<string>;
    name?: pulumi.Input<string>;
    organizationId?: pulumi.Input<string>;
  },
  _opts?: pulumi.InvokeOutputOptions,
): pulumi.Output<ServiceInfo> {
  return pulumi.output(args).apply((resolved) => getService(resolved));
}
