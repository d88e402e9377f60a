/**
 * Who may do what in the seeded organization: its system roles, two members and the fixture's API key. The
 * fixture's own user holds the Admin role with the fixture's key (an admin key); a second member holds the Member
 * role. Which policies the real system roles carry is not published: these are the documented permissions their
 * descriptions imply.
 */
import type { PolicyRequest } from "../model/policies";
import { policyRecords } from "../model/policies";
import { actorOf } from "../model/roleAssignments";
import type { ByteSource } from "./random";
import { uuidV4 } from "./random";
import type { MemberRecord, NamedId, RoleRecord } from "./types";

export interface SeededAccess {
  roles: RoleRecord[];
  members: MemberRecord[];
  /** The fixture's view: the members' user ids and the roles by name. */
  fixture: { members: { admin: string; developer: string }; roles: NamedId[] };
}

const organizationWide = (organizationId: string, permissions: string[]): PolicyRequest => ({
  allowDeny: "ALLOW",
  permissions,
  resources: [`organization/${organizationId}`],
});

interface SystemRoleSeed {
  name: string;
  /** Which of the fixture's members holds it. */
  heldBy?: "admin" | "developer";
  policies: PolicyRequest[];
}

function systemRoles(organizationId: string): SystemRoleSeed[] {
  return [
    {
      name: "Admin",
      heldBy: "admin",
      policies: [
        organizationWide(organizationId, [
          "control-plane:organization:view",
          "control-plane:organization:manage",
        ]),
        { allowDeny: "ALLOW", permissions: ["control-plane:service:manage"], resources: ["instance/*"] },
      ],
    },
    {
      name: "Billing",
      policies: [
        organizationWide(organizationId, [
          "control-plane:organization:view-billing",
          "control-plane:organization:manage-billing",
        ]),
      ],
    },
    {
      name: "Org API reader",
      policies: [organizationWide(organizationId, ["control-plane:organization:view"])],
    },
    { name: "Member", heldBy: "developer", policies: [] },
  ];
}

export function seedAccess(
  bytes: ByteSource,
  organizationId: string,
  fixtureKeyId: string,
  createdAt: string,
): SeededAccess {
  const admin: MemberRecord = {
    userId: uuidV4(bytes),
    name: "Emulator Admin",
    email: "admin@example.com",
    role: "admin",
    joinedAt: createdAt,
  };
  const developer: MemberRecord = {
    userId: uuidV4(bytes),
    name: "Emulator Developer",
    email: "developer@example.com",
    role: "developer",
    joinedAt: createdAt,
  };
  const holders = {
    admin: [actorOf("user", admin.userId), actorOf("apiKey", fixtureKeyId)],
    developer: [actorOf("user", developer.userId)],
  };
  const roles = systemRoles(organizationId).map((seed): RoleRecord => ({
    id: uuidV4(bytes),
    name: seed.name,
    type: "system",
    actors: seed.heldBy === undefined ? [] : [...holders[seed.heldBy]],
    policies: policyRecords(seed.policies, bytes),
    createdAt,
    updatedAt: createdAt,
  }));
  return {
    roles,
    members: [admin, developer],
    fixture: {
      members: { admin: admin.userId, developer: developer.userId },
      roles: roles.map((role) => ({ id: role.id, name: role.name })),
    },
  };
}
