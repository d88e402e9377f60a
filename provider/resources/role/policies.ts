/**
 * A role's policies as programs write them and as the API shows them, and the one form in which two spellings of the
 * same policy compare equal: permissions and resources as sets (resource ids in lower case, as the API keeps them),
 * the tags left out when they say nothing.
 *
 * The API adds permissions of its own to a policy it stores (granting `control-plane:service:manage` grants
 * `control-plane:service:delete` along), and replaces every policy with a new id when a PATCH sends them. What it
 * added is told at each write, by comparing its answer with the policies sent, and kept with the policy's id
 * (`addedByApi`): a policy is then compared without them, so they are never a change. A permission added outside
 * the program later, or to a policy whose id changed outside it, shows as a change, as it should.
 */
import type { PolicyEffect, PolicySqlConsoleRole } from "../../../schemas";
import type { Role } from "../../rest";
import { listed, stringList } from "../fields/reportedValues";
import { policySqlConsoleRoles } from "../../../schemas";

/** What a policy's tags say: the databases it grants, and the SQL console role it gives. */
export interface RolePolicyTags {
  grants?: string[];
  roleV2?: PolicySqlConsoleRole;
}

/** A policy as a program writes it. */
export interface RolePolicy {
  allowDeny: PolicyEffect;
  permissions: string[];
  resources: string[];
  tags?: RolePolicyTags;
}

/** A policy as the API shows it: every permission it has, those the API added on its own, and its id. */
export interface RoleAppliedPolicy extends RolePolicy {
  id: string;
  /** The permissions the API added when the policy was written, which the policy is compared without. */
  addedByApi: string[];
}

type ShownPolicy = NonNullable<Role["policies"]>[number];

/** A sorted list of the distinct values. */
function asSet(values: readonly string[]): string[] {
  return [...new Set(values)].sort();
}

function canonicalTags(tags: RolePolicyTags | null | undefined): RolePolicyTags | undefined {
  const grants = asSet(tags?.grants ?? []);
  const roleV2 = tags?.roleV2 ?? undefined;
  if (grants.length === 0 && roleV2 === undefined) return undefined;
  return { ...(grants.length > 0 ? { grants } : {}), ...(roleV2 === undefined ? {} : { roleV2 }) };
}

/** The policy in the form equal policies share, with its fields in a fixed order. */
export function canonicalPolicy(policy: RolePolicy): RolePolicy {
  const tags = canonicalTags(policy.tags);
  return {
    allowDeny: policy.allowDeny,
    permissions: asSet(policy.permissions),
    resources: asSet(policy.resources.map((resource) => resource.toLowerCase())),
    ...(tags === undefined ? {} : { tags }),
  };
}

/** Policies as a set: each canonical, in a fixed order, so that neither order nor spelling counts as a change. */
export function comparablePolicies(policies: readonly RolePolicy[] | null | undefined): RolePolicy[] {
  return (policies ?? [])
    .map(canonicalPolicy)
    .map((policy) => [JSON.stringify(policy), policy] as const)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, policy]) => policy);
}

/** A shown policy's content in the program's form; a list the API left out is empty. */
function contentOf(shown: ShownPolicy): RolePolicy {
  const tags = shown.tags ?? undefined;
  return canonicalPolicy({
    allowDeny: shown.allowDeny,
    permissions: stringList(shown.permissions),
    resources: stringList(shown.resources),
    tags: {
      grants: stringList(tags?.grants),
      roleV2: listed(policySqlConsoleRoles, tags?.roleV2),
    },
  });
}

/** Whether `shown` is `sent` with permissions added: the same effect, resources and tags, and all its permissions. */
function isSentWithAdditions(shown: RolePolicy, sent: RolePolicy): boolean {
  const rest = (policy: RolePolicy) => JSON.stringify({ ...policy, permissions: [] });
  return rest(shown) === rest(sent) && sent.permissions.every((name) => shown.permissions.includes(name));
}

function applied(shown: ShownPolicy, content: RolePolicy, addedByApi: readonly string[]): RoleAppliedPolicy {
  return { id: shown.id, ...content, addedByApi: asSet(addedByApi) };
}

/**
 * The policies the API answered a write of `sent` with, each with what the API added to it: a shown policy is paired
 * with a sent one it extends (each sent policy once, the largest first), and the permissions beyond the sent ones
 * are the API's. A shown policy that extends none of those sent (the API changed it otherwise) has nothing added.
 */
export function appliedAfterWrite(
  shown: readonly ShownPolicy[],
  sent: readonly RolePolicy[],
): RoleAppliedPolicy[] {
  const unpaired = sent.map(canonicalPolicy).sort((a, b) => b.permissions.length - a.permissions.length);
  return shown.map((policy) => {
    const content = contentOf(policy);
    const index = unpaired.findIndex((candidate) => isSentWithAdditions(content, candidate));
    if (index < 0) return applied(policy, content, []);
    const [pair] = unpaired.splice(index, 1);
    const added = content.permissions.filter((name) => !pair.permissions.includes(name));
    return applied(policy, content, added);
  });
}

/**
 * The policies a read shows, each with what the API added to it at the last write, found by the policy's id among
 * `recorded` (the outputs of that write); a policy with another id was written outside the program, and has nothing
 * added.
 */
export function appliedAfterRead(
  shown: readonly ShownPolicy[],
  recorded: readonly RoleAppliedPolicy[] | undefined,
): RoleAppliedPolicy[] {
  const addedById = new Map((recorded ?? []).map((policy) => [policy.id, policy.addedByApi]));
  return shown.map((policy) => {
    const content = contentOf(policy);
    const added = addedById.get(policy.id) ?? [];
    return applied(
      policy,
      content,
      added.filter((name) => content.permissions.includes(name)),
    );
  });
}

/** The policies as a program writes them: each applied one without the permissions the API added on its own. */
export function declaredPolicies(policies: readonly RoleAppliedPolicy[]): RolePolicy[] {
  return policies.map(({ allowDeny, permissions, resources, tags, addedByApi }) =>
    canonicalPolicy({
      allowDeny,
      permissions: permissions.filter((name) => !addedByApi.includes(name)),
      resources,
      tags,
    }),
  );
}
