/** The rule of a RoleAssignment's actor: exactly one of a member's user id and an API key's id. */
import type { ValidationProblem } from "../../validation/validate";
import type { PropertyBag } from "../../propertyBags";

/**
 * One actor per assignment. An id not known yet (a key made in the same `up`) is given: only both known and set, or
 * neither given, is a problem.
 */
export function oneActor(
  inputs: PropertyBag,
  _previous?: PropertyBag,
  notKnown: ReadonlySet<string> = new Set(),
): ValidationProblem[] {
  const given = (name: string) => notKnown.has(name) || (inputs[name] !== undefined && inputs[name] !== null);
  const [user, key] = [given("userId"), given("apiKeyId")];
  if (user && key) {
    return [
      {
        property: "apiKeyId",
        reason:
          "apiKeyId cannot be set with userId: an assignment gives one actor the role; make one for each",
      },
    ];
  }
  if (!user && !key) {
    return [
      {
        property: "userId",
        reason: "userId or apiKeyId is required: the member or the API key that holds the role",
      },
    ];
  }
  return [];
}
