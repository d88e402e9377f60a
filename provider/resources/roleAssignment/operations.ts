/**
 * Gives one actor one role, and takes it off again, through the role's PATCH of `actors`: the API has no call for one
 * actor, so each change reads the role's actors and sends the list back with the one actor added or removed,
 * leaving the others as they are. Changes to one role are made one at a time in this process (`oneAtATime.ts`).
 */
import type { ManagementAccess, OperationContext, ResourceOperations } from "../operations";
import { createOutcomeUnknown, readOrGone } from "../lifecycle/readOrGone";
import { isNotFound, type Role } from "../../rest";
import { text } from "../fields/reportedValues";
import type { PropertyBag } from "../../propertyBags";
import { actorOf, canonicalActor } from "../role/actors";
import { assignmentId, parseAssignmentId, type AssignmentParts } from "./ids";
import { inTurn } from "./oneAtATime";
import { roleActorOwners } from "../role/actorOwners";
import { keyRoleOwners } from "../apiKey/roleOwners";
import type { RoleAssignmentInputs, RoleAssignmentOutputs } from "./shapes";

export const operations: ResourceOperations<RoleAssignmentInputs, RoleAssignmentOutputs> = {
  /** Ids in either case are the same ids: the API keeps them in lower case. */
  comparable(olds, news) {
    return { olds: lowerCaseIds(olds), news: lowerCaseIds(news.known) };
  },

  async create(inputs, context) {
    const access = context.management(inputs.organizationId ?? undefined);
    const parts = partsOfInputs(inputs);
    const role = await give(access, parts, context);
    return { id: assignmentId(parts.roleId, parts.actor), outs: assignmentOutputs(role, parts, access) };
  },

  async read(id, olds, context) {
    const access = context.management(olds.organizationId);
    const parts = parseAssignmentId(id);
    const found = await readOrGone(async () => ({
      id,
      outs: await access.client.roles.get(access.organizationId, parts.roleId),
    }));
    // The role deleted, or the actor taken off it, outside the program: the assignment is gone.
    if (found === undefined || !holds(found.outs, parts.actor)) return undefined;
    return { id, outs: assignmentOutputs(found.outs, parts, access) };
  },

  /** Every input replaces; an update only makes sure the actor holds the role. */
  async update(_id, _olds, news, context) {
    const access = context.management(news.organizationId ?? undefined);
    const parts = partsOfInputs(news);
    return assignmentOutputs(await give(access, parts, context), parts, access);
  },

  /**
   * Takes the actor off the role, unless the role's actors or the key's roles now have another owner in this
   * program (a Role that sets `actors`, an ApiKey that sets `assignedRoleIds`): the engine deletes an assignment
   * the program dropped after it updated that owner, which has already sent the whole list it wants.
   */
  async delete(id, olds, context) {
    const parts = parseAssignmentId(id);
    const owner = ownerNow(parts);
    if (owner !== undefined) {
      context.progress(`role ${parts.roleId}: ${parts.actor} left as it is; ${owner} now sets who holds it`);
      return;
    }
    await takeOff(context.management(olds.organizationId), parts);
  },
};

/** The resource that now sets whether the actor holds the role, when another than the assignment does. */
function ownerNow({ roleId, type, actorId }: AssignmentParts): string | undefined {
  if (roleActorOwners.owns(roleId)) return "its Role resource (actors)";
  if (type === "apiKey" && keyRoleOwners.owns(actorId)) return "the key's ApiKey resource (assignedRoleIds)";
  return undefined;
}

function lowerCaseIds(bag: Partial<RoleAssignmentInputs>): PropertyBag {
  const lowered = (value: unknown) => (typeof value === "string" ? value.toLowerCase() : value);
  return {
    ...bag,
    roleId: lowered(bag.roleId),
    userId: lowered(bag.userId),
    apiKeyId: lowered(bag.apiKeyId),
  };
}

function partsOfInputs(inputs: RoleAssignmentInputs): AssignmentParts {
  const { roleId, userId, apiKeyId } = inputs;
  const roleIdOf = roleId.toLowerCase();
  if (typeof apiKeyId === "string") {
    return { roleId: roleIdOf, actor: actorOf("apiKey", apiKeyId), type: "apiKey", actorId: apiKeyId };
  }
  // The check refuses an assignment without exactly one of the two before anything is sent.
  if (typeof userId !== "string") throw new Error("a RoleAssignment needs userId or apiKeyId");
  return { roleId: roleIdOf, actor: actorOf("user", userId), type: "user", actorId: userId };
}

function holds(role: Role, actor: string): boolean {
  return (role.actors ?? []).some((candidate) => canonicalActor(candidate) === actor);
}

/** The key under which the changes to one role's actors wait for each other. */
function roleKey({ organizationId }: ManagementAccess, { roleId }: AssignmentParts): string {
  return `${organizationId}/${roleId}`;
}

/**
 * Adds the actor to the role's actors, or finds it there already. A PATCH whose reply was lost is settled by reading
 * the role: sending the list again could undo a change made since by someone else.
 */
async function give(
  access: ManagementAccess,
  parts: AssignmentParts,
  context: OperationContext,
): Promise<Role> {
  const { client, organizationId } = access;
  const { roleId, actor } = parts;
  return inTurn(roleKey(access, parts), async () => {
    const role = await client.roles.get(organizationId, roleId);
    if (holds(role, actor)) {
      context.progress(`${actor} already holds role ${roleId} (${String(role.name)}); adopted as it is`);
      return role;
    }
    try {
      return await client.roles.update(organizationId, roleId, { actors: [...(role.actors ?? []), actor] });
    } catch (error) {
      if (!createOutcomeUnknown(error)) throw error;
      const after = await client.roles.get(organizationId, roleId);
      if (holds(after, actor)) return after;
      throw error;
    }
  });
}

/** Takes the actor off the role's actors; done when the role or the actor is gone already. */
async function takeOff(access: ManagementAccess, parts: AssignmentParts): Promise<void> {
  const { client, organizationId } = access;
  const { roleId, actor } = parts;
  await inTurn(roleKey(access, parts), async () => {
    let role: Role;
    try {
      role = await client.roles.get(organizationId, roleId);
    } catch (error) {
      if (isNotFound(error)) return;
      throw error;
    }
    if (!holds(role, actor)) return;
    const others = (role.actors ?? []).filter((candidate) => canonicalActor(candidate) !== actor);
    try {
      await client.roles.update(organizationId, roleId, { actors: others });
    } catch (error) {
      // The role deleted in the meantime takes the actor with it.
      if (!isNotFound(error)) throw error;
    }
  });
}

function assignmentOutputs(
  role: Role,
  { roleId, type, actor, actorId }: AssignmentParts,
  { organizationId }: ManagementAccess,
): RoleAssignmentOutputs {
  const roleName = text(role.name);
  return {
    roleId,
    actor,
    ...(type === "user" ? { userId: actorId.toLowerCase() } : { apiKeyId: actorId.toLowerCase() }),
    ...(roleName === undefined ? {} : { roleName }),
    organizationId,
  };
}
