/**
 * Custom roles: imported by their uuid; `export` lists the organization's custom roles (its system roles cannot be
 * made, changed or deleted, so none is a Role), and `orphans` lists them too, as an interrupted run can leave one.
 */
import { importedById } from "../adoption/importIds";
import { optionalText } from "../adoption/existingObjects";
import { textAttribute } from "../adoption/terraformOrigins";
import { kindEntry } from "../kindEntry";
import { definition } from "./definition";
import { operations } from "./operations";

export const entry = kindEntry({
  definition,
  operations,
  importId: importedById(definition.kind, "uuid"),
  existing: {
    async list(scope) {
      const roles = await scope.management.roles.list(scope.organizationId);
      return roles
        .filter((role) => role.type === "custom")
        .map((role) => ({
          id: role.id,
          importId: role.id,
          label: typeof role.name === "string" ? role.name : "",
          createdAt: optionalText(role.createdAt),
        }));
    },
    async deleteOrphan(scope, object) {
      await scope.management.roles.delete(scope.organizationId, object.id);
    },
  },
  terraform: {
    imports: [
      {
        type: "clickhouse_role",
        source: "docs/resources/role.md",
        rule: "`id`",
        objects: (attributes) => [{ importId: textAttribute(attributes, "id") }],
      },
    ],
  },
});
