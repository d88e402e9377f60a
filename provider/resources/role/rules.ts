/**
 * Rules of a Role's inputs beyond the request's schema, which checks each permission's form only: a permission must
 * be one ClickHouse Cloud has.
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
