/**
 * Inputs the APIs would refuse, the same ones served either way: through the package's dynamic-provider classes
 * and getSeries function (stack config `e2e:served` = dynamic) or through the native plugin's types and its
 * getSeries invoke (native). The cases come from stack config `e2e:cases`, each a resource kind (or "Series")
 * with its arguments, so one preview shows the engine's errors for all of them.
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

function resource(kind: Kind, name: string, args: Record<string, unknown>): void {
  if (native) {
    new PluginResource(`clickhouse-cloud:index:${kind}`, name, args);
    return;
  }
  // The arguments are deliberately wrong, so they are passed as they came rather than typed.
  const given = args as never;
  switch (kind) {
    case "ReversePrivateEndpoint":
      new chc.ReversePrivateEndpoint(name, given);
      return;
    case "ReplicaScaling":
      new chc.ReplicaScaling(name, given);
      return;
    case "ApiKey":
      new chc.ApiKey(name, given);
      return;
    case "PrivateEndpoint":
      new chc.PrivateEndpoint(name, given);
      return;
    case "Alert":
      new chc.Alert(name, given);
      return;
  }
}

function series(args: Record<string, unknown>): Promise<unknown> {
  return native
    ? pulumi.runtime.invoke("clickhouse-cloud:index:getSeries", args)
    : chc.getSeries(args as never);
}

for (const { kind, name, args } of cases) if (kind !== "Series") resource(kind, name, args);

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
