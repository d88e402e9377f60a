import * as chc from "pulumi-clickhouse-cloud";

// Settings and ids come from the environment (CLICKHOUSE_* and PACKED_SERVICE_ID), as in a pipeline.
const endpoint = new chc.ReversePrivateEndpoint("endpoint", {
  serviceId: process.env.PACKED_SERVICE_ID ?? "",
  type: "VPC_RESOURCE",
  description: "installed from the tarball",
  vpcResourceConfigurationId: "rcfg-0packed",
  vpcResourceShareArn: "arn:aws:ram:us-east-1:123456789012:resource-share/packed",
});

export const endpointId = endpoint.id;
export const status = endpoint.status;
