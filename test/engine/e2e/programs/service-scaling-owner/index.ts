/** A Service and a ReplicaScaling on it; the stack config gives each its scaling settings (JSON objects). */
import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

const config = new pulumi.Config("e2e");

const service = new chc.Service("service", {
  name: config.require("name"),
  provider: "aws",
  region: "eu-central-1",
  ...config.requireObject<Record<string, number>>("serviceScaling"),
});

const scaling = new chc.ReplicaScaling("scaling", {
  serviceId: service.id,
  ...config.requireObject<Record<string, number>>("replicaScaling"),
});

export const serviceId = service.id;
export const numReplicas = scaling.numReplicas;
export const idleTimeoutMinutes = scaling.idleTimeoutMinutes;
