/**
 * A RoleAssignment's id, `<roleId>/<actor>`: the role's uuid, then the actor as the role lists it (`user/<uuid>` or
 * `apiKey/<uuid>`), all in lower case as the API keeps ids. It is the import id too, checked part by part.
 */
import { ImportIdError, type ImportIdReader } from "../adoption/importIds";
import { hasIdForm } from "../fields/idForms";
import { roleActorTypes, type RoleActorType } from "../../../schemas";
import { actorOf } from "../role/actors";

const form = "<roleId>/user/<userId> or <roleId>/apiKey/<apiKeyId>";

export interface AssignmentParts {
  readonly roleId: string;
  readonly actor: string;
  readonly type: RoleActorType;
  readonly actorId: string;
}

export function assignmentId(roleId: string, actor: string): string {
  return `${roleId.toLowerCase()}/${actor}`;
}

/** The parts of an id of the form; undefined for any other string. */
function partsOf(id: string): AssignmentParts | undefined {
  const [roleId, type, actorId, ...rest] = id.split("/");
  const actorType = roleActorTypes.find((candidate) => candidate === type);
  if (rest.length > 0 || actorType === undefined || actorId === undefined) return undefined;
  if (!hasIdForm("uuid", roleId) || !hasIdForm("uuid", actorId)) return undefined;
  return { roleId: roleId.toLowerCase(), actor: actorOf(actorType, actorId), type: actorType, actorId };
}

/** The role and actor of a state's id, which this kind's create wrote. */
export function parseAssignmentId(id: string): AssignmentParts {
  const parts = partsOf(id);
  if (parts === undefined) throw new Error(`a RoleAssignment's id is "${form}"; got ${JSON.stringify(id)}`);
  return parts;
}

/** `pulumi import`'s id: checked by its form, the read then needs nothing else. */
export const assignmentImportId: ImportIdReader = (id) => {
  const parts = partsOf(id);
  if (parts === undefined) {
    throw new ImportIdError(
      `a RoleAssignment is imported by "${form}", each id a uuid; got ${JSON.stringify(id)}`,
    );
  }
  return { id: assignmentId(parts.roleId, parts.actor), properties: {} };
};
