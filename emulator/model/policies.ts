/**
 * A role's policies: each allows or denies permissions (`<area>:<resource>:<action>`, those ClickHouse Cloud
 * documents) on resources of one scope, the organization (`organization/<its id>`) or services
 * (`instance/<service id>`, `instance/*`). A permission's middle part says its scope. The API refuses a permission it
 * does not have, a policy whose permissions are of both scopes, and an organization resource that is not the role's
 * own organization. Granting some permissions grants others with them, which the role then shows.
 */
import { rolePermissions, type PolicyEffect, type PolicySqlConsoleRole } from "../../schemas/enums";
import type { ByteSource } from "../state/random";
import { uuidV4 } from "../state/random";
import type { PolicyRecord } from "../state/types";
import type { Problem } from "./problems";

export interface PolicyRequest {
  allowDeny: PolicyEffect;
  permissions: string[];
  resources: string[];
  tags?: { grants?: string[]; roleV2?: PolicySqlConsoleRole };
}

type PolicyScope = "organization" | "instance";

/** The scope of a permission by its middle part: organization settings, billing and support, or services. */
const scopeOfPermissionResource: Record<string, PolicyScope> = {
  organization: "organization",
  support: "organization",
  service: "instance",
  database: "instance",
};

/** Permissions an ALLOW of the key grants as well (the API adds them to the policy it stores). */
const grantedAlong: Record<string, readonly string[]> = {
  "control-plane:service:manage": ["control-plane:service:delete"],
};

const knownPermissions: ReadonlySet<string> = new Set(rolePermissions);

/** The scope of a documented permission; undefined for any other string. */
function permissionScope(permission: string): PolicyScope | undefined {
  if (!knownPermissions.has(permission)) return undefined;
  return scopeOfPermissionResource[permission.split(":")[1]];
}

function resourceScope(resource: string): PolicyScope {
  return resource.startsWith("organization/") ? "organization" : "instance";
}

/** Every problem of `policies` for a role of `organizationId`, on `policies.<i>.permissions` or `.resources`. */
export function policyProblems(policies: readonly PolicyRequest[], organizationId: string): Problem[] {
  return policies.flatMap((policy, index) => problemsOfPolicy(policy, `policies.${index}`, organizationId));
}

function problemsOfPolicy(policy: PolicyRequest, path: string, organizationId: string): Problem[] {
  const problems: Problem[] = [];
  const unknown = policy.permissions.filter((permission) => permissionScope(permission) === undefined);
  const scopes = new Set(policy.permissions.map(permissionScope).filter((scope) => scope !== undefined));
  if (unknown.length > 0) {
    problems.push({
      property: `${path}.permissions`,
      message:
        `${unknown.join(", ")} ${unknown.length === 1 ? "is not a permission" : "are not permissions"} ` +
        "of ClickHouse Cloud",
    });
  } else if (scopes.size > 1) {
    problems.push({
      property: `${path}.permissions`,
      message: "All permissions in a policy must target the same resource scope",
    });
  }
  const resourceProblem = problemOfResources(policy.resources, [...scopes][0], organizationId);
  if (resourceProblem !== undefined)
    problems.push({ property: `${path}.resources`, message: resourceProblem });
  return problems;
}

function problemOfResources(
  resources: readonly string[],
  scope: PolicyScope | undefined,
  organizationId: string,
): string | undefined {
  for (const resource of resources) {
    const [kind, id = ""] = resource.split("/");
    if (kind === "organization" && id.toLowerCase() !== organizationId) {
      return `Organization ${id} must match the role's organization`;
    }
    if (scope !== undefined && resourceScope(resource) !== scope) {
      return scope === "organization"
        ? `${resource} is not the organization (organization/${organizationId}), which the policy's permissions are on`
        : `${resource} is not a service (instance/<service id> or instance/*), which the policy's permissions are on`;
    }
  }
  return undefined;
}

/** The stored policies of a role: each request with an id of its own and the permissions granted along. */
export function policyRecords(policies: readonly PolicyRequest[], bytes: ByteSource): PolicyRecord[] {
  return policies.map((policy) => ({
    id: uuidV4(bytes),
    allowDeny: policy.allowDeny,
    permissions:
      policy.allowDeny === "ALLOW" ? withGrantedAlong(policy.permissions) : [...policy.permissions],
    resources: policy.resources.map(canonicalResource),
    ...(policy.tags === undefined ? {} : { tags: structuredClone(policy.tags) }),
  }));
}

function withGrantedAlong(permissions: readonly string[]): string[] {
  const granted = [...permissions];
  for (const permission of permissions) {
    for (const along of grantedAlong[permission] ?? []) if (!granted.includes(along)) granted.push(along);
  }
  return granted;
}

/** Ids in resources are uuids, kept in lower case as the organization's ids are. */
function canonicalResource(resource: string): string {
  return resource.toLowerCase();
}
