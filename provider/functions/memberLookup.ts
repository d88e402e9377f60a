/**
 * The organization's members, read for a program (`GET .../members`): what getMembers answers. Shared by the
 * program-side function and the plugin's invoke; it loads no Pulumi SDK. Both wires serve the route.
 */
import type { MemberSchema } from "../rest/schemaTypes";
import { optional, text } from "../resources/fields/reportedValues";
import { assignedRolesOf, type AssignedRole } from "../resources/fields/assignedRoles";
import type { ValidationProblem } from "../validation/validate";
import { bagOf, organizationIdProblems, type CheckedArguments } from "./serviceArguments";
import { connect, type LookupConnection } from "./serviceLookup";

export interface GetMembersArgs {
  /** The organization (uuid); `clickhouse:organizationId` (or CLICKHOUSE_ORG_ID) when left out. */
  organizationId?: string;
}

/** A member as getMembers reports one: what a Member resource's outputs show of them. */
export interface MemberInfo {
  /** The member's user id (uuid), which a Member resource or a RoleAssignment takes as `userId`. */
  readonly userId: string;
  readonly name?: string;
  readonly email?: string;
  /** The deprecated organization role, frozen once the organization moved to custom roles. */
  readonly role?: string;
  /** The roles the member holds: each one's id, name and type. */
  readonly assignedRoles: AssignedRole[];
  /** When the member joined (ISO 8601). */
  readonly joinedAt?: string;
}

export interface MembersResult {
  /** The organization (uuid) whose members these are. */
  readonly organizationId: string;
  /** Its members, in the API's order. */
  readonly members: MemberInfo[];
}

/** getMembers' arguments: a uuid organization, if given. */
export function checkGetMembersArgs(args: unknown): CheckedArguments<GetMembersArgs> {
  const bag = bagOf(args);
  const problems: ValidationProblem[] = [];
  if (bag.organizationId !== undefined && bag.organizationId !== null) {
    problems.push(...organizationIdProblems(bag.organizationId));
  }
  if (problems.length > 0) return { problems };
  return { args: typeof bag.organizationId === "string" ? { organizationId: bag.organizationId } : {} };
}

function infoOf(member: MemberSchema): MemberInfo {
  return {
    userId: member.userId.toLowerCase(),
    ...optional("name", text(member.name)),
    ...optional("email", text(member.email)),
    ...optional("role", text(member.role)),
    assignedRoles: assignedRolesOf(member.assignedRoles),
    ...optional("joinedAt", text(member.joinedAt)),
  };
}

/** Reads the organization's members; the arguments must have passed checkGetMembersArgs. */
export async function readMembers(
  args: GetMembersArgs,
  connection: LookupConnection,
): Promise<MembersResult> {
  const { client, organizationId } = connect(connection, args.organizationId);
  const members = await client.members.list(organizationId);
  return { organizationId, members: members.map(infoOf) };
}
