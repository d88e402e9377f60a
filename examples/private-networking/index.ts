import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

const config = new pulumi.Config();
const serviceId = config.require("serviceId");

// Outbound: the service reaches into customer networks through reverse private endpoints, one of each type.
const endpointService = new chc.ReversePrivateEndpoint("postgres-vpce", {
  serviceId,
  type: "VPC_ENDPOINT_SERVICE",
  description: "CDC source: orders Postgres",
  vpcEndpointServiceName: "com.amazonaws.vpce.us-east-1.vpce-svc-0f1e2d3c4b5a69788",
});

const vpcResource = new chc.ReversePrivateEndpoint("s3-gateway", {
  serviceId,
  type: "VPC_RESOURCE",
  description: "object store behind a VPC resource gateway",
  vpcResourceConfigurationId: "rcfg-0123456789abcdef0",
  vpcResourceShareArn:
    "arn:aws:ram:us-east-1:123456789012:resource-share/7ab63972-b505-4e2a-9e8d-2b7c1f0e6d5a",
});

const msk = new chc.ReversePrivateEndpoint("events-msk", {
  serviceId,
  type: "MSK_MULTI_VPC",
  description: "events topic",
  mskClusterArn: "arn:aws:kafka:us-east-1:123456789012:cluster/events/0c6e1f0a-3f3a-4b8e-9d2c-5e6f7a8b9c0d-2",
  mskAuthentication: "SASL_SCRAM",
});

// Inbound: the application VPC's endpoint is registered with the organization and attached to the service.
const inbound = new chc.PrivateEndpoint("app-vpc", {
  serviceId,
  endpointId: "vpce-0123456789abcdef0",
  description: "application VPC (us-east-1)",
});

export const reversePrivateEndpoints = {
  vpcEndpointService: endpointService.dnsNames,
  vpcResource: vpcResource.dnsNames,
  mskMultiVpc: msk.dnsNames,
};
export const endpointStatuses = [endpointService.status, vpcResource.status, msk.status];
export const privateEndpointId = inbound.endpointId;
