/**
 * getMembers and getMembersOutput: the organization's members, as a Pulumi function. Dynamic providers cannot serve
 * invokes, so these run in the program's own process, during `pulumi preview` as well as `up`.
 */
import * as pulumi from "@pulumi/pulumi";
import { ConfigurationError, programConfigSource, reportOncePerProcess } from "../settings";
import { RequestValidationError } from "../validation/validate";
import { checkGetMembersArgs, readMembers, type GetMembersArgs, type MembersResult } from "./memberLookup";

/**
 * Every member of the organization, in the API's order: their user id, name, email, deprecated organization role,
 * the roles they hold (`assignedRoles`) and when they joined. The arguments are checked before anything is sent.
 * Connects with the management settings of the stack config (else their environment variables), on either wire.
 *
 * @param _opts Accepted so that calls look like every Pulumi function; none of its settings applies, because no
 * provider plugin serves this function (it runs in the program process).
 */
export async function getMembers(
  args: GetMembersArgs = {},
  _opts?: pulumi.InvokeOptions,
): Promise<MembersResult> {
  const checked = checkGetMembersArgs(args);
  if ("problems" in checked)
    throw new RequestValidationError("the getMembers arguments", [...checked.problems]);
  try {
    return await readMembers(checked.args, {
      lookup: { source: programConfigSource() },
      warn: (line) => void pulumi.log.warn(line),
    });
  } catch (error) {
    throw error instanceof ConfigurationError ? reportOncePerProcess(error) : error;
  }
}

/** {@link getMembers} for Inputs: it runs once every argument is known. */
export function getMembersOutput(
  args: { organizationId?: pulumi.Input<string> } = {},
  _opts?: pulumi.InvokeOutputOptions,
): pulumi.Output<MembersResult> {
  return pulumi.output(args).apply((resolved) => getMembers(resolved));
}
