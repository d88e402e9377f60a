import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

const config = new pulumi.Config("e2e");
// Only two settings are managed; the others of the service are left alone.
const scaling = new chc.ReplicaScaling("scaling", {
  serviceId: config.require("serviceId"),
  numReplicas: config.requireNumber("numReplicas"),
  idleTimeoutMinutes: config.requireNumber("idleTimeoutMinutes"),
});

export const resourceId = scaling.id;
export const serviceId = scaling.serviceId;
export const name = scaling.name;
export const numReplicas = scaling.numReplicas;
export const idleTimeoutMinutes = scaling.idleTimeoutMinutes;
export const idleScaling = scaling.idleScaling;
export const maxTotalMemoryGb = scaling.maxTotalMemoryGb;
export const managedFields = scaling.managedFields;
