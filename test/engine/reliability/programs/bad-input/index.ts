import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

/** One case of the table: a resource kind (or "Series" for getSeries) and its arguments, as JSON. */
interface Case {
  kind: "ReversePrivateEndpoint" | "ReplicaScaling" | "ApiKey" | "PrivateEndpoint" | "Alert" | "Series";
  args: Record<string, unknown>;
}

const testCase = new pulumi.Config("e2e").requireObject<Case>("case");

function build(): pulumi.Output<unknown> {
  // The arguments are deliberately wrong, so they are passed as they came rather than typed.
  const args = testCase.args as never;
  switch (testCase.kind) {
    case "ReversePrivateEndpoint":
      return new chc.ReversePrivateEndpoint("subject", args).id;
    case "ReplicaScaling":
      return new chc.ReplicaScaling("subject", args).id;
    case "ApiKey":
      return new chc.ApiKey("subject", args).id;
    case "PrivateEndpoint":
      return new chc.PrivateEndpoint("subject", args).id;
    case "Alert":
      return new chc.Alert("subject", args).id;
    case "Series":
      return chc.getSeriesOutput(args).apply((result) => result.rows.length);
  }
}

export const subject = build();
