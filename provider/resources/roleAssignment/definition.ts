/** The RoleAssignment resource: one member or API key holding one role. */
import { organizationIdInput, stringOutput } from "../fields/sharedFields";
import { idInputRule } from "../fields/idForms";
import type { ResourceDefinition } from "../definition";
import { actorsSetTwice } from "../role/actorOwners";
import { oneActor } from "./rules";
import { assignedKeyOwnsItsRoles } from "../apiKey/roleOwners";

export const definition: ResourceDefinition<"roleAssignmentInputs"> = {
  kind: "RoleAssignment",
  module: "clickhouse",
  description:
    "One actor, a member (`userId`) or an API key (`apiKeyId`), holding one role of the organization: a custom " +
    "role (a Role resource's, of this program or another) or a system role (Admin, Billing, Org API reader, " +
    "Member). Teams can so give a role they do not own; the role's other actors are left as they are.\n\n" +
    "Create adds the actor to the role's actors (a PATCH of the role's whole list, read just before; changes to one " +
    "role are made one at a time within a program), or adopts it when it already holds the role; delete takes it " +
    "off the same way, and is done when the actor or the role is already gone. Refresh drops the resource when the " +
    "actor no longer holds the role (taken off outside the program, or its key or member deleted). Every input " +
    "replaces. A role whose Role resource sets `actors` has its actors owned there: a RoleAssignment on it is " +
    "refused at `pulumi preview` when both are in one program (and before anything is sent during `up`), naming " +
    "`roleId`; so is one of a key whose ApiKey resource sets `assignedRoleIds`, naming `apiKeyId`. The API refuses " +
    "to take the last member off the Admin role.",
  notes:
    "id is `<roleId>/user/<userId>` or `<roleId>/apiKey/<apiKeyId>`; destroy takes the actor off the role",
  id:
    "`<roleId>/<actor>`: the role's uuid, then the actor as the role lists it, `user/<user id>` or " +
    "`apiKey/<API key id>`.",
  requestSchema: "roleAssignmentInputs",
  inputs: {
    roleId: {
      description:
        "The role (uuid): a Role resource's id, or a system role's (listed by the API). Changing it replaces the " +
        "resource.",
      schema: { type: "string" },
      outsideBody: true,
      required: true,
      change: "replace",
      rule: idInputRule("roleId", "uuid", true),
    },
    userId: {
      description:
        "The member (their user id, a uuid) who holds the role; set this or apiKeyId. Changing it replaces the " +
        "resource.",
      change: "replace",
    },
    apiKeyId: {
      description:
        "The API key (its uuid, an ApiKey resource's id) that holds the role; set this or userId. Changing it " +
        "replaces the resource.",
      change: "replace",
    },
    organizationId: organizationIdInput,
  },
  outputs: {
    roleId: stringOutput("The role (uuid).", { alwaysSet: true }),
    actor: stringOutput(
      "The actor as the role lists it: `user/<user id>` or `apiKey/<API key id>`, the id in lower case.",
      { alwaysSet: true },
    ),
    userId: stringOutput("The member who holds the role, when the actor is a member."),
    apiKeyId: stringOutput("The API key that holds the role, when the actor is an API key."),
    roleName: stringOutput("The role's name, as the API shows it."),
    organizationId: stringOutput("The organization (uuid) that owns the role.", { alwaysSet: true }),
  },
  rules: [oneActor, actorsSetTwice, assignedKeyOwnsItsRoles],
};
