/**
 * Two API keys in two organizations from one program: one through the default provider (the stack's
 * `clickhouse-cloud:*` config), one through an explicit provider with its own endpoint and credentials. The second
 * key is made from credentials the program chooses and leaves unmarked: the plugin must keep them secret anyway.
 */
import * as pulumi from "@pulumi/pulumi";

const config = new pulumi.Config("e2e");

/** CustomResource is abstract in the SDK's typings; a resource of the plugin needs nothing more. */
class PluginResource extends pulumi.CustomResource {
  declare readonly organizationId: pulumi.Output<string>;
}

/** ProviderResource is abstract in the SDK's typings too. */
class PluginProvider extends pulumi.ProviderResource {}

const second = new PluginProvider("clickhouse-cloud", "second-organization", {
  apiUrl: config.require("secondApiUrl"),
  organizationId: config.require("secondOrganizationId"),
  tokenKey: config.require("secondTokenKey"),
  tokenSecret: config.requireSecret("secondTokenSecret"),
  throttle: "off",
});

const first = new PluginResource("clickhouse-cloud:index:ApiKey", "first-key", {
  name: config.require("keyName"),
  roles: ["developer"],
  organizationId: undefined,
});

const own = new PluginResource(
  "clickhouse-cloud:index:ApiKey",
  "second-key",
  {
    name: config.require("keyName"),
    roles: ["query_endpoints"],
    keyId: config.require("ownKeyId"),
    keySecret: config.require("ownKeySecret"),
    organizationId: undefined,
  },
  { provider: second },
);

export const firstKeyUuid = first.id;
export const firstOrganization = first.organizationId;
export const secondKeyUuid = own.id;
export const secondOrganization = own.organizationId;
