/**
 * Manages a custom role. A create POSTs it (a lost reply settled by the roles' list: names are unique, and the role
 * is dated); an update PATCHes only what changed, since a PATCH of the policies replaces them all with new ids; a
 * delete deletes it. The actors are sent and watched only when the program sets them, and which roles have their
 * actors set here is recorded for the RoleAssignment's check (`actorOwners.ts`).
 */
import { ApiError, type ManagementClient, type Role, type RolePatchRequest } from "../../rest";
import type { ResourceOperations } from "../operations";
import { requestBodyFor } from "../derive/requestBody";
import { createWithReconcile } from "../lifecycle/createWithReconcile";
import { deleteIfPresent, readOrGone } from "../lifecycle/readOrGone";
import { sameValue, type PropertyBag } from "../../propertyBags";
import { optional, stringList, text } from "../fields/reportedValues";
import { definition } from "./definition";
import { comparableActors } from "./actors";
import { roleActorOwners } from "./actorOwners";
import { setsInput } from "../ownership";
import {
  appliedAfterRead,
  appliedAfterWrite,
  comparablePolicies,
  declaredPolicies,
  type RoleAppliedPolicy,
  type RolePolicy,
} from "./policies";
import type { RoleInputs, RoleOutputs } from "./shapes";

const roleRequest = requestBodyFor(definition);

export const operations: ResourceOperations<RoleInputs, RoleOutputs> = {
  comparable(olds, news) {
    return { olds: comparableForm(olds), news: comparableForm(news.known) };
  },

  /** A program that stops setting the actors gives them up: the outputs then stop showing them. */
  refineDiff(verdict, olds, news) {
    if (verdict.changes || olds.actors === undefined) return verdict;
    return { changes: !setsInput(news, "actors"), replaces: [] };
  },

  noteDiff(id, news) {
    roleActorOwners.record(id, setsInput(news, "actors"));
  },

  inputsFromOutputs(outs) {
    const { name, policies, actors, organizationId } = outs;
    return { name, policies, organizationId, ...(actors === undefined ? {} : { actors }) };
  },

  async create(inputs, context) {
    const { client, organizationId } = context.management(inputs.organizationId ?? undefined);
    const fields = roleRequest(inputs);
    const request = { name: fields.name, actors: fields.actors ?? [], policies: fields.policies ?? [] };
    const what = `role "${request.name}"`;
    let made: Role;
    try {
      made = await createWithReconcile<Role, Role>(context, {
        what,
        send: () => client.roles.create(organizationId, request),
        list: () => client.roles.list(organizationId),
        hasSentFields: (candidate) => candidate.name === request.name && candidate.type === "custom",
        newness: { createdAt: (candidate) => candidate.createdAt },
        whenFound: { adopt: (candidate) => candidate },
      });
    } catch (error) {
      throw await nameTakenOr(error, client, organizationId, request.name);
    }
    const setsThem = inputs.actors !== undefined && inputs.actors !== null;
    roleActorOwners.record(made.id, setsThem);
    const policies = appliedAfterWrite(made.policies ?? [], request.policies);
    return { id: made.id, outs: roleOutputs(made, organizationId, policies, setsThem) };
  },

  async read(id, olds, context, purpose) {
    const { client, organizationId } = context.management(olds.organizationId);
    return readOrGone(async () => {
      const role = await client.roles.get(organizationId, id);
      if (purpose === "import" && role.type !== "custom") throw notCustom(role);
      const policies = appliedAfterRead(role.policies ?? [], olds.appliedPolicies);
      // An imported role leaves its actors to RoleAssignments, which `export` lists with it.
      const setsThem = purpose === "refresh" && olds.actors !== undefined;
      return { id, outs: roleOutputs(role, organizationId, policies, setsThem) };
    });
  },

  async update(id, olds, news, context) {
    const { client, organizationId } = context.management(olds.organizationId);
    const patch = changesOf(olds, news);
    const setsThem = news.actors !== undefined && news.actors !== null;
    roleActorOwners.record(id, setsThem);
    if (Object.keys(patch).length === 0) {
      // Only the ownership of the actors changed: nothing to send.
      const role = await client.roles.get(organizationId, id);
      return roleOutputs(
        role,
        organizationId,
        appliedAfterRead(role.policies ?? [], olds.appliedPolicies),
        setsThem,
      );
    }
    const role = await client.roles.update(organizationId, id, patch);
    const policies =
      patch.policies === undefined
        ? appliedAfterRead(role.policies ?? [], olds.appliedPolicies)
        : appliedAfterWrite(role.policies ?? [], patch.policies);
    return roleOutputs(role, organizationId, policies, setsThem);
  },

  async delete(id, olds, context) {
    const { client, organizationId } = context.management(olds.organizationId);
    await deleteIfPresent(() => client.roles.delete(organizationId, id));
    roleActorOwners.forget(id);
  },
};

/** Name, policies and actors where equal meaning is equal value: policies and actors as sets, none as empty. */
function comparableForm(bag: Partial<RoleInputs> | RoleOutputs): PropertyBag {
  const { policies, actors } = bag;
  return {
    ...bag,
    policies: comparablePolicies(policies as RolePolicy[] | null | undefined),
    ...(Array.isArray(actors) ? { actors: comparableActors(actors) } : {}),
  };
}

/** The PATCH of what the program changed since the last write: each field only when it differs. */
function changesOf(olds: RoleOutputs, news: RoleInputs): RolePatchRequest {
  const patch: RolePatchRequest = {};
  const fields = roleRequest(news);
  if (news.name !== olds.name) patch.name = news.name;
  const policies = fields.policies ?? [];
  if (!sameValue(comparablePolicies(policies), comparablePolicies(olds.policies))) patch.policies = policies;
  const actors = fields.actors;
  const actorsChanged =
    olds.actors === undefined || !sameValue(comparableActors(actors ?? []), comparableActors(olds.actors));
  if (actors !== undefined && actorsChanged) patch.actors = actors;
  return patch;
}

/** The outputs of a role as shown; its actors only when this resource owns them. */
function roleOutputs(
  role: Role,
  organizationId: string,
  policies: RoleAppliedPolicy[],
  setsActors: boolean,
): RoleOutputs {
  const name = text(role.name);
  if (name === undefined) throw new Error(`the API's answer for role ${role.id} has no name`);
  return {
    name,
    policies: declaredPolicies(policies),
    appliedPolicies: policies,
    ...(setsActors ? { actors: stringList(role.actors) } : {}),
    ...optional("type", text(role.type)),
    ...optional("createdAt", text(role.createdAt)),
    organizationId,
  };
}

/**
 * A create refused because another role has the name: said with that role's id, to import or rename. Any other
 * failure as it is.
 */
async function nameTakenOr(
  error: unknown,
  client: ManagementClient,
  organizationId: string,
  name: string,
): Promise<unknown> {
  if (!(error instanceof ApiError) || error.status !== 400) return error;
  // The list only adds a hint: when it cannot be read, the API's own refusal is reported as it is.
  const roles = await client.roles.list(organizationId).catch(() => undefined);
  const holder = roles?.find((role) => role.name === name);
  if (holder === undefined) return error;
  const how =
    holder.type === "custom"
      ? `import it (\`pulumi import clickhouse-cloud:index:Role <name> ${holder.id}\`; \`pulumi-clickhouse-cloud ` +
        "orphans` lists the roles an interrupted run left behind) or give this role another name"
      : "it is a system role; give this role another name";
  return new Error(
    `role "${name}" cannot be made: the organization already has a role of that name (${holder.id}); ${how}`,
    { cause: error },
  );
}

/** A system role cannot be a Role resource: it cannot be made, changed or deleted. */
function notCustom(role: Role): Error {
  return new Error(
    `role ${role.id} (${String(role.name)}) is a ${String(role.type)} role: it comes with the organization and ` +
      "cannot be changed or deleted, so it cannot be a Role resource; give its holders with RoleAssignment " +
      "resources instead",
  );
}
