/**
 * How roles, members and invitations are shown (ClickHouse Cloud's OpenAPI: RBACRole, RBACPolicy, Member,
 * Invitation, AssignedRole). A role and its policies name the organization as `organization/<id>`, their tenant and
 * owner; a member, an invitation or an API key shows the roles it holds by id, name and type.
 */
import { accessOf, actorOf, rolesHeldBy } from "../../model/roleAssignments";
import type { EmulatorState, InvitationRecord, MemberRecord, RoleRecord } from "../../state/types";

function tenantOf(state: EmulatorState): string {
  return `organization/${state.organization.id}`;
}

export function roleView(state: EmulatorState, role: RoleRecord) {
  const tenantId = tenantOf(state);
  return {
    id: role.id,
    tenantId,
    ownerId: tenantId,
    name: role.name,
    type: role.type,
    actors: [...role.actors],
    policies: role.policies.map((policy) => ({
      id: policy.id,
      roleId: role.id,
      tenantId,
      allowDeny: policy.allowDeny,
      permissions: [...policy.permissions],
      resources: [...policy.resources],
      ...(policy.tags === undefined ? {} : { tags: structuredClone(policy.tags) }),
    })),
    createdAt: role.createdAt,
    updatedAt: role.updatedAt,
  };
}

function assignedRoleView(role: RoleRecord) {
  return { roleId: role.id, roleName: role.name, roleType: role.type };
}

/** The roles an actor (`user/<id>`, `apiKey/<id>`) holds. */
export function assignedRolesOf(state: EmulatorState, actor: string) {
  return rolesHeldBy(state, actor).map(assignedRoleView);
}

export function memberView(state: EmulatorState, member: MemberRecord) {
  return {
    userId: member.userId,
    name: member.name,
    email: member.email,
    role: member.role,
    joinedAt: member.joinedAt,
    assignedRoles: assignedRolesOf(state, actorOf("user", member.userId)),
  };
}

export function invitationView(state: EmulatorState, invitation: InvitationRecord) {
  const roles = accessOf(state).roles.filter((role) => invitation.assignedRoleIds.includes(role.id));
  return {
    ...(invitation.role === undefined ? {} : { role: invitation.role }),
    id: invitation.id,
    email: invitation.email,
    createdAt: invitation.createdAt,
    expireAt: invitation.expireAt,
    assignedRoles: roles.map(assignedRoleView),
  };
}
