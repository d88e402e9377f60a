/**
 * Invitations to join the organization. An address is kept in lower case; one that is a member's, or that an
 * invitation already names, cannot be invited again. An invitation names the roles its user will hold, and when
 * accepted (in the console, or the emulator's control path) its user becomes a member holding them.
 */
import type { LegacyMemberRole } from "../../schemas/enums";
import { notFound } from "../server/errors";
import type { ByteSource } from "../state/random";
import { uuidV4 } from "../state/random";
import type { EmulatorState, InvitationRecord, MemberRecord } from "../state/types";
import type { Problem } from "./problems";
import { accessOf, actorOf, assignRoles, unknownRoleProblems } from "./roleAssignments";

/** How long an invitation can be accepted. */
export const invitationLifetimeDays = 30;

export interface InvitationCreate {
  email: string;
  role?: LegacyMemberRole;
  assignedRoleIds?: string[];
}

export function findInvitation(state: EmulatorState, invitationId: string): InvitationRecord {
  const invitation = accessOf(state).invitations.find((candidate) => candidate.id === invitationId);
  if (!invitation) throw notFound(`Invitation ${invitationId} not found in the organization`);
  return invitation;
}

/** Problems of a create: an address already a member's or already invited, and role ids that are not roles. */
export function invitationProblems(state: EmulatorState, body: InvitationCreate): Problem[] {
  const email = body.email.toLowerCase();
  const { members, invitations } = accessOf(state);
  const problems: Problem[] = [];
  if (members.some((member) => member.email === email)) {
    problems.push({ property: "email", message: `${email} is already a member of the organization` });
  } else if (invitations.some((invitation) => invitation.email === email)) {
    problems.push({ property: "email", message: `${email} has already been invited to the organization` });
  }
  problems.push(...unknownRoleProblems(state, body.assignedRoleIds ?? [], "assignedRoleIds"));
  return problems;
}

export function createInvitation(
  state: EmulatorState,
  body: InvitationCreate,
  bytes: ByteSource,
  now: Date,
): InvitationRecord {
  const expireAt = new Date(now.getTime() + invitationLifetimeDays * 24 * 60 * 60 * 1000);
  const invitation: InvitationRecord = {
    id: uuidV4(bytes),
    email: body.email.toLowerCase(),
    ...(body.role === undefined ? {} : { role: body.role }),
    assignedRoleIds: (body.assignedRoleIds ?? []).map((id) => id.toLowerCase()),
    createdAt: now.toISOString(),
    expireAt: expireAt.toISOString(),
  };
  accessOf(state).invitations.push(invitation);
  return invitation;
}

export function deleteInvitation(state: EmulatorState, invitation: InvitationRecord): void {
  state.invitations = accessOf(state).invitations.filter((candidate) => candidate !== invitation);
}

/**
 * The invited user joins: a member with a new user id, the invitation's deprecated role (developer when it had
 * none) and its roles; the invitation is gone.
 */
export function acceptInvitation(
  state: EmulatorState,
  invitation: InvitationRecord,
  name: string,
  bytes: ByteSource,
  now: Date,
): MemberRecord {
  const member: MemberRecord = {
    userId: uuidV4(bytes),
    name,
    email: invitation.email,
    role: invitation.role ?? "developer",
    joinedAt: now.toISOString(),
  };
  accessOf(state).members.push(member);
  assignRoles(state, actorOf("user", member.userId), invitation.assignedRoleIds, now);
  deleteInvitation(state, invitation);
  return member;
}
