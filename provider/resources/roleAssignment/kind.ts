/**
 * Role assignments: imported by `<roleId>/<actor>`; `export` lists one for each actor of each custom role (the
 * system roles' holders are the organization's membership, which the console and invitations give: those are
 * imported by id when wanted). The assignment of the key the commands authenticate with is withheld, and so are those
 * of a key that holds its roles by id only, whose import carries them in its assignedRoleIds. An interrupted
 * create leaves nothing to clean up: the next `up` finds the actor on the role and adopts it.
 */
import { textAttribute, textListAttribute } from "../adoption/terraformOrigins";
import type { ExistingObject, ListingScope } from "../adoption/existingObjects";
import type { RoleActorType } from "../../../schemas";
import { kindEntry } from "../kindEntry";
import { actorOf, canonicalActor } from "../role/actors";
import { definition } from "./definition";
import { operations } from "./operations";
import { assignmentId, assignmentImportId } from "./ids";

interface Actors {
  /** What each actor is called: a key by its name, a member by their email. */
  readonly names: ReadonlyMap<string, string>;
  /** The key these commands authenticate with (its key id ends with the suffix the API shows). */
  readonly keyInUse?: string;
  /** Keys that hold roles by id and have no role words: an import gives them their roles as assignedRoleIds. */
  readonly keysHoldingById: ReadonlySet<string>;
}

async function actorsOf(scope: ListingScope): Promise<Actors> {
  const [keys, members] = await Promise.all([
    scope.management.keys.list(scope.organizationId),
    scope.management.members.list(scope.organizationId),
  ]);
  const names = new Map([
    ...keys.map(
      (key) => [actorOf("apiKey", key.id), typeof key.name === "string" ? key.name : key.id] as const,
    ),
    ...members.map(
      (member) =>
        [
          actorOf("user", member.userId),
          typeof member.email === "string" ? member.email : member.userId,
        ] as const,
    ),
  ]);
  const inUse = keys.find(
    (key) =>
      typeof key.keySuffix === "string" && key.keySuffix !== "" && scope.tokenKey.endsWith(key.keySuffix),
  );
  const holdingById = keys.filter(
    (key) => (key.roles ?? []).length === 0 && (key.assignedRoles ?? []).length > 0,
  );
  return {
    names,
    keyInUse: inUse === undefined ? undefined : actorOf("apiKey", inUse.id),
    keysHoldingById: new Set(holdingById.map((key) => actorOf("apiKey", key.id))),
  };
}

/** An actor's type in the words a resource name is made from. */
const actorWords: Record<RoleActorType, string> = { user: "user", apiKey: "api key" };

export const entry = kindEntry({
  definition,
  operations,
  importId: assignmentImportId,
  existing: {
    async list(scope) {
      const roles = await scope.management.roles.list(scope.organizationId);
      const custom = roles.filter((role) => role.type === "custom");
      if (custom.length === 0) return [];
      const { names, keyInUse, keysHoldingById } = await actorsOf(scope);
      return custom.flatMap((role) =>
        (role.actors ?? []).map((listed): ExistingObject => {
          const actor = canonicalActor(listed);
          const id = assignmentId(role.id, actor);
          const roleName = typeof role.name === "string" ? role.name : role.id;
          return {
            id,
            importId: id,
            label: `${roleName} ${names.get(actor) ?? actor}`,
            withheld:
              actor === keyInUse
                ? `role assignment ${id}: the key these settings authenticate with; manage it outside the stack`
                : keysHoldingById.has(actor)
                  ? `role assignment ${id}: the key holds its roles by id only, which its ApiKey's assignedRoleIds ` +
                    "import carries"
                  : undefined,
          };
        }),
      );
    },
  },
  terraform: {
    imports: [
      {
        // One Terraform resource holds every actor of a role; each becomes an assignment of its own.
        type: "clickhouse_role_assignment",
        source: "docs/resources/role_assignment.md",
        rule: "`<role_id>/user/<id>` for each of `user_ids`, `<role_id>/apiKey/<id>` for each of `api_key_ids`",
        objects(attributes) {
          const roleId = textAttribute(attributes, "role_id");
          const actors = [
            ...textListAttribute(attributes, "user_ids").map((id) => ["user", id] as const),
            ...textListAttribute(attributes, "api_key_ids").map((id) => ["apiKey", id] as const),
          ];
          // Named apart from the role (whose Terraform resource is often named alike), and by the actor's id when
          // there are several.
          const several = actors.length > 1;
          return actors.map(([type, id]) => ({
            importId: assignmentId(roleId, actorOf(type, id)),
            labelSuffix: several ? `${actorWords[type]} ${id}` : actorWords[type],
          }));
        },
      },
    ],
  },
});
