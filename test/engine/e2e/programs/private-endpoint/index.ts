import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

const config = new pulumi.Config("e2e");
const endpoint = new chc.PrivateEndpoint("endpoint", {
  serviceId: config.require("serviceId"),
  endpointId: config.require("endpointId"),
  description: config.require("description"),
});

export const resourceId = endpoint.id;
export const endpointId = endpoint.endpointId;
export const serviceId = endpoint.serviceId;
export const description = endpoint.description;
export const cloudProvider = endpoint.cloudProvider;
export const region = endpoint.region;
