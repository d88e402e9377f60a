/**
 * Manages an invitation. The API keeps one pending invitation per address and cannot change one, so every input
 * replaces it. A create first looks for an invitation of the address already pending (what a create whose reply
 * was lost, or an earlier run killed before its checkpoint, leaves): one that gives the roles the program asks for
 * is adopted, another fails the create naming its id. A read of an invitation no longer pending (the API's 404
 * once it was accepted or revoked, or past its expiry) drops it; a delete revokes it while pending, and otherwise
 * says what became of it, leaving the member it made.
 */
import { ApiError, isNotFound, type Invitation, type ManagementClient } from "../../rest";
import type { OperationContext, ResourceOperations } from "../operations";
import { requestBodyFor } from "../derive/requestBody";
import { createWithReconcile } from "../lifecycle/createWithReconcile";
import { readOrGone } from "../lifecycle/readOrGone";
import type { PropertyBag } from "../../propertyBags";
import { optional, text } from "../fields/reportedValues";
import { assignedRolesOf, comparableRoleIds, roleIdsOf, sameRoleIds } from "../fields/assignedRoles";
import { definition } from "./definition";
import type { InvitationInputs, InvitationOutputs } from "./shapes";

const invitationRequest = requestBodyFor(definition);

export const operations: ResourceOperations<InvitationInputs, InvitationOutputs> = {
  /** The address in lower case, as the API keeps it, and the roles as a set. */
  comparable(olds, news) {
    return { olds: comparableForm(olds), news: comparableForm(news.known) };
  },

  /**
   * The API keeps one pending invitation per address: one replaced by an invitation of the same address is revoked
   * before the new one is sent (the new one would otherwise meet the old one pending, with other roles).
   */
  refineDiff(verdict, olds, news) {
    if (verdict.replaces.length === 0) return verdict;
    const email = news.known.email;
    const sameAddress =
      news.unknown.has("email") || typeof email !== "string" || email.toLowerCase() === olds.email;
    return sameAddress ? { ...verdict, deleteBeforeReplace: true } : verdict;
  },

  inputsFromOutputs(outs) {
    const { email, role, assignedRoleIds, organizationId } = outs;
    return { email, assignedRoleIds, organizationId, ...(role === undefined ? {} : { role }) };
  },

  async create(inputs, context) {
    const { client, organizationId } = context.management(inputs.organizationId ?? undefined);
    const request = invitationRequest(inputs);
    const email = request.email.toLowerCase();
    const what = `the invitation of ${email}`;
    const pending = (await client.invitations.list(organizationId)).find((invitation) =>
      isFor(invitation, email),
    );
    if (pending !== undefined) {
      if (!givesWhatWasAsked(pending, inputs)) throw alreadyInvited(pending, email, inputs);
      context.progress(
        `${email} already has a pending invitation (${pending.id}) giving these roles; adopted`,
      );
      return { id: pending.id, outs: invitationOutputs(pending, organizationId) };
    }
    try {
      const made = await createWithReconcile<Invitation, Invitation>(context, {
        what,
        send: () => client.invitations.create(organizationId, request),
        list: () => client.invitations.list(organizationId),
        hasSentFields: (candidate) => isFor(candidate, email) && givesWhatWasAsked(candidate, inputs),
        newness: { createdAt: (candidate) => candidate.createdAt },
        whenFound: { adopt: (candidate) => candidate },
      });
      return { id: made.id, outs: invitationOutputs(made, organizationId) };
    } catch (error) {
      throw await alreadyMemberOr(error, client, organizationId, email);
    }
  },

  async read(id, olds, context) {
    const { client, organizationId } = context.management(olds.organizationId);
    const found = await readOrGone(async () => ({
      id,
      outs: await client.invitations.get(organizationId, id),
    }));
    if (found === undefined) return undefined;
    if (hasExpired(found.outs, context)) {
      context.progress(
        `the invitation of ${String(found.outs.email)} (${id}) expired at ${String(found.outs.expireAt)}; it is ` +
          "dropped, and the next `pulumi up` invites the address again",
      );
      return undefined;
    }
    return { id, outs: invitationOutputs(found.outs, organizationId) };
  },

  /** Every input replaces; an update only reads the invitation as it is. */
  async update(id, olds, _news, context) {
    const { client, organizationId } = context.management(olds.organizationId);
    return invitationOutputs(await client.invitations.get(organizationId, id), organizationId);
  },

  async delete(id, olds, context) {
    const { client, organizationId } = context.management(olds.organizationId);
    try {
      await client.invitations.delete(organizationId, id);
      return;
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    // No longer pending: accepted (its user is a member now), or revoked outside the program.
    const email = olds.email;
    const members = await client.members.list(organizationId).catch(() => undefined);
    const member = members?.find((candidate) => text(candidate.email)?.toLowerCase() === email);
    context.progress(
      member === undefined
        ? `the invitation of ${email} (${id}) is no longer pending (revoked or expired outside the program); ` +
            "nothing to revoke"
        : `the invitation of ${email} (${id}) was already accepted: ${email} is a member (user id ` +
            `${member.userId}), who stays in the organization; nothing to revoke`,
    );
  },
};

function comparableForm(bag: Partial<InvitationInputs> | InvitationOutputs): PropertyBag {
  const { email, assignedRoleIds } = bag;
  return {
    ...bag,
    ...(typeof email === "string" ? { email: email.toLowerCase() } : {}),
    ...(Array.isArray(assignedRoleIds) ? { assignedRoleIds: comparableRoleIds(assignedRoleIds) } : {}),
  };
}

function isFor(invitation: Invitation, email: string): boolean {
  return text(invitation.email)?.toLowerCase() === email;
}

/** The roles the program asks for, each compared only when it sets it (as its diff does). */
function givesWhatWasAsked(invitation: Invitation, inputs: InvitationInputs): boolean {
  const { role, assignedRoleIds } = inputs;
  if (role !== undefined && role !== null && text(invitation.role) !== role) return false;
  if (assignedRoleIds === undefined || assignedRoleIds === null) return true;
  return sameRoleIds(roleIdsOf(assignedRolesOf(invitation.assignedRoles)), assignedRoleIds);
}

function hasExpired(invitation: Invitation, context: OperationContext): boolean {
  const expireAt = Date.parse(text(invitation.expireAt) ?? "");
  return !Number.isNaN(expireAt) && expireAt <= context.clock.now();
}

/** An invitation of the address already pending with other roles: named, to import or to revoke. */
function alreadyInvited(pending: Invitation, email: string, inputs: InvitationInputs): Error {
  const shown = roleIdsOf(assignedRolesOf(pending.assignedRoles));
  const asked = comparableRoleIds(inputs.assignedRoleIds ?? []);
  const roles =
    `it gives ${shown.length === 0 ? "no role" : `roles ${shown.join(", ")}`}` +
    (text(pending.role) === undefined ? "" : ` and role ${String(pending.role)}`) +
    `, where this resource asks for ${asked.length === 0 ? "no role" : `roles ${asked.join(", ")}`}` +
    (inputs.role === undefined || inputs.role === null ? "" : ` and role ${inputs.role}`);
  return new Error(
    `${email} already has a pending invitation (${pending.id}), and ${roles}; it was left as it is. Import it ` +
      `(\`pulumi import clickhouse-cloud:index:Invitation <name> ${pending.id}\`) and give the resource its roles, ` +
      "or revoke it (`pulumi-clickhouse-cloud orphans` lists pending invitations no stack tracks), then run " +
      "`pulumi up` again",
  );
}

/**
 * A create refused because the address is already a member's: said with the member's user id, to manage with a
 * Member resource. Any other failure as it is.
 */
async function alreadyMemberOr(
  error: unknown,
  client: ManagementClient,
  organizationId: string,
  email: string,
): Promise<unknown> {
  if (!(error instanceof ApiError) || error.status !== 400) return error;
  // The list only adds a hint: when it cannot be read, the API's own refusal is reported as it is.
  const members = await client.members.list(organizationId).catch(() => undefined);
  const member = members?.find((candidate) => text(candidate.email)?.toLowerCase() === email);
  if (member === undefined) return error;
  return new Error(
    `${email} cannot be invited: they are already a member of the organization (user id ${member.userId}); ` +
      `manage them with a Member resource (\`userId: "${member.userId}"\` or \`email: "${email}"\`) instead`,
    { cause: error },
  );
}

function invitationOutputs(invitation: Invitation, organizationId: string): InvitationOutputs {
  const email = text(invitation.email);
  if (email === undefined) throw new Error(`the API's answer for invitation ${invitation.id} has no email`);
  const assignedRoles = assignedRolesOf(invitation.assignedRoles);
  return {
    email: email.toLowerCase(),
    ...optional("role", text(invitation.role)),
    assignedRoleIds: roleIdsOf(assignedRoles),
    assignedRoles,
    ...optional("expireAt", text(invitation.expireAt)),
    ...optional("createdAt", text(invitation.createdAt)),
    organizationId,
  };
}
