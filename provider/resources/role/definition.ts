/** The Role resource: a custom role of the organization, its policies and, when the program sets them, its actors. */
import { rolePermissions } from "../../../schemas";
import { organizationIdInput, stringOutput } from "../fields/sharedFields";
import { listedKeyOwnsItsRoles } from "../apiKey/roleOwners";
import type { ResourceDefinition } from "../definition";
import { knownPermissions, oneScopePerPolicy } from "./rules";

const policyType = { name: "RolePolicy", from: "resources/role/policies" } as const;

export const definition: ResourceDefinition<"roleInputs"> = {
  kind: "Role",
  module: "clickhouse",
  description:
    "A custom role of the organization: its name, its policies (each allows or denies permissions on the " +
    "organization or on services) and, when the program sets `actors`, who holds it. Its members and API keys get " +
    "what its policies allow. The organization's system roles (Admin, Billing, Org API reader, Member) come with " +
    "it and cannot be made, changed or deleted; their holders are given with RoleAssignment.\n\n" +
    "Who holds a role has one owner: either this resource, when `actors` is set (it is then the role's whole " +
    "list, and `up` takes off any actor added outside the program), or RoleAssignment resources, one per actor, " +
    "when `actors` is left out (this resource then never sends or watches the actors). A RoleAssignment on a role " +
    "whose Role sets `actors` is refused at `pulumi preview` when both are in one program, naming `roleId`.\n\n" +
    "name, policies and actors change in place, each sent only when it changed (a PATCH); a PATCH of the " +
    "policies replaces them all, and the API gives them new ids. The API adds permissions of its own to some " +
    "policies (granting `control-plane:service:manage` grants `control-plane:service:delete` along): those are " +
    "told apart at each write (`appliedPolicies[].addedByApi`) and are never a change; a permission added outside " +
    "the program is. Policies compare as a set, their permissions and resources too, so order never shows as a " +
    "change. Every permission is checked at `pulumi preview` against ClickHouse Cloud's list, and each policy's " +
    "permissions and resources to be of one scope. Role names are " +
    "unique in the organization: a create whose name another role has fails, naming that role's id to import. A " +
    "reply lost during the create never leaves a second role behind. Delete deletes the role, which its holders " +
    "then lose; refresh drops the resource when the role was deleted outside the program.",
  notes:
    "custom roles only; `actors` set: this resource owns the role's actors, left out: RoleAssignments do; " +
    "permissions the API adds on its own are never a change",
  id: "The role's uuid, as the API lists it.",
  requestSchema: "roleInputs",
  inputs: {
    name: {
      description:
        "The role's name, unique among the organization's roles (system roles included). Changes in place.",
      required: true,
      change: "update",
    },
    policies: {
      description:
        "What the role allows and denies: each policy has `allowDeny` (`ALLOW` or `DENY`), its `permissions` " +
        "and its `resources`, and may have `tags` (`roleV2`, the SQL console role it gives, `sql-console-readonly` " +
        "or `sql-console-admin`, with `sql-console:database:access`; `grants`, databases). A policy's permissions " +
        "are all on the organization, its resource then `organization/<organization id>`, or all on services, its " +
        "resources then `instance/<service id>` or `instance/*` (every service). The permissions: " +
        `${rolePermissions.join(", ")}. Left out, the role has no policy. Changes in place (all policies are sent ` +
        "again).",
      type: { name: "RolePolicyArgs", from: "inputTypes/rolePolicy" },
      change: "update",
    },
    actors: {
      description:
        "Who holds the role, each `user/<user id>` (a member) or `apiKey/<API key id>` (an ApiKey resource's id " +
        "after `apiKey/`), each once. Set, this resource owns the role's actors: they are the role's whole " +
        "list, and a RoleAssignment on the role is refused. Left out, the actors are not sent nor watched, and " +
        "RoleAssignment resources give the role. A key whose ApiKey resource sets `assignedRoleIds` may not be " +
        "listed (refused at preview). Changes in place.",
      change: "update",
      unsetMeansUnmanaged: true,
    },
    organizationId: organizationIdInput,
  },
  outputs: {
    name: stringOutput("The role's name.", { alwaysSet: true }),
    policies: {
      description:
        "The role's policies as a program writes them: as the API shows them, without the permissions it added " +
        "on its own at the last write, each policy's permissions and resources sorted.",
      type: policyType,
      alwaysSet: true,
    },
    appliedPolicies: {
      description:
        "The role's policies as the API shows them: each with its `id` (new whenever the policies are sent), " +
        "every permission it has, and `addedByApi`, those the API added on its own when it was written.",
      schema: {
        type: "array",
        items: {
          type: "object",
          required: ["id", "allowDeny", "permissions", "resources", "addedByApi"],
          properties: {
            id: { type: "string" },
            allowDeny: { type: "string" },
            permissions: { type: "array", items: { type: "string" } },
            resources: { type: "array", items: { type: "string" } },
            tags: {
              type: "object",
              properties: {
                grants: { type: "array", items: { type: "string" } },
                roleV2: { type: "string" },
              },
            },
            addedByApi: { type: "array", items: { type: "string" } },
          },
        },
      },
      type: { name: "RoleAppliedPolicy", from: "resources/role/policies" },
      alwaysSet: true,
    },
    actors: {
      description:
        "Who holds the role, as the API shows them, when this resource owns the actors (`actors` set); unset " +
        "otherwise.",
      schema: { type: "array", items: { type: "string" } },
    },
    type: stringOutput(
      "The role's type as the API shows it: `custom` (the resource manages custom roles only).",
    ),
    createdAt: stringOutput("When the role was made (ISO 8601), as the API says."),
    organizationId: stringOutput("The organization (uuid) that owns the role.", { alwaysSet: true }),
  },
  rules: [knownPermissions, oneScopePerPolicy, listedKeyOwnsItsRoles],
};
