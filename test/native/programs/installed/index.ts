/** One API key served by whichever clickhouse-cloud plugin the CLI finds installed. */
import * as pulumi from "@pulumi/pulumi";

const config = new pulumi.Config("e2e");

class PluginResource extends pulumi.CustomResource {}

const key = new PluginResource("clickhouse-cloud:index:ApiKey", "key", {
  name: config.require("keyName"),
  roles: ["developer"],
});

export const keyUuid = key.id;
