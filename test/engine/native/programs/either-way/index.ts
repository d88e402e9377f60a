/**
 * Resources and getSeries queries served either way: through the package's dynamic-provider classes and
 * getSeries function (stack config `e2e:served` = dynamic) or through the native plugin's types and its getSeries
 * invoke (native). The cases come from stack config `e2e:cases`, each a resource kind (or "Series") with its
 * arguments (often ones the APIs would refuse), so one engine run covers several of them.
 */
import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

type Kind = "ReversePrivateEndpoint" | "ReplicaScaling" | "ApiKey" | "PrivateEndpoint" | "Alert";

interface Case {
  name: string;
  kind: Kind | "Series";
  args: Record<string, unknown>;
}

const config = new pulumi.Config("e2e");
const native = config.require("served") === "native";
const cases = config.requireObject<Case[]>("cases");

/** CustomResource is abstract in the SDK's typings; a resource of the plugin needs nothing more. */
class PluginResource extends pulumi.CustomResource {}

function resource(kind: Kind, name: string, args: Record<string, unknown>): pulumi.CustomResource {
  if (native) return new PluginResource(`clickhouse-cloud:index:${kind}`, name, args);
  // The arguments may be wrong on purpose, so they are passed as they came rather than typed.
  const given = args as never;
  switch (kind) {
    case "ReversePrivateEndpoint":
      return new chc.ReversePrivateEndpoint(name, given);
    case "ReplicaScaling":
      return new chc.ReplicaScaling(name, given);
    case "ApiKey":
      return new chc.ApiKey(name, given);
    case "PrivateEndpoint":
      return new chc.PrivateEndpoint(name, given);
    case "Alert":
      return new chc.Alert(name, given);
  }
}

function series(args: Record<string, unknown>): Promise<unknown> {
  return native
    ? pulumi.runtime.invoke("clickhouse-cloud:index:getSeries", args)
    : chc.getSeries(args as never);
}

/** The id of each resource, by its name. */
export const ids = Object.fromEntries(
  cases.flatMap(({ kind, name, args }) => (kind === "Series" ? [] : [[name, resource(kind, name, args).id]])),
);

/**
 * A failed query fails the program at its first rejection; every query runs, and their errors are reported
 * together (each one's own text, one per line), so one preview shows all of them.
 */
async function allQueries(): Promise<number> {
  const queries = cases.filter((testCase) => testCase.kind === "Series");
  const outcomes = await Promise.allSettled(queries.map((testCase) => series(testCase.args)));
  const errors = outcomes.flatMap((outcome, index) =>
    outcome.status === "rejected" ? [`${queries[index].name}: ${String(outcome.reason)}`] : [],
  );
  if (errors.length > 0) throw new Error(`getSeries failed:\n${errors.join("\n")}`);
  return outcomes.length;
}

export const queries = allQueries();
