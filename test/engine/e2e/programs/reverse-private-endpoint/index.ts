import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

const config = new pulumi.Config("e2e");
const endpoint = new chc.ReversePrivateEndpoint("endpoint", {
  serviceId: config.require("serviceId"),
  type: "VPC_ENDPOINT_SERVICE",
  vpcEndpointServiceName: "com.amazonaws.vpce.us-east-1.vpce-svc-0123456789",
  description: config.require("description"),
});

export const endpointId = endpoint.id;
export const status = endpoint.status;
export const dnsNames = endpoint.dnsNames;
export const description = endpoint.description;
