/**
 * The settings of an organization: one resource per organization, imported and named by its id. `export` lists the
 * organization in scope, whose import adopts its name and crash reports setting (never its private endpoints,
 * which stay PrivateEndpoint resources' or the console's until a program lists them), and a destroy of that stack
 * leaves the organization as it is. Terraform's `clickhouse_organization_settings` maps by its `id`.
 */
import { idOfForm } from "../adoption/importIds";
import { textAttribute } from "../adoption/terraformOrigins";
import { kindEntry } from "../kindEntry";
import { definition } from "./definition";
import { operations } from "./operations";

export const entry = kindEntry({
  definition,
  operations,
  importId: (id) => ({
    id: idOfForm(definition.kind, id, "uuid"),
    properties: { organizationId: id },
  }),
  existing: {
    async list(scope) {
      const organization = await scope.management.organizations.get(scope.organizationId);
      const name = typeof organization.name === "string" ? organization.name : scope.organizationId;
      return [{ id: organization.id, importId: organization.id, label: `${name} settings` }];
    },
  },
  terraform: {
    imports: [
      {
        type: "clickhouse_organization_settings",
        source: "docs/resources/organization_settings.md",
        rule: "`id`",
        objects: (attributes) => [{ importId: textAttribute(attributes, "id") }],
      },
    ],
  },
});
