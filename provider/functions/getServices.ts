/**
 * getServices and getServicesOutput: the organization's services, filtered by name and tags, as a Pulumi function.
 * Dynamic providers cannot serve invokes, so these run in the program's own process, during `pulumi preview` as
 * well as `up`.
 */
import * as pulumi from "@pulumi/pulumi";
import { ConfigurationError, programConfigSource, reportOncePerProcess } from "../settings";
import { RequestValidationError } from "../validation/validate";
import { checkGetServicesArgs, type GetServicesArgs } from "./serviceArguments";
import { readServices, type ServicesResult } from "./serviceLookup";

/**
 * Every service of the organization, in the API's order, each as {@link getService} reports one; with `name`, only
 * those of exactly that name; with `tags`, only those that have every given tag with the given value (`""` for a
 * tag without a value). No match is an empty list, not an error. The arguments are checked before anything is
 * sent. Connects with the management settings of the stack config (else their environment variables), on either
 * wire.
 *
 * @param _opts Accepted so that calls look like every Pulumi function; none of its settings applies, because no
 * provider plugin serves this function (it runs in the program process).
 */
export async function getServices(
  args: GetServicesArgs = {},
  _opts?: pulumi.InvokeOptions,
): Promise<ServicesResult> {
  const checked = checkGetServicesArgs(args);
  if ("problems" in checked)
    throw new RequestValidationError("the getServices arguments", [...checked.problems]);
  try {
    return await readServices(checked.args, {
      lookup: { source: programConfigSource() },
      warn: (line) => void pulumi.log.warn(line),
    });
  } catch (error) {
    throw error instanceof ConfigurationError ? reportOncePerProcess(error) : error;
  }
}

/** {@link getServices} for Inputs: it runs once every argument is known. */
export function getServicesOutput(
  args: {
    name?: pulumi.Input<string>;
    tags?: pulumi.Input<Record<string, pulumi.Input<string>>>;
    organizationId?: pulumi.Input<string>;
  } = {},
  _opts?: pulumi.InvokeOutputOptions,
): pulumi.Output<ServicesResult> {
  return pulumi.output(args).apply((resolved) => getServices(resolved));
}
