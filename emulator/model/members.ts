/**
 * The organization's members: users who accepted an invitation. Their roles change through `assignedRoleIds`; the
 * organization has moved to custom roles, so the deprecated `role` is refused with the real API's words, and a member
 * keeps the `role` shown from before the move. A member who leaves loses every role, and the last member with the
 * Admin role can neither leave nor lose it (./lastAdmin.ts).
 */
import type { LegacyMemberRole } from "../../schemas/enums";
import { ApiError, notFound } from "../server/errors";
import type { EmulatorState, MemberRecord } from "../state/types";
import { adminRoleOf, adminUserIds, assertAnAdminRemains } from "./lastAdmin";
import { accessOf, actorOf, assignRoles, dropActor } from "./roleAssignments";

export interface MemberPatch {
  role?: LegacyMemberRole;
  assignedRoleIds?: string[];
}

export function findMember(state: EmulatorState, userId: string): MemberRecord {
  const member = accessOf(state).members.find((candidate) => candidate.userId === userId);
  if (!member) throw notFound(`Member ${userId} not found in the organization`);
  return member;
}

/** Applies a checked PATCH (its role ids are the organization's). */
export function patchMember(state: EmulatorState, member: MemberRecord, patch: MemberPatch, now: Date): void {
  if (patch.role !== undefined) {
    throw new ApiError(
      400,
      "Organization has migrated to Custom Roles. Use 'assignedRoleIds' instead of 'role'.",
    );
  }
  if (patch.assignedRoleIds === undefined) return;
  const roleIds = patch.assignedRoleIds.map((id) => id.toLowerCase());
  const adminRole = adminRoleOf(state);
  if (adminRole !== undefined && !roleIds.includes(adminRole.id)) {
    assertAnAdminRemains(
      state,
      adminUserIds(state).filter((userId) => userId !== member.userId),
    );
  }
  assignRoles(state, actorOf("user", member.userId), roleIds, now);
}

/** Removes a member from the organization, with every role it held. */
export function removeMember(state: EmulatorState, member: MemberRecord, now: Date): void {
  assertAnAdminRemains(
    state,
    adminUserIds(state).filter((userId) => userId !== member.userId),
  );
  state.members = accessOf(state).members.filter((candidate) => candidate !== member);
  dropActor(state, actorOf("user", member.userId), now);
}
