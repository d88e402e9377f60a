import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

const config = new pulumi.Config("e2e");
const endpoint = new chc.ReversePrivateEndpoint("endpoint", {
  serviceId: config.require("serviceId"),
  type: "VPC_RESOURCE",
  description: "halfway",
  vpcResourceConfigurationId: "rcfg-0halfway",
  vpcResourceShareArn: "arn:aws:ram:us-east-1:123456789012:resource-share/halfway",
  readyTimeoutSeconds: config.requireNumber("readyTimeoutSeconds"),
});

export const endpointId = endpoint.id;
export const status = endpoint.status;
