/**
 * getOrganization and getOrganizationOutput: the organization the program works in, as a Pulumi function. Dynamic
 * providers cannot serve invokes, so these run in the program's own process, during `pulumi preview` as well as `up`.
 */
import * as pulumi from "@pulumi/pulumi";
import { ConfigurationError, programConfigSource, reportOncePerProcess } from "../settings";
import { RequestValidationError } from "../validation/validate";
import {
  checkGetOrganizationArgs,
  readOrganization,
  type GetOrganizationArgs,
  type OrganizationInfo,
} from "./organizationLookup";

/**
 * The organization: its `id`, `name`, `createdAt`, `enableCoreDumps` (whether its services may collect crash
 * reports), its registered `privateEndpoints` and its `byocConfig`, as the API shows them (a field it leaves out is
 * left out; lists it leaves out are empty). The argument is checked before anything is sent. Connects with the
 * management settings of the stack config (else their environment variables), on either wire.
 *
 * @param _opts Accepted so that calls look like every Pulumi function; none of its settings applies, because no
 * provider plugin serves this function (it runs in the program process).
 */
export async function getOrganization(
  args: GetOrganizationArgs = {},
  _opts?: pulumi.InvokeOptions,
): Promise<OrganizationInfo> {
  const checked = checkGetOrganizationArgs(args);
  if ("problems" in checked)
    throw new RequestValidationError("the getOrganization arguments", [...checked.problems]);
  try {
    return await readOrganization(checked.args, {
      lookup: { source: programConfigSource() },
      warn: (line) => void pulumi.log.warn(line),
    });
  } catch (error) {
    throw error instanceof ConfigurationError ? reportOncePerProcess(error) : error;
  }
}

/** {@link getOrganization} for Inputs: it runs once the argument is known. */
export function getOrganizationOutput(
  args: { organizationId?: pulumi.Input<string> } = {},
  _opts?: pulumi.InvokeOutputOptions,
): pulumi.Output<OrganizationInfo> {
  return pulumi.output(args).apply((resolved) => getOrganization(resolved));
}
