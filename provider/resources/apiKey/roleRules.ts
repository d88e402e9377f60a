/**
 * Rules of an ApiKey's roles that belong to one wire. The production wire (ClickHouse Cloud's OpenAPI,
 * ApiKeyPostRequest and ApiKeyPatchRequest) takes the roles as role words (`roles`, which it marks deprecated), as
 * role uuids (`assignedRoleIds`) or both; the specification's wire requires `roles` and has no `assignedRoleIds`.
 */
import type { ValidationProblem } from "../../validation/validate";
import type { PropertyBag } from "../../propertyBags";

const isSet = (value: unknown) => value !== undefined && value !== null;

/** The specification's key needs its role words, and has no role ids. */
export function rolesOnSpecWire(
  inputs: PropertyBag,
  _previous?: PropertyBag,
  notKnown: ReadonlySet<string> = new Set(),
): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  if (!isSet(inputs.roles) && !notKnown.has("roles")) {
    problems.push({
      property: "roles",
      reason: "roles is required: at least one of admin, developer, query_endpoints",
    });
  }
  if (isSet(inputs.assignedRoleIds)) {
    problems.push({
      property: "assignedRoleIds",
      reason:
        "assignedRoleIds is an input of the production wire: the specification's API key has no such field; set " +
        "clickhouse:apiDialect to production (the default for api.clickhouse.cloud), or give the key roles",
    });
  }
  return problems;
}

/**
 * A key of the production wire holds roles one way or the other: by role words, by role ids, or both. A value not
 * known yet (a Role made in the same `up`) counts as given.
 */
export function rolesOrAssignedRoleIds(
  inputs: PropertyBag,
  _previous?: PropertyBag,
  notKnown: ReadonlySet<string> = new Set(),
): ValidationProblem[] {
  const given = (name: string) => notKnown.has(name) || isSet(inputs[name]);
  if (given("roles") || given("assignedRoleIds")) return [];
  return [
    {
      property: "assignedRoleIds",
      reason:
        "assignedRoleIds or roles is required: the uuids of the roles the key holds, or (deprecated by the API) " +
        "its role words",
    },
  ];
}
