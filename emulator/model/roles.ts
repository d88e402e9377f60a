/**
 * The organization's roles. System roles come with the organization: only who holds them can change. Custom roles
 * are made, changed and deleted through the API; a PATCH replaces the actors or the policies it sends (the policies
 * get new ids), and leaves the rest. Role names are unique in the organization. The Admin role keeps at least one
 * member (./lastAdmin.ts).
 */
import { ApiError, notFound } from "../server/errors";
import type { ByteSource } from "../state/random";
import { uuidV4 } from "../state/random";
import type { EmulatorState, RoleRecord } from "../state/types";
import { adminRoleOf, assertAnAdminRemains, memberIdsAmong } from "./lastAdmin";
import { policyProblems, policyRecords, type PolicyRequest } from "./policies";
import type { Problem } from "./problems";
import { accessOf } from "./roleAssignments";

export interface RoleCreate {
  name: string;
  actors: string[];
  policies: PolicyRequest[];
}

export type RolePatch = Partial<RoleCreate>;

export function findRole(state: EmulatorState, roleId: string): RoleRecord {
  const role = accessOf(state).roles.find((candidate) => candidate.id === roleId);
  if (!role) throw notFound(`Role ${roleId} not found in the organization`);
  return role;
}

/**
 * Problems of a create, or of a PATCH of `role`: a name another role has, an actor that is neither a member nor a key
 * of the organization, and the policies' own (./policies.ts).
 */
export function roleProblems(state: EmulatorState, body: RolePatch, role?: RoleRecord): Problem[] {
  const problems: Problem[] = [];
  const { roles } = accessOf(state);
  if (body.name !== undefined && roles.some((other) => other !== role && other.name === body.name)) {
    problems.push({ property: "name", message: `a role named ${JSON.stringify(body.name)} already exists` });
  }
  const unknownActors = (body.actors ?? []).filter((actor) => !isActorOf(state, actor));
  if (unknownActors.length > 0) {
    problems.push({
      property: "actors",
      message: `${unknownActors.join(", ")}: not a member or an API key of the organization`,
    });
  }
  problems.push(...policyProblems(body.policies ?? [], state.organization.id));
  return problems;
}

function isActorOf(state: EmulatorState, actor: string): boolean {
  const [type, id = ""] = actor.split("/");
  const lowerId = id.toLowerCase();
  if (type === "user") return accessOf(state).members.some((member) => member.userId === lowerId);
  return state.keys.some((key) => key.id === lowerId);
}

/** Actors as stored: the type as sent, the id in lower case. */
function canonicalActors(actors: readonly string[]): string[] {
  return actors.map((actor) => {
    const [type, id = ""] = actor.split("/");
    return `${type}/${id.toLowerCase()}`;
  });
}

export function createRole(state: EmulatorState, body: RoleCreate, bytes: ByteSource, now: Date): RoleRecord {
  const at = now.toISOString();
  const role: RoleRecord = {
    id: uuidV4(bytes),
    name: body.name,
    type: "custom",
    actors: canonicalActors(body.actors),
    policies: policyRecords(body.policies, bytes),
    createdAt: at,
    updatedAt: at,
  };
  accessOf(state).roles.push(role);
  return role;
}

/** Applies a checked PATCH; a system role takes actors only, and the Admin role keeps a member. */
export function patchRole(
  state: EmulatorState,
  role: RoleRecord,
  patch: RolePatch,
  bytes: ByteSource,
  now: Date,
): void {
  if (role.type === "system" && (patch.name !== undefined || patch.policies !== undefined)) {
    throw new ApiError(400, `${role.name} is a system role: only its actors can be changed`);
  }
  const actors = patch.actors === undefined ? undefined : canonicalActors(patch.actors);
  if (actors !== undefined && role === adminRoleOf(state)) {
    assertAnAdminRemains(state, memberIdsAmong(state, actors));
  }
  if (patch.name !== undefined) role.name = patch.name;
  if (actors !== undefined) role.actors = actors;
  if (patch.policies !== undefined) role.policies = policyRecords(patch.policies, bytes);
  role.updatedAt = now.toISOString();
}

/** Deletes a custom role, and takes it from the invitations that would give it. */
export function deleteRole(state: EmulatorState, role: RoleRecord): void {
  if (role.type === "system") throw new ApiError(400, `${role.name} is a system role: it cannot be deleted`);
  const access = accessOf(state);
  state.roles = access.roles.filter((candidate) => candidate !== role);
  for (const invitation of access.invitations) {
    invitation.assignedRoleIds = invitation.assignedRoleIds.filter((id) => id !== role.id);
  }
}
