/**
 * Invitations: imported by their uuid; `export` lists the pending ones, and `orphans` lists them too and revokes
 * those the user names, as a run killed between the API's reply and the engine's checkpoint can leave one behind.
 */
import { importedById } from "../adoption/importIds";
import { optionalText } from "../adoption/existingObjects";
import { deleteIfPresent } from "../lifecycle/readOrGone";
import { kindEntry } from "../kindEntry";
import { definition } from "./definition";
import { operations } from "./operations";

export const entry = kindEntry({
  definition,
  operations,
  importId: importedById(definition.kind, "uuid"),
  existing: {
    async list(scope) {
      const invitations = await scope.management.invitations.list(scope.organizationId);
      return invitations.map((invitation) => ({
        id: invitation.id,
        importId: invitation.id,
        label: typeof invitation.email === "string" ? invitation.email : invitation.id,
        createdAt: optionalText(invitation.createdAt),
      }));
    },
    async deleteOrphan(scope, object) {
      await deleteIfPresent(() => scope.management.invitations.delete(scope.organizationId, object.id));
    },
  },
  terraform: { imports: [] },
});
