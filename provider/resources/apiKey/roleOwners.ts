/**
 * Which API keys have their roles set by their ApiKey resource (its `assignedRoleIds`), as this provider process has
 * seen them, so that a RoleAssignment of such a key, or a Role listing it in `actors`, is refused at check: the key's
 * next `up` would send its whole list of roles again and take the other one off, and the other's refresh would then
 * find it gone.
 *
 * What links them is the key's id: an ApiKey's diff, create and update record under its id whether it sets
 * `assignedRoleIds`, and its delete forgets it. The engine checks a resource that takes a key's id only once that key
 * has been diffed or created, so the record is there first.
 */
import type { ValidationProblem } from "../../validation/validate";
import type { PropertyBag } from "../../propertyBags";
import { OwnershipRecord } from "../ownership";

/** The keys whose ApiKey resource sets `assignedRoleIds`. */
export const keyRoleOwners = new OwnershipRecord();

/** A RoleAssignment of a key whose ApiKey resource sets its roles. */
export function assignedKeyOwnsItsRoles(inputs: PropertyBag): ValidationProblem[] {
  const keyId = inputs.apiKeyId;
  if (typeof keyId !== "string" || !keyRoleOwners.owns(keyId)) return [];
  return [keyRolesSetTwice(keyId, "apiKeyId")];
}

/** A Role whose actors list a key whose ApiKey resource sets its roles: the first such actor. */
export function listedKeyOwnsItsRoles(inputs: PropertyBag): ValidationProblem[] {
  const actors = Array.isArray(inputs.actors) ? (inputs.actors as unknown[]) : [];
  const place = actors.findIndex(
    (actor) =>
      typeof actor === "string" &&
      actor.startsWith(keyActorPrefix) &&
      keyRoleOwners.owns(actor.slice(keyActorPrefix.length)),
  );
  if (place < 0) return [];
  const keyId = (actors[place] as string).slice(keyActorPrefix.length);
  return [keyRolesSetTwice(keyId, "actors")];
}

const keyActorPrefix = "apiKey/";

function keyRolesSetTwice(keyId: string, property: string): ValidationProblem {
  return {
    property,
    reason:
      `the roles of API key ${keyId} are set by its ApiKey resource (its assignedRoleIds input): a key's roles have ` +
      "one owner, so list the role in the key's assignedRoleIds, or leave assignedRoleIds unset and give the key " +
      "its roles with RoleAssignment resources",
  };
}
