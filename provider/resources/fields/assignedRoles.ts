/**
 * The roles a member, an invitation or an API key holds: a program names them by id (`assignedRoleIds`), the API shows them as
 * `assignedRoles` (AssignedRole: id, name, type). Ids compare as a set in lower case, as the API keeps them.
 */
import type { OutputField } from "../definition";
import { text } from "./reportedValues";

/** A role as a member, an invitation or an API key shows it. */
export interface AssignedRole {
  roleId: string;
  roleName?: string;
  /** `system` or `custom`. */
  roleType?: string;
}

/** The `assignedRoles` output: what the API shows, each role's id, name and type. */
export function assignedRolesOutput(whose: string): OutputField {
  return {
    description: `The roles ${whose}, as the API shows them: each one's \`roleId\`, \`roleName\` and \`roleType\` (\`system\` or \`custom\`).`,
    schema: {
      type: "array",
      items: {
        type: "object",
        required: ["roleId"],
        properties: {
          roleId: { type: "string" },
          roleName: { type: "string" },
          roleType: { type: "string" },
        },
      },
    },
    type: { name: "AssignedRole", from: "resources/fields/assignedRoles" },
    alwaysSet: true,
  };
}

/** The roles as shown, each with an id; a field the API left out or null is left out. */
export function assignedRolesOf(shown: unknown): AssignedRole[] {
  if (!Array.isArray(shown)) return [];
  return shown.flatMap((role: unknown): AssignedRole[] => {
    const fields = (role ?? {}) as { roleId?: unknown; roleName?: unknown; roleType?: unknown };
    const roleId = text(fields.roleId);
    if (roleId === undefined) return [];
    const roleName = text(fields.roleName);
    const roleType = text(fields.roleType);
    return [
      {
        roleId: roleId.toLowerCase(),
        ...(roleName === undefined ? {} : { roleName }),
        ...(roleType === undefined ? {} : { roleType }),
      },
    ];
  });
}

/** Role ids as a set: lower case, each once, sorted. */
export function comparableRoleIds(ids: readonly string[]): string[] {
  return [...new Set(ids.map((id) => id.toLowerCase()))].sort();
}

/** The ids of the roles shown, as a set. */
export function roleIdsOf(roles: readonly AssignedRole[]): string[] {
  return comparableRoleIds(roles.map((role) => role.roleId));
}

/** Whether two lists of role ids name the same roles. */
export function sameRoleIds(a: readonly string[], b: readonly string[]): boolean {
  const [left, right] = [comparableRoleIds(a), comparableRoleIds(b)];
  return left.length === right.length && left.every((id, index) => id === right[index]);
}
