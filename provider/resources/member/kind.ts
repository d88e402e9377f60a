/**
 * Members: imported by their user id, named by their email; `export` lists every member of the organization (their
 * roles left unmanaged, and never removeOnDestroy). No orphans: a create adopts, and a run killed before its
 * checkpoint leaves nothing a later `up` would not adopt again.
 */
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
      const members = await scope.management.members.list(scope.organizationId);
      return members.map((member) => ({
        id: member.userId,
        importId: member.userId,
        label: optionalText(member.email) ?? optionalText(member.name) ?? member.userId,
        createdAt: optionalText(member.joinedAt),
      }));
    },
  },
  terraform: { imports: [] },
});
