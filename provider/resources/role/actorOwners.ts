/**
 * Which roles have their actors set by a Role resource, as this provider process has seen them, so that a
 * RoleAssignment on such a role is refused at check: the Role's next `up` would take the assigned actor off again
 * (its `actors` are the role's whole list), and the assignment's refresh would then find it gone.
 *
 * A provider sees one resource at a time, never the program. What links the two is the role id: a Role's diff (a
 * preview or `up` of an existing stack), create and update record under its id whether it sets `actors`; a
 * RoleAssignment's check reads the record when its `roleId` is known. The engine checks a RoleAssignment only once
 * the Role it takes `roleId` from has been diffed or created, so the record is there first. A RoleAssignment whose
 * role is made by another stack or program, or whose `roleId` is not known yet in a preview of a new role, is
 * checked again during `up`, before anything is sent.
 */
import type { ValidationProblem } from "../../validation/validate";
import type { PropertyBag } from "../../propertyBags";
import { OwnershipRecord } from "../ownership";

/** The roles whose Role resource sets `actors`. */
export const roleActorOwners = new OwnershipRecord();

/** The problem of a RoleAssignment on a role whose Role resource sets the actors. */
export function actorsSetTwice(inputs: PropertyBag): ValidationProblem[] {
  const roleId = inputs.roleId;
  if (typeof roleId !== "string" || !roleActorOwners.owns(roleId)) return [];
  return [
    {
      property: "roleId",
      reason:
        `the actors of role ${roleId} are set by its Role resource (its actors input): a role's actors have one ` +
        "owner, so list this actor in the Role's actors, or leave the Role's actors unset and assign every actor " +
        "with a RoleAssignment",
    },
  ];
}
