/** The Invitation resource: an invitation of one email address to join the organization, with the roles it gives. */
import { organizationIdInput, stringOutput } from "../fields/sharedFields";
import { assignedRolesOutput } from "../fields/assignedRoles";
import type { ResourceDefinition } from "../definition";

export const definition: ResourceDefinition<"invitationCreate"> = {
  kind: "Invitation",
  module: "clickhouse",
  description:
    "An invitation of one email address to join the organization, with the roles its user will hold once they " +
    "accept it (`assignedRoleIds`, the roles' uuids) and, where the organization still has it, the deprecated " +
    "organization role (`role`: `admin` or `developer`). The invited person accepts it in the console; they are then " +
    "a member, which a Member resource can manage.\n\n" +
    "An invitation cannot be changed: every input replaces it (for the same address the old one is revoked " +
    "first, as the API keeps one pending invitation per address; for another, the new one is sent first). " +
    "The address is kept in lower case, so its case is never a change. A create for an address already invited " +
    "adopts that invitation when it gives the same roles, and fails naming its id otherwise (import it, or revoke " +
    "it); a reply lost during the create never leaves a second invitation behind. An address that is already a " +
    "member's is refused by the API, and the error says so. Refresh drops the resource once the invitation is no " +
    "longer pending (accepted, revoked or expired). Delete revokes it while it is pending; when it was already " +
    "accepted, delete succeeds and says so, and the member it made stays.",
  notes: "every input replaces; destroy revokes it while pending and leaves the member it made once accepted",
  id: "The invitation's uuid, as the API lists it.",
  requestSchema: "invitationCreate",
  inputs: {
    email: {
      description:
        "The address invited; only a user with this email can join with the invitation. Kept in lower case by the " +
        "API. Changing it replaces the invitation.",
      required: true,
      change: "replace",
    },
    role: {
      description:
        "The deprecated organization role the invited user gets, `admin` or `developer`, for an organization that " +
        "has not moved to custom roles (the API's own word: use assignedRoleIds). Left out, it is not sent nor " +
        "compared. Changing it replaces the invitation.",
      change: "replace",
      unsetMeansUnmanaged: true,
    },
    assignedRoleIds: {
      description:
        "The roles (uuids: a Role resource's id, or a system role's) the invited user holds once they accept, each " +
        "once; compared as a set. Left out, they are not sent nor compared. Changing them replaces the invitation.",
      change: "replace",
      unsetMeansUnmanaged: true,
    },
    organizationId: organizationIdInput,
  },
  outputs: {
    email: stringOutput("The address invited, in lower case as the API keeps it.", { alwaysSet: true }),
    role: stringOutput("The deprecated organization role, when the API shows one."),
    assignedRoleIds: {
      description: "The uuids of the roles the invitation gives, as the API shows them (lower case, sorted).",
      schema: { type: "array", items: { type: "string" } },
      alwaysSet: true,
    },
    assignedRoles: assignedRolesOutput("the invitation gives"),
    expireAt: stringOutput("When the invitation expires (ISO 8601), as the API says."),
    createdAt: stringOutput("When the invitation was made (ISO 8601), as the API says."),
    organizationId: stringOutput("The organization (uuid) the invitation is to.", { alwaysSet: true }),
  },
};
