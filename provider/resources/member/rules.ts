/** The rules of a Member's inputs beyond the schema: which member (exactly one of userId and email), and the flag. */
import type { ValidationProblem } from "../../validation/validate";
import type { PropertyBag } from "../../propertyBags";

/**
 * The member is named once: by user id or by email. A value not known yet (a member read in the same program) is
 * given: only both set, or neither given, is a problem.
 */
export function oneMember(
  inputs: PropertyBag,
  _previous?: PropertyBag,
  notKnown: ReadonlySet<string> = new Set(),
): ValidationProblem[] {
  const given = (name: string) => notKnown.has(name) || (inputs[name] !== undefined && inputs[name] !== null);
  const [byId, byEmail] = [given("userId"), given("email")];
  if (byId && byEmail) {
    return [
      {
        property: "email",
        reason: "email cannot be set with userId: name the member once, by user id or by email",
      },
    ];
  }
  if (!byId && !byEmail) {
    return [
      {
        property: "userId",
        reason: "userId or email is required: the existing member (their user id, or their email) to manage",
      },
    ];
  }
  return [];
}

export function removeOnDestroyIsBoolean(inputs: PropertyBag): ValidationProblem[] {
  const remove = inputs.removeOnDestroy;
  if (remove === undefined || remove === null || typeof remove === "boolean") return [];
  return [
    {
      property: "removeOnDestroy",
      reason: `removeOnDestroy must be true or false; got ${JSON.stringify(remove)}`,
    },
  ];
}
