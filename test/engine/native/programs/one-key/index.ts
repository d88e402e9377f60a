/** One API key through the native plugin, whatever its configuration; driven by the tests through stack config. */
import * as pulumi from "@pulumi/pulumi";

const config = new pulumi.Config("e2e");

class PluginResource extends pulumi.CustomResource {}

const key = new PluginResource("clickhouse-cloud:index:ApiKey", "key", {
  name: config.require("keyName"),
  roles: ["developer"],
});

export const keyUuid = key.id;
