/**
 * An organization keeps at least one member with the Admin system role: nobody else could manage its members,
 * roles and billing. A change that would take the role from its last holders, by removing them, giving them other
 * roles or rewriting the role's actors, is refused.
 */
import { ApiError } from "../server/errors";
import type { EmulatorState, RoleRecord } from "../state/types";
import { accessOf, actorOf } from "./roleAssignments";

/** The name of the system role that administers the organization. */
export const adminRoleName = "Admin";

export function adminRoleOf(state: EmulatorState): RoleRecord | undefined {
  return accessOf(state).roles.find((role) => role.type === "system" && role.name === adminRoleName);
}

/** The members that `actors` names (of a role), by user id. */
export function memberIdsAmong(state: EmulatorState, actors: readonly string[]): string[] {
  return accessOf(state)
    .members.map((member) => member.userId)
    .filter((userId) => actors.includes(actorOf("user", userId)));
}

/** The user ids of the members who hold the Admin role. */
export function adminUserIds(state: EmulatorState): string[] {
  return memberIdsAmong(state, adminRoleOf(state)?.actors ?? []);
}

/**
 * Refuses (400) a change after which no member would hold the Admin role, when one does now; `adminsAfter` are the
 * user ids that would hold it.
 */
export function assertAnAdminRemains(state: EmulatorState, adminsAfter: readonly string[]): void {
  const admins = adminUserIds(state);
  if (admins.length === 0 || adminsAfter.length > 0) return;
  const emails = accessOf(state)
    .members.filter((member) => admins.includes(member.userId))
    .map((member) => member.email);
  throw new ApiError(
    400,
    `The organization must keep at least one member with the ${adminRoleName} role: ${emails.join(", ")} ` +
      `${emails.length === 1 ? "is the last one" : "are the last ones"}; give another member the role first`,
  );
}
