/**
 * getOrganization and getRoles served as the plugin's functions `clickhouse-cloud:index:getOrganization` and
 * `clickhouse-cloud:index:getRoles`: the same checks and results as the program-side functions, connected with the
 * plugin's configuration.
 */
import { progressOf } from "../host/progress";
import type { ConfigSource } from "../settings/sources";
import {
  checkGetOrganizationArgs,
  checkGetRolesArgs,
  readOrganization,
  readRoles,
  type OrganizationInfo,
  type RolesResult,
} from "../functions/organizationLookup";
import type { LookupConnection } from "../functions/serviceLookup";
import { nativeTypeToken } from "../resources/typeTokens";
import type { FunctionSpec, PropertySpec, TypeRegistry } from "./schemaTypes";
import type { LookupOutcome } from "./serviceLookupInvoke";

export const getOrganizationToken = nativeTypeToken("getOrganization");
export const getRolesToken = nativeTypeToken("getRoles");

function connectionOf(config: ConfigSource, label: string): LookupConnection {
  return { lookup: { source: config }, warn: (line) => progressOf(label)(`warning: ${line}`) };
}

/** Checks the argument (nothing is sent when it is invalid), then reads the organization. */
export async function invokeGetOrganization(
  args: unknown,
  config: ConfigSource,
): Promise<LookupOutcome<OrganizationInfo>> {
  const checked = checkGetOrganizationArgs(args);
  if ("problems" in checked) return { problems: checked.problems };
  return { result: await readOrganization(checked.args, connectionOf(config, "getOrganization")) };
}

/** Checks the arguments (nothing is sent when they are invalid), then reads the matching roles. */
export async function invokeGetRoles(
  args: unknown,
  config: ConfigSource,
): Promise<LookupOutcome<RolesResult>> {
  const checked = checkGetRolesArgs(args);
  if ("problems" in checked) return { problems: checked.problems };
  return { result: await readRoles(checked.args, connectionOf(config, "getRoles")) };
}

const text = (description: string): PropertySpec => ({ type: "string", description });
const texts = (description: string): PropertySpec => ({
  type: "array",
  items: { type: "string" },
  description,
});

const organizationInput = text("The organization (uuid); `clickhouse-cloud:organizationId` when left out.");

/** getOrganization's entry in the package schema; its lists' items are named types. */
export function getOrganizationSpec(registry: TypeRegistry): FunctionSpec {
  const endpoint = registry.objectTypeOf("OrganizationPrivateEndpointInfo", {
    description: "A private endpoint registered with the organization, as it shows one.",
    properties: {
      id: text("The cloud provider's id of the endpoint."),
      description: text("The endpoint's description."),
      cloudProvider: text("The cloud the endpoint is in: `aws`, `gcp` or `azure`."),
      region: text("The region of that cloud the endpoint is in."),
    },
    required: ["id"],
  });
  const byoc = registry.objectTypeOf("OrganizationByocInfo", {
    description: "A BYOC (bring your own cloud) configuration of the organization, as it shows one.",
    properties: {
      id: text("The configuration's id."),
      state: text("`infra-ready`, `infra-provisioning` or `infra-terminated`."),
      accountName: text("The cloud account's name."),
      regionId: text("The region where services can be made."),
      cloudProvider: text("The cloud: `aws`, `gcp` or `azure`."),
      displayName: text("The infrastructure's name for people."),
    },
  });
  return {
    description:
      "The organization: its name, when it was made, whether its services may collect crash reports, the " +
      "private endpoints registered with it and its BYOC configurations, as the API shows them (a field the " +
      "API leaves out is left out). Served on both wires.",
    inputs: { properties: { organizationId: organizationInput } },
    outputs: {
      properties: {
        id: text("The organization's uuid."),
        name: text("The organization's name."),
        createdAt: text("When the organization was made (ISO 8601)."),
        enableCoreDumps: {
          type: "boolean",
          description: "Whether the organization's services may collect crash reports (core dumps).",
        },
        tier: text("The organization's tier, when the API shows one."),
        privateEndpoints: {
          type: "array",
          items: endpoint,
          description: "The private endpoints registered with the organization.",
        },
        byocConfig: { type: "array", items: byoc, description: "The organization's BYOC configurations." },
      },
      required: ["id", "privateEndpoints", "byocConfig"],
    },
  };
}

/** getRoles' entry in the package schema; its list items are the named types `RoleInfo` and `RolePolicyInfo`. */
export function getRolesSpec(registry: TypeRegistry): FunctionSpec {
  const tags = registry.objectTypeOf("RolePolicyTagsInfo", {
    description: "What a policy's tags say about a service's databases in the SQL console.",
    properties: {
      grants: texts("The databases the policy grants access to."),
      roleV2: text("The SQL console role the policy gives: `sql-console-readonly` or `sql-console-admin`."),
    },
  });
  const policy = registry.objectTypeOf("RolePolicyInfo", {
    description: "One policy of a role: permissions it allows or denies on resources.",
    properties: {
      id: text("The policy's id."),
      allowDeny: text("`ALLOW` or `DENY`."),
      permissions: texts("The permissions (`control-plane:service:view`, ...)."),
      resources: texts("`organization/<organization id>`, `instance/<service id>` or `instance/*`."),
      tags: { ...tags, description: "The policy's tags, when it has any." },
    },
    required: ["permissions", "resources"],
  });
  const role = registry.objectTypeOf("RoleInfo", {
    description: "A role of the organization, as getRoles reports one.",
    properties: {
      id: text("The role's uuid."),
      name: text("The role's name."),
      type: text("`system` (comes with the organization) or `custom`."),
      actors: texts("Who holds the role: `user/<user id>`, `apiKey/<API key id>`."),
      policies: { type: "array", items: policy, description: "The role's policies." },
      createdAt: text("When the role was made (ISO 8601)."),
    },
    required: ["id", "actors", "policies"],
  });
  return {
    description:
      "The organization's roles, system (such as Admin and Billing) and custom, in the API's " +
      "order, each with its actors and policies as the API shows them; with `name`, only the role of exactly " +
      "that name (none: an empty list). Served on both wires.",
    inputs: {
      properties: {
        name: text("Only the role of exactly this name."),
        organizationId: organizationInput,
      },
    },
    outputs: {
      properties: {
        organizationId: text("The organization (uuid) whose roles these are."),
        roles: { type: "array", items: role, description: "The matching roles, in the API's order." },
      },
      required: ["organizationId", "roles"],
    },
  };
}
