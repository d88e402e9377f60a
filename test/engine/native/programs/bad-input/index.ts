/**
 * Inputs the API would refuse, through the native plugin: an API key with a role that does not exist, or a
 * series query whose start is in seconds. Which one runs is chosen by the test through stack config.
 */
import * as pulumi from "@pulumi/pulumi";

const config = new pulumi.Config("e2e");
const badCase = config.require("case");

class PluginResource extends pulumi.CustomResource {}

if (badCase === "resource") {
  new PluginResource("clickhouse-cloud:index:ApiKey", "bad-key", { name: "bad key", roles: ["root"] });
}

export const query =
  badCase === "series"
    ? pulumi.runtime.invokeOutput("clickhouse-cloud:index:getSeries", {
        series: [{ sourceId: config.require("sourceId"), aggFn: "count" }],
        startTime: 1700000000,
        endTime: 1700086400,
      })
    : undefined;
