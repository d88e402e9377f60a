/**
 * Who holds which role. A role's `actors` are the one record of it: `user/<user id>` for a member, `apiKey/<key id>`
 * for an API key. A member's or a key's roles are the roles that list it, and giving it roles rewrites those lists.
 */
import type { RoleActorType } from "../../schemas/enums";
import type { EmulatorState, InvitationRecord, MemberRecord, RoleRecord } from "../state/types";
import type { Problem } from "./problems";

export interface OrganizationAccess {
  roles: RoleRecord[];
  members: MemberRecord[];
  invitations: InvitationRecord[];
}

/** The organization's roles, members and invitations; state files of older emulators have none of them. */
export function accessOf(state: EmulatorState): OrganizationAccess {
  state.roles ??= [];
  state.members ??= [];
  state.invitations ??= [];
  return { roles: state.roles, members: state.members, invitations: state.invitations };
}

export function actorOf(type: RoleActorType, id: string): string {
  return `${type}/${id}`;
}

/** The roles that list `actor`, in the organization's order of roles. */
export function rolesHeldBy(state: EmulatorState, actor: string): RoleRecord[] {
  return accessOf(state).roles.filter((role) => role.actors.includes(actor));
}

/** A problem on `property` for each id that is not one of the organization's roles. */
export function unknownRoleProblems(
  state: EmulatorState,
  roleIds: readonly string[],
  property: string,
): Problem[] {
  const known = new Set(accessOf(state).roles.map((role) => role.id));
  const unknown = roleIds.filter((id) => !known.has(id.toLowerCase()));
  if (unknown.length === 0) return [];
  return [
    {
      property,
      message: `${unknown.join(", ")} ${unknown.length === 1 ? "is not a role" : "are not roles"} of the organization`,
    },
  ];
}

/** Makes `actor` hold exactly the roles `roleIds` (known ones); a role whose actors change is updated now. */
export function assignRoles(
  state: EmulatorState,
  actor: string,
  roleIds: readonly string[],
  now: Date,
): void {
  const wanted = new Set(roleIds.map((id) => id.toLowerCase()));
  for (const role of accessOf(state).roles) {
    const holds = role.actors.includes(actor);
    if (holds === wanted.has(role.id)) continue;
    role.actors = holds ? role.actors.filter((candidate) => candidate !== actor) : [...role.actors, actor];
    role.updatedAt = now.toISOString();
  }
}

/** Takes every role from `actor` (a member who left, a key deleted). */
export function dropActor(state: EmulatorState, actor: string, now: Date): void {
  assignRoles(state, actor, [], now);
}
