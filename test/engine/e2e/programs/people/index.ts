/**
 * An Invitation of the address and roles the stack config gives, a Member adopted by user id with the roles the
 * config gives (and `removeOnDestroy` when the config sets it), and the organization's members as getMembers reads
 * them: through the package's classes and function (`frontEnd: dynamic`) or the native plugin's type tokens and
 * invoke (`frontEnd: native`).
 */
import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

const config = new pulumi.Config("e2e");
const native = config.require("frontEnd") === "native";
const removeOnDestroy = config.getBoolean("removeOnDestroy");

/** CustomResource is abstract in the SDK's typings; a resource of the plugin needs nothing more. */
class PluginResource extends pulumi.CustomResource {}

type Outputs = pulumi.CustomResource & Record<string, pulumi.Output<unknown>>;
type ResourceClass = new (name: string, args: Record<string, unknown>) => pulumi.CustomResource;

/** One resource of `kind`; the plugin's resources get an output property for each of `outputs`. */
function resource(
  kind: string,
  resourceName: string,
  inputs: Record<string, unknown>,
  outputs: string[],
): Outputs {
  if (native) {
    const props = { ...Object.fromEntries(outputs.map((output) => [output, undefined])), ...inputs };
    return new PluginResource(`clickhouse-cloud:index:${kind}`, resourceName, props) as Outputs;
  }
  const classes = chc as unknown as Record<string, ResourceClass>;
  return new classes[kind](resourceName, inputs) as Outputs;
}

const invitation = resource(
  "Invitation",
  "invitation",
  { email: config.require("inviteEmail"), assignedRoleIds: config.requireObject<string[]>("inviteRoles") },
  ["email", "assignedRoleIds", "assignedRoles", "expireAt"],
);
const member = resource(
  "Member",
  "member",
  {
    userId: config.require("memberUserId"),
    assignedRoleIds: config.requireObject<string[]>("memberRoles"),
    ...(removeOnDestroy === undefined ? {} : { removeOnDestroy }),
  },
  ["email", "name", "assignedRoleIds", "removeOnDestroy"],
);

type MembersResult = { organizationId: string; members: { userId: string; email?: string }[] };
const members: pulumi.Output<MembersResult> = native
  ? pulumi.runtime.invokeOutput<MembersResult>("clickhouse-cloud:index:getMembers", {})
  : chc.getMembersOutput();

export const invitationId = invitation.id;
export const invitationEmail = invitation.email;
export const invitationRoles = invitation.assignedRoleIds;
export const memberId = member.id;
export const memberEmail = member.email;
export const memberRoles = member.assignedRoleIds;
export const memberRemovedOnDestroy = member.removeOnDestroy;
export const memberEmails = members.apply((result) => result.members.map((listed) => listed.email ?? ""));
