import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

// Rotate with `pulumi config set rotation 2026-12` and `pulumi up`: a changed trigger replaces the key, and Pulumi
// creates the new key before it deletes the old one, so consumers that read `keyId`/`keySecret` never see a gap.
const config = new pulumi.Config();
const rotation = config.get("rotation") ?? "initial";

const deployKey = new chc.ApiKey("deploy-key", {
  name: `deploy-${rotation}`,
  roles: ["admin"],
  rotationTrigger: rotation,
});

export const keyId = deployKey.keyId;
export const keySecret = deployKey.keySecret;
export const keyName = deployKey.name;
