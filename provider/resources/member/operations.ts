/**
 * Manages an existing member: nothing makes a member but an accepted invitation, so a create finds the member (by
 * user id, or by email in the members' list) and PATCHes what the program sets that differs, each field only when
 * set; an update PATCHes only what changed. Delete removes the member only when `removeOnDestroy` is true, and
 * otherwise says that it left them. Written by hand: the kind adopts and never creates.
 */
import type { Member, MemberPatchRequest, ManagementClient } from "../../rest";
import type { ResourceOperations } from "../operations";
import { deleteIfPresent, readOrGone } from "../lifecycle/readOrGone";
import { isNotFound } from "../../rest";
import type { PropertyBag } from "../../propertyBags";
import { optional, text } from "../fields/reportedValues";
import { assignedRolesOf, comparableRoleIds, roleIdsOf, sameRoleIds } from "../fields/assignedRoles";
import type { MemberInputs, MemberOutputs } from "./shapes";

export const operations: ResourceOperations<MemberInputs, MemberOutputs> = {
  /** Ids and the email in lower case, the roles as a set. */
  comparable(olds, news) {
    return { olds: comparableForm(olds), news: comparableForm(news.known) };
  },

  /** An imported member's roles are left unmanaged: a program sets assignedRoleIds to manage them. */
  inputsFromOutputs(outs, purpose) {
    const { userId, organizationId, removeOnDestroy, role, assignedRoleIds } = outs;
    if (purpose === "import") return { userId, organizationId };
    return {
      userId,
      organizationId,
      removeOnDestroy,
      assignedRoleIds,
      ...(role === undefined ? {} : { role }),
    };
  },

  async create(inputs, context) {
    const { client, organizationId } = context.management(inputs.organizationId ?? undefined);
    const member = await existingMember(client, organizationId, inputs);
    const patch = changesOf(shownFields(member), inputs);
    const removeOnDestroy = inputs.removeOnDestroy ?? false;
    const who = `${String(member.email)} (user id ${member.userId})`;
    if (Object.keys(patch).length === 0) {
      context.progress(`member ${who} adopted as they are`);
      return { id: member.userId, outs: memberOutputs(member, organizationId, removeOnDestroy) };
    }
    const updated = await client.members.update(organizationId, member.userId, patch);
    context.progress(`member ${who} adopted; sent ${Object.keys(patch).join(" and ")}`);
    return { id: member.userId, outs: memberOutputs(updated, organizationId, removeOnDestroy, patch) };
  },

  async read(id, olds, context) {
    const { client, organizationId } = context.management(olds.organizationId);
    return readOrGone(async () => ({
      id,
      outs: memberOutputs(
        await client.members.get(organizationId, id),
        organizationId,
        olds.removeOnDestroy ?? false,
      ),
    }));
  },

  async update(id, olds, news, context) {
    const { client, organizationId } = context.management(olds.organizationId);
    const patch = changesOf(olds, news);
    const removeOnDestroy = news.removeOnDestroy ?? false;
    if (Object.keys(patch).length === 0) {
      // Only removeOnDestroy changed: nothing to send.
      return memberOutputs(await client.members.get(organizationId, id), organizationId, removeOnDestroy);
    }
    const member = await client.members.update(organizationId, id, patch);
    return memberOutputs(member, organizationId, removeOnDestroy, patch);
  },

  async delete(id, olds, context) {
    const who = `${olds.email ?? "member"} (user id ${id})`;
    if (olds.removeOnDestroy !== true) {
      context.progress(
        `member ${who} left in the organization: removeOnDestroy is not set, so destroy removes no one`,
      );
      return;
    }
    const { client, organizationId } = context.management(olds.organizationId);
    await deleteIfPresent(() => client.members.delete(organizationId, id));
    context.progress(`member ${who} removed from the organization (removeOnDestroy)`);
  },
};

function comparableForm(bag: Partial<MemberInputs> | MemberOutputs): PropertyBag {
  const lowered = (value: unknown) => (typeof value === "string" ? value.toLowerCase() : value);
  const { assignedRoleIds } = bag;
  return {
    ...bag,
    userId: lowered(bag.userId),
    email: lowered(bag.email),
    ...(Array.isArray(assignedRoleIds) ? { assignedRoleIds: comparableRoleIds(assignedRoleIds) } : {}),
  };
}

/** The member the inputs name; an error naming the user id or the email when the organization has none. */
async function existingMember(
  client: ManagementClient,
  organizationId: string,
  inputs: MemberInputs,
): Promise<Member> {
  const { userId, email } = inputs;
  const how =
    "a member is made by accepting an invitation (an Invitation resource makes one), not by this resource; " +
    "run `pulumi up` again once they have joined";
  if (typeof userId === "string") {
    try {
      return await client.members.get(organizationId, userId);
    } catch (error) {
      if (!isNotFound(error)) throw error;
      throw new Error(`organization ${organizationId} has no member with user id ${userId}: ${how}`, {
        cause: error,
      });
    }
  }
  // The check refuses a Member without exactly one of the two before anything is sent.
  if (typeof email !== "string") throw new Error("a Member needs userId or email");
  const wanted = email.toLowerCase();
  const members = await client.members.list(organizationId);
  const found = members.find((member) => text(member.email)?.toLowerCase() === wanted);
  if (found === undefined) {
    throw new Error(`organization ${organizationId} has no member with email ${email}: ${how}`);
  }
  return found;
}

/** What a member has of the fields a program may set, in the outputs' form. */
function shownFields(member: Member): Pick<MemberOutputs, "role" | "assignedRoleIds"> {
  return {
    ...optional("role", text(member.role)),
    assignedRoleIds: roleIdsOf(assignedRolesOf(member.assignedRoles)),
  };
}

/** The PATCH of what the program sets that the member does not have: each field only when set and different. */
function changesOf(
  shown: Pick<MemberOutputs, "role" | "assignedRoleIds">,
  inputs: MemberInputs,
): MemberPatchRequest {
  const patch: MemberPatchRequest = {};
  const { role, assignedRoleIds } = inputs;
  if (role !== undefined && role !== null && role !== shown.role) patch.role = role;
  if (assignedRoleIds !== undefined && assignedRoleIds !== null) {
    if (!sameRoleIds(assignedRoleIds, shown.assignedRoleIds)) patch.assignedRoleIds = [...assignedRoleIds];
  }
  return patch;
}

/**
 * The outputs of a member as answered. The API's answer to a PATCH may still show the roles from before it: the
 * roles sent are then the member's `assignedRoleIds` (the next refresh shows them as the API does).
 */
function memberOutputs(
  member: Member,
  organizationId: string,
  removeOnDestroy: boolean,
  sent: MemberPatchRequest = {},
): MemberOutputs {
  const assignedRoles = assignedRolesOf(member.assignedRoles);
  return {
    userId: member.userId.toLowerCase(),
    ...optional("name", text(member.name)),
    ...optional("email", text(member.email)),
    ...optional("role", sent.role ?? text(member.role)),
    assignedRoleIds:
      sent.assignedRoleIds === undefined ? roleIdsOf(assignedRoles) : comparableRoleIds(sent.assignedRoleIds),
    assignedRoles,
    ...optional("joinedAt", text(member.joinedAt)),
    removeOnDestroy,
    organizationId,
  };
}
