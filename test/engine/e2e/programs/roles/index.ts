/**
 * A Role with the policies the stack config gives, a new ApiKey, and a RoleAssignment of the key to the role: through
 * the package's classes (`frontEnd: dynamic`) or the native plugin's type tokens (`frontEnd: native`). With
 * `roleActors` set, the Role sets its actors too, which the assignment may not share. With `keyHoldsRole`, the key
 * holds the role by its own `assignedRoleIds` instead, and there is no assignment.
 */
import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

const config = new pulumi.Config("e2e");
const native = config.require("frontEnd") === "native";
const name = config.require("name");
const roleActors = config.getObject<string[]>("roleActors");
const keyHoldsRole = config.getBoolean("keyHoldsRole") ?? false;

/** CustomResource is abstract in the SDK's typings; a resource of the plugin needs nothing more. */
class PluginResource extends pulumi.CustomResource {}

type Outputs = pulumi.CustomResource & Record<string, pulumi.Output<unknown>>;
type ResourceClass = new (name: string, args: Record<string, unknown>) => pulumi.CustomResource;

/** One resource of `kind`; the plugin's resources get an output property for each of `outputs`. */
function resource(
  kind: string,
  resourceName: string,
  inputs: Record<string, unknown>,
  outputs: string[],
): Outputs {
  if (native) {
    const props = { ...Object.fromEntries(outputs.map((output) => [output, undefined])), ...inputs };
    return new PluginResource(`clickhouse-cloud:index:${kind}`, resourceName, props) as Outputs;
  }
  const classes = chc as unknown as Record<string, ResourceClass>;
  return new classes[kind](resourceName, inputs) as Outputs;
}

const role = resource(
  "Role",
  "role",
  {
    name,
    policies: config.requireObject<unknown[]>("policies"),
    ...(roleActors === undefined ? {} : { actors: roleActors }),
  },
  ["policies", "appliedPolicies", "actors"],
);
const key = resource(
  "ApiKey",
  "key",
  { name: `${name} key`, roles: ["developer"], ...(keyHoldsRole ? { assignedRoleIds: [role.id] } : {}) },
  ["keySecret", "assignedRoleIds"],
);
const assignment = keyHoldsRole
  ? undefined
  : resource("RoleAssignment", "assignment", { roleId: role.id, apiKeyId: key.id }, ["actor"]);

export const keyId = key.id;
export const keySecret = key.keySecret;
export const keyRoleIds = key.assignedRoleIds;
export const roleId = role.id;
export const policies = role.policies;
export const appliedPolicies = role.appliedPolicies;
export const actor = assignment?.actor;
