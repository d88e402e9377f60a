import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

const config = new pulumi.Config("e2e");
// Custom private DNS names (production wire), as a JSON list; left out of the config, the program leaves them out.
const customNames = config.getObject<string[]>("dnsNames");
const endpoint = new chc.ReversePrivateEndpoint("endpoint", {
  serviceId: config.require("serviceId"),
  type: "VPC_ENDPOINT_SERVICE",
  vpcEndpointServiceName: "com.amazonaws.vpce.us-east-1.vpce-svc-0123456789",
  description: config.require("description"),
  ...(customNames === undefined ? {} : { customPrivateDnsNames: customNames }),
});

export const endpointId = endpoint.id;
export const status = endpoint.status;
export const dnsNames = endpoint.dnsNames;
export const customPrivateDnsNames = endpoint.customPrivateDnsNames;
export const description = endpoint.description;
