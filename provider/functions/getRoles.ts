/**
 * getRoles and getRolesOutput: the organization's roles, system and custom, as a Pulumi function. Dynamic providers
 * cannot serve invokes, so these run in the program's own process, during `pulumi preview` as well as `up`.
 */
import * as pulumi from "@pulumi/pulumi";
import { ConfigurationError, programConfigSource, reportOncePerProcess } from "../settings";
import { RequestValidationError } from "../validation/validate";
import { checkGetRolesArgs, readRoles, type GetRolesArgs, type RolesResult } from "./organizationLookup";

/**
 * Every role of the organization, in the API's order: each with its `id`, `name`, `type` (`system` for those the
 * organization comes with, Admin, Billing, Org API reader and Member; `custom` for those made), `actors`
 * (`user/<id>`, `apiKey/<id>`), `policies` and `createdAt`, as the API shows them. With `name`, only the role of
 * exactly that name (none: an empty list, not an error), e.g. to give a system role with a RoleAssignment. The
 * arguments are checked before anything is sent. Connects with the management settings of the stack config (else
 * their environment variables), on either wire.
 *
 * @param _opts Accepted so that calls look like every Pulumi function; none of its settings applies, because no
 * provider plugin serves this function (it runs in the program process).
 */
export async function getRoles(args: GetRolesArgs = {}, _opts?: pulumi.InvokeOptions): Promise<RolesResult> {
  const checked = checkGetRolesArgs(args);
  if ("problems" in checked)
    throw new RequestValidationError("the getRoles arguments", [...checked.problems]);
  try {
    return await readRoles(checked.args, {
      lookup: { source: programConfigSource() },
      warn: (line) => void pulumi.log.warn(line),
    });
  } catch (error) {
    throw error instanceof ConfigurationError ? reportOncePerProcess(error) : error;
  }
}

/** {@link getRoles} for Inputs: it runs once every argument is known. */
export function getRolesOutput(
  args: { name?: pulumi.Input<string>; organizationId?: pulumi.Input<string> } = {},
  _opts?: pulumi.InvokeOutputOptions,
): pulumi.Output<RolesResult> {
  return pulumi.output(args).apply((resolved) => getRoles(resolved));
}
