/**
 * One API key, first as the package's dynamic-provider class, then (stack config `e2e:served` = native) as the
 * native plugin's type with an alias to the dynamic type, so the engine sees the same resource.
 */
import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

const config = new pulumi.Config("e2e");
const args = { name: config.require("keyName"), roles: ["developer" as const] };

class PluginResource extends pulumi.CustomResource {}

const key =
  config.require("served") === "native"
    ? new PluginResource("clickhouse-cloud:index:ApiKey", "key", args, {
        aliases: [{ type: "pulumi-nodejs:dynamic/clickhouse:ApiKey" }],
      })
    : new chc.ApiKey("key", args);

export const keyUuid = key.id;
