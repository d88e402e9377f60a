/**
 * Rules of a Role's inputs beyond the request's schema, which checks each permission's and resource's form only: a
 * permission must be one ClickHouse Cloud has, and a policy's permissions and resources of one scope.
 */
import { permissionPattern, rolePermissions } from "../../../schemas";
import type { ValidationProblem } from "../../validation/validate";
import type { PropertyBag } from "../../propertyBags";

const known: ReadonlySet<string> = new Set(rolePermissions);
const wellFormed = new RegExp(permissionPattern);

/** The permissions that start as `permission` does (`control-plane:service:`), else every permission, in words. */
function alternativesTo(permission: string): string {
  const prefix = permission.slice(0, permission.lastIndexOf(":") + 1);
  const alike = rolePermissions.filter((name) => name.startsWith(prefix));
  return alike.length > 0
    ? `those of ${prefix}* are ${alike.join(", ")}`
    : `the permissions are ${rolePermissions.join(", ")}`;
}

/** Each permission of the right form that ClickHouse Cloud does not have, named by its place in the policies. */
export function knownPermissions(inputs: PropertyBag): ValidationProblem[] {
  const policies = Array.isArray(inputs.policies) ? (inputs.policies as unknown[]) : [];
  return policies.flatMap((policy, index) => {
    const permissions = (policy as { permissions?: unknown } | null)?.permissions;
    if (!Array.isArray(permissions)) return [];
    return permissions.flatMap((permission: unknown, place) => {
      // A permission of another form, or no string, is the schema's to report.
      if (typeof permission !== "string" || !wellFormed.test(permission) || known.has(permission)) return [];
      const property = `policies[${index}].permissions[${place}]`;
      return [
        {
          property,
          reason:
            `${property} is not a permission of ClickHouse Cloud; got ${JSON.stringify(permission)} ` +
            `(${alternativesTo(permission)})`,
        },
      ];
    });
  });
}

type Scope = "organization" | "services";

/** What a permission is on, by its middle part: the organization (and its support cases) or its services. */
function permissionScope(permission: string): Scope | undefined {
  const resource = permission.split(":")[1];
  if (resource === "organization" || resource === "support") return "organization";
  if (resource === "service" || resource === "database") return "services";
  return undefined;
}

function resourceScope(resource: string): Scope | undefined {
  if (resource.startsWith("organization/")) return "organization";
  if (resource.startsWith("instance/")) return "services";
  return undefined;
}

const scopeWords: Record<Scope, string> = {
  organization: "the organization (organization/<organization id>)",
  services: "services (instance/<service id> or instance/*)",
};

/**
 * The API's rule that a policy's permissions are all on one scope, the organization or services, and its resources
 * of that scope: a policy that mixes them is named with what it mixes.
 */
export function oneScopePerPolicy(inputs: PropertyBag): ValidationProblem[] {
  const policies = Array.isArray(inputs.policies) ? (inputs.policies as unknown[]) : [];
  return policies.flatMap((policy, index) => {
    const { permissions, resources } = (policy ?? {}) as { permissions?: unknown; resources?: unknown };
    const named = (list: unknown) =>
      Array.isArray(list) ? list.filter((item) => typeof item === "string") : [];
    const scopes = new Set(named(permissions).flatMap((permission) => permissionScope(permission) ?? []));
    if (scopes.size > 1) {
      const property = `policies[${index}].permissions`;
      return [
        {
          property,
          reason:
            `${property} must all be on one scope, the organization or services; got permissions on both: ` +
            "make a policy for each",
        },
      ];
    }
    const [scope] = scopes;
    if (scope === undefined) return [];
    const place = named(resources).findIndex((resource) => {
      const other = resourceScope(resource);
      return other !== undefined && other !== scope;
    });
    if (place < 0) return [];
    const property = `policies[${index}].resources[${place}]`;
    return [
      {
        property,
        reason:
          `${property} must be on ${scopeWords[scope]}, which the policy's permissions are on; got ` +
          JSON.stringify(named(resources)[place]),
      },
    ];
  });
}
