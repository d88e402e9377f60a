/** API keys: imported by their uuid; listed by `export`, and by `orphans` as an interrupted run can leave one. */
import { importedById } from "../adoption/importIds";
import { optionalText } from "../adoption/existingObjects";
import { kindEntry } from "../kindEntry";
import { definition } from "./definition";
import { operations } from "./operations";

export const entry = kindEntry({
  definition,
  operations,
  importId: importedById(definition.kind, "uuid"),
  existing: {
    async list(scope) {
      const keys = await scope.management.keys.list(scope.organizationId);
      return keys.map((key) => {
        // The API shows the last characters of each key id: the key whose suffix ends the credentials' key id is
        // the one the commands authenticate with.
        const suffix = optionalText(key.keySuffix);
        const inUse = suffix !== undefined && scope.tokenKey.endsWith(suffix);
        return {
          id: key.id,
          importId: key.id,
          label: typeof key.name === "string" ? key.name : "",
          createdAt: optionalText(key.createdAt),
          state: optionalText(key.state),
          withheld: inUse
            ? `API key ${key.id} (${key.name}): the key these settings authenticate with; manage it outside the stack`
            : undefined,
        };
      });
    },
    async deleteOrphan(scope, object) {
      await scope.management.keys.delete(scope.organizationId, object.id);
    },
  },
  // The Terraform provider has no API key resource, only the data source clickhouse_api_key_id
  // (docs/data-sources/api_key_id.md): keys made beside Terraform are found by `export` itself.
  terraform: { imports: [] },
});
