import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

const config = new pulumi.Config("e2e");
const key = new chc.ApiKey("key", {
  name: config.require("keyName"),
  roles: config.requireObject<chc.ApiKeyArgs["roles"]>("roles"),
  expireAt: config.get("expireAt"),
  rotationTrigger: config.get("rotationTrigger"),
  // Set only by the stack of a key made from the program's own credentials.
  keyId: config.getSecret("keyId"),
  keySecret: config.getSecret("keySecret"),
});

export const keyUuid = key.id;
export const name = key.name;
export const roles = key.roles;
export const state = key.state;
export const keySuffix = key.keySuffix;
export const createdAt = key.createdAt;
export const keyId = key.keyId;
export const keySecret = key.keySecret;
