/** The Member resource: an existing member of the organization, adopted, and the roles it holds. */
import { organizationIdInput, outputOf, stringOutput } from "../fields/sharedFields";
import { assignedRolesOutput } from "../fields/assignedRoles";
import type { ResourceDefinition } from "../definition";
import { oneMember, removeOnDestroyIsBoolean } from "./rules";

export const definition: ResourceDefinition<"memberInputs"> = {
  kind: "Member",
  module: "clickhouse",
  description:
    "An existing member of the organization, named by `userId` or by `email` (exactly one), and, when the program " +
    "sets them, the roles they hold (`assignedRoleIds`) and the deprecated organization role (`role`). A member " +
    "is made by accepting an invitation (an Invitation resource), never by this resource: a create adopts the " +
    "member, and fails naming the email or user id when the organization has no such member.\n\n" +
    "`assignedRoleIds` and `role` change in place (a PATCH of the member), each sent only when the program sets " +
    "it and it differs from what the member has; left out, it is neither sent nor compared. Set, " +
    "`assignedRoleIds` is the member's whole list of roles, system roles included: a RoleAssignment of this " +
    "member to another role is taken off by the next update. Refresh drops the resource when the member was " +
    "removed outside the program.\n\n" +
    "Destroy leaves the member in the organization, and says so, unless `removeOnDestroy` is true: removing a " +
    "person by accident is worse than leaving them. With it, destroy removes the member, and the API refuses to " +
    "remove the organization's last admin (the error says so).",
  notes:
    "adopts an existing member (by userId or email); destroy leaves the member unless removeOnDestroy is true",
  id: "The member's user id (a uuid), as the API lists it.",
  requestSchema: "memberInputs",
  inputs: {
    userId: {
      description:
        "The member (their user id, a uuid); set this or email. Changing it to another member replaces the " +
        "resource; left out, it is not compared.",
      change: "replace",
      unsetMeansUnmanaged: true,
    },
    email: {
      description:
        "The member's email, matched without regard to case; set this or userId. The organization must have a " +
        "member with it. Changing it to another member's replaces the resource; left out, it is not compared.",
      change: "replace",
      unsetMeansUnmanaged: true,
    },
    role: {
      description:
        "The deprecated organization role, `admin` or `developer`, for an organization that has not moved to " +
        "custom roles (one that has refuses it, and says to use assignedRoleIds). Left out, it is neither sent " +
        "nor compared. Changes in place.",
      change: "update",
      unsetMeansUnmanaged: true,
    },
    assignedRoleIds: {
      description:
        "The roles (uuids: Role resources' ids, or system roles') the member holds, each once: their whole list, " +
        "compared as a set. Left out, the member's roles are neither sent nor compared. Changes in place.",
      change: "update",
      unsetMeansUnmanaged: true,
    },
    removeOnDestroy: {
      description:
        "Whether destroying the resource removes the member from the organization; otherwise destroy leaves " +
        "the member and says so. Changing it sends nothing.",
      schema: { type: "boolean" },
      outsideBody: true,
      change: "update",
      default: false,
      rule: removeOnDestroyIsBoolean,
    },
    organizationId: organizationIdInput,
  },
  outputs: {
    userId: stringOutput("The member's user id (uuid): the resource id as well.", { alwaysSet: true }),
    name: stringOutput("The member's name, from their profile."),
    email: stringOutput("The member's email, from their profile."),
    role: stringOutput(
      "The deprecated organization role as the API shows it (frozen at its value from before the organization " +
        "moved to custom roles).",
    ),
    assignedRoleIds: {
      description: "The uuids of the roles the member holds, as the API shows them (lower case, sorted).",
      schema: { type: "array", items: { type: "string" } },
      alwaysSet: true,
    },
    assignedRoles: assignedRolesOutput("the member holds"),
    joinedAt: stringOutput("When the member joined the organization (ISO 8601), as the API says."),
    removeOnDestroy: outputOf("boolean", "Whether destroy removes the member.", { alwaysSet: true }),
    organizationId: stringOutput("The organization (uuid) the member belongs to.", { alwaysSet: true }),
  },
  rules: [oneMember],
};
