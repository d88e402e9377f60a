/**
 * getMembers served as the plugin's function `clickhouse-cloud:index:getMembers`: the same checks and result as the
 * program-side function, connected with the plugin's configuration. A member's fields are those a Member
 * resource's outputs show, so the schema entry takes their descriptions and types from the resource's own entry.
 */
import { progressOf } from "../host/progress";
import type { ConfigSource } from "../settings/sources";
import { checkGetMembersArgs, readMembers, type MembersResult } from "../functions/memberLookup";
import { definition as memberKind } from "../resources/member/definition";
import { nativeTypeToken } from "../resources/typeTokens";
import type { FunctionSpec, PropertySpec, TypeRegistry } from "./schemaTypes";
import type { LookupOutcome, ResourceOutputsSpec } from "./serviceLookupInvoke";

export const getMembersToken = nativeTypeToken("getMembers");
/** The resource whose outputs describe a member of the result. */
export const memberResourceToken = nativeTypeToken(memberKind.kind);

/** The fields of a member in the result, in this order; those always there are required. */
const memberFields = ["userId", "name", "email", "role", "assignedRoles", "joinedAt"] as const;
const alwaysThere = ["userId", "assignedRoles"];

/** Checks the arguments (nothing is sent when they are invalid), then reads the members. */
export async function invokeGetMembers(
  args: unknown,
  config: ConfigSource,
): Promise<LookupOutcome<MembersResult>> {
  const checked = checkGetMembersArgs(args);
  if ("problems" in checked) return { problems: checked.problems };
  const connection = {
    lookup: { source: config },
    warn: (line: string) => progressOf("getMembers")(`warning: ${line}`),
  };
  return { result: await readMembers(checked.args, connection) };
}

/** getMembers' entry in the package schema; its list items are the named type `MemberInfo`. */
export function getMembersSpec(resource: ResourceOutputsSpec, registry: TypeRegistry): FunctionSpec {
  const properties = Object.fromEntries(
    memberFields.map((name): [string, PropertySpec] => [name, resource.properties[name]]),
  );
  // The resource's words for its id speak of the resource, which a function's result is not.
  properties.userId = {
    ...properties.userId,
    description:
      "The member's user id (uuid): what a member's resource or a role assignment takes as `userId`.",
  };
  const item = registry.objectTypeOf("MemberInfo", {
    description: "A member of the organization, as the outputs of the resource that manages one show them.",
    properties,
    required: alwaysThere,
  });
  return {
    description:
      "The organization's members, in the API's order: each one's user id, name, email, deprecated organization " +
      "role, the roles they hold and when they joined. Served on both wires.",
    inputs: {
      properties: {
        organizationId: {
          type: "string",
          description: "The organization (uuid); `clickhouse-cloud:organizationId` when left out.",
        },
      },
    },
    outputs: {
      properties: {
        organizationId: { type: "string", description: "The organization (uuid) whose members these are." },
        members: { type: "array", items: item, description: "The members, in the API's order." },
      },
      required: ["organizationId", "members"],
    },
  };
}
