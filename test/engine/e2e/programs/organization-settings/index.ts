/**
 * An OrganizationSettings with the inputs the stack config gives (`settings`), through the package's classes
 * (`frontEnd: dynamic`) or the native plugin's type tokens (`frontEnd: native`). With `second` set, a second
 * OrganizationSettings of the same organization; with `attached` (`{serviceId, endpointId}`), a PrivateEndpoint:
 * both for the checks that refuse them at preview.
 */
import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

const config = new pulumi.Config("e2e");
const native = config.require("frontEnd") === "native";

/** CustomResource is abstract in the SDK's typings; a resource of the plugin needs nothing more. */
class PluginResource extends pulumi.CustomResource {}

type Outputs = pulumi.CustomResource & Record<string, pulumi.Output<unknown>>;
type ResourceClass = new (name: string, args: Record<string, unknown>) => pulumi.CustomResource;

const outputNames = ["organizationId", "name", "enableCoreDumps", "privateEndpoints", "createdAt"];

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

const settings = resource(
  "OrganizationSettings",
  "settings",
  config.requireObject<Record<string, unknown>>("settings"),
  outputNames,
);
const second = config.getObject<Record<string, unknown>>("second");
if (second !== undefined) resource("OrganizationSettings", "second", second, outputNames);
const attached = config.getObject<Record<string, unknown>>("attached");
if (attached !== undefined) resource("PrivateEndpoint", "attached", attached, []);

export const subject = pulumi.output(
  Object.fromEntries(outputNames.map((name) => [name, settings[name]] as const)),
);
