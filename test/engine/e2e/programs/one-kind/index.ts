/**
 * One resource of the kind the stack config names, with the inputs it gives: through the package's class of that
 * kind (`frontEnd: dynamic`) or the native plugin's type token (`frontEnd: native`). Its outputs are the stack's
 * `subject` output.
 */
import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

const config = new pulumi.Config("e2e");
const kind = config.require("kind");
const inputs = config.requireObject<Record<string, unknown>>("inputs");
const outputNames = config.requireObject<string[]>("outputNames");

/** CustomResource is abstract in the SDK's typings; a resource of the plugin needs nothing more. */
class PluginResource extends pulumi.CustomResource {}

type ResourceClass = new (name: string, args: Record<string, unknown>) => pulumi.CustomResource;

function subjectResource(): pulumi.CustomResource {
  if (config.require("frontEnd") === "native") {
    // The SDK gives a CustomResource an output property only for the keys of its props.
    const props = { ...Object.fromEntries(outputNames.map((name) => [name, undefined])), ...inputs };
    return new PluginResource(`clickhouse-cloud:index:${kind}`, "subject", props);
  }
  const classes = chc as unknown as Record<string, ResourceClass>;
  return new classes[kind]("subject", inputs);
}

const resource = subjectResource() as pulumi.CustomResource & Record<string, pulumi.Output<unknown>>;

export const subject = pulumi.output(
  Object.fromEntries(outputNames.map((name) => [name, resource[name]] as const)),
);
