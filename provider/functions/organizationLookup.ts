/**
 * The organization and its roles, read for a program (`GET /v1/organizations/{id}`, `GET .../roles`): what
 * getOrganization and getRoles answer, their arguments and the checks those pass before anything is sent. Shared by
 * the program-side functions and the plugin's invokes; it loads no Pulumi SDK. Both wires serve these routes.
 *
 * Tolerant in what it reads: a field the API leaves out (or answers null) is left out of the result, never
 * guessed, and a field of another type is left out too; lists the API leaves out are empty.
 */
import type { Organization } from "../rest";
import type { RoleSchema } from "../rest/schemaTypes";
import type { ValidationProblem } from "../validation/validate";
import { flag, optional, record, stringList, text } from "../resources/fields/reportedValues";
import {
  bagOf,
  isGiven,
  nameProblems,
  organizationIdOf,
  organizationIdProblems,
  type CheckedArguments,
} from "./serviceArguments";
import { connect, type LookupConnection } from "./serviceLookup";

export interface GetOrganizationArgs {
  /** The organization (uuid); `clickhouse:organizationId` (or CLICKHOUSE_ORG_ID) when left out. */
  organizationId?: string;
}

export interface GetRolesArgs {
  /** Only the role of exactly this name (role names are unique in an organization). */
  name?: string;
  /** The organization (uuid); `clickhouse:organizationId` (or CLICKHOUSE_ORG_ID) when left out. */
  organizationId?: string;
}

/** A private endpoint registered with the organization, as it shows one. */
export interface OrganizationPrivateEndpointInfo {
  /** The cloud provider's id of the endpoint. */
  readonly id: string;
  readonly description?: string;
  /** `aws`, `gcp` or `azure`. */
  readonly cloudProvider?: string;
  readonly region?: string;
}

/** A BYOC (bring your own cloud) configuration of the organization, as it shows one. */
export interface OrganizationByocInfo {
  readonly id?: string;
  /** `infra-ready`, `infra-provisioning` or `infra-terminated`. */
  readonly state?: string;
  readonly accountName?: string;
  readonly regionId?: string;
  readonly cloudProvider?: string;
  readonly displayName?: string;
}

/** The organization as getOrganization reports it. */
export interface OrganizationInfo {
  /** The organization's uuid. */
  readonly id: string;
  readonly name?: string;
  /** When the organization was made (ISO 8601). */
  readonly createdAt?: string;
  /** Whether its services may collect crash reports. */
  readonly enableCoreDumps?: boolean;
  /** Its tier, when the API shows one (the OpenAPI's Organization has none). */
  readonly tier?: string;
  /** The private endpoints registered with it. */
  readonly privateEndpoints: OrganizationPrivateEndpointInfo[];
  /** Its BYOC configurations. */
  readonly byocConfig: OrganizationByocInfo[];
}

/** One policy of a role: permissions it allows or denies on resources. */
export interface RolePolicyInfo {
  readonly id?: string;
  /** `ALLOW` or `DENY`. */
  readonly allowDeny?: string;
  readonly permissions: string[];
  readonly resources: string[];
  /** The databases it grants (`tags.grants`) and the SQL console role it gives (`tags.roleV2`). */
  readonly tags?: { readonly grants?: string[]; readonly roleV2?: string };
}

/** A role as getRoles reports it. */
export interface RoleInfo {
  /** The role's uuid. */
  readonly id: string;
  readonly name?: string;
  /** `system` (comes with the organization) or `custom`. */
  readonly type?: string;
  /** Who holds it: `user/<user id>`, `apiKey/<API key id>`. */
  readonly actors: string[];
  readonly policies: RolePolicyInfo[];
  /** When the role was made (ISO 8601). */
  readonly createdAt?: string;
}

export interface RolesResult {
  /** The organization (uuid) whose roles these are. */
  readonly organizationId: string;
  /** The matching roles, in the API's order. */
  readonly roles: RoleInfo[];
}

/** getOrganization's arguments: a uuid organization, if given. */
export function checkGetOrganizationArgs(args: unknown): CheckedArguments<GetOrganizationArgs> {
  const bag = bagOf(args);
  const problems = organizationIdProblems(bag.organizationId);
  if (problems.length > 0) return { problems };
  return { args: organizationIdOf(bag) };
}

/** getRoles' arguments: a non-empty name and a uuid organization, each if given. */
export function checkGetRolesArgs(args: unknown): CheckedArguments<GetRolesArgs> {
  const bag = bagOf(args);
  const problems: ValidationProblem[] = [
    ...(isGiven(bag.name) ? nameProblems(bag.name) : []),
    ...organizationIdProblems(bag.organizationId),
  ];
  if (problems.length > 0) return { problems };
  return {
    args: { ...(typeof bag.name === "string" ? { name: bag.name } : {}), ...organizationIdOf(bag) },
  };
}

/** Objects of a list the API answered; anything else in it is left out. */
function objects(value: unknown): Record<string, unknown>[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown): Record<string, unknown>[] => {
    const object = record(item);
    return object === undefined ? [] : [object];
  });
}

function organizationInfo(organization: Organization): OrganizationInfo {
  return {
    id: organization.id,
    ...optional("name", text(organization.name)),
    ...optional("createdAt", text(organization.createdAt)),
    ...optional("enableCoreDumps", flag(organization.enableCoreDumps)),
    ...optional("tier", text(organization.tier)),
    privateEndpoints: objects(organization.privateEndpoints).flatMap((endpoint) => {
      const id = text(endpoint.id);
      if (id === undefined) return [];
      return [
        {
          id,
          ...optional("description", text(endpoint.description)),
          ...optional("cloudProvider", text(endpoint.cloudProvider)),
          ...optional("region", text(endpoint.region)),
        },
      ];
    }),
    byocConfig: objects(organization.byocConfig).map((config) => ({
      ...optional("id", text(config.id)),
      ...optional("state", text(config.state)),
      ...optional("accountName", text(config.accountName)),
      ...optional("regionId", text(config.regionId)),
      ...optional("cloudProvider", text(config.cloudProvider)),
      ...optional("displayName", text(config.displayName)),
    })),
  };
}

function policyInfo(policy: Record<string, unknown>): RolePolicyInfo {
  const tags = record(policy.tags);
  const grants = Array.isArray(tags?.grants) ? stringList(tags.grants) : undefined;
  const roleV2 = text(tags?.roleV2);
  const hasTags = grants !== undefined || roleV2 !== undefined;
  return {
    ...optional("id", text(policy.id)),
    ...optional("allowDeny", text(policy.allowDeny)),
    permissions: stringList(policy.permissions),
    resources: stringList(policy.resources),
    ...(hasTags ? { tags: { ...optional("grants", grants), ...optional("roleV2", roleV2) } } : {}),
  };
}

function roleInfo(role: RoleSchema): RoleInfo {
  return {
    id: role.id,
    ...optional("name", text(role.name)),
    ...optional("type", text(role.type)),
    actors: stringList(role.actors),
    policies: objects(role.policies).map(policyInfo),
    ...optional("createdAt", text(role.createdAt)),
  };
}

/** Reads the organization; the arguments must have passed checkGetOrganizationArgs. */
export async function readOrganization(
  args: GetOrganizationArgs,
  connection: LookupConnection,
): Promise<OrganizationInfo> {
  const { client, organizationId } = connect(connection, args.organizationId);
  return organizationInfo(await client.organizations.get(organizationId));
}

/** Reads the organization's roles of the name, or all; the arguments must have passed checkGetRolesArgs. */
export async function readRoles(args: GetRolesArgs, connection: LookupConnection): Promise<RolesResult> {
  const { client, organizationId } = connect(connection, args.organizationId);
  const roles = (await client.roles.list(organizationId)).filter(
    (role) => args.name === undefined || role.name === args.name,
  );
  return { organizationId, roles: roles.map(roleInfo) };
}
