/**
 * The scaling rules that depend on the service (seed sections 4.3 and 8), checked after the schema: memory
 * bounds only for production services, the tier caps of provider/schemas/limits.ts, and min <= max once the
 * update is merged with the current values.
 */
import type { ValidationProblem } from "../../../provider/rest/validation";
import { tierLimitProblems } from "../../../provider/schemas/limits";
import type { ServiceRecord } from "../../types";

export interface ScalingUpdate {
  minReplicaMemoryGb?: number;
  maxReplicaMemoryGb?: number;
  numReplicas?: number;
  idleScaling?: boolean;
  idleTimeoutMinutes?: number;
}

const memoryFields = ["minReplicaMemoryGb", "maxReplicaMemoryGb"] as const;

export function scalingProblems(service: ServiceRecord, update: ScalingUpdate): ValidationProblem[] {
  if (service.tier !== "production") {
    const memoryProblems = memoryFields
      .filter((field) => update[field] !== undefined)
      .map((field) => ({
        property: field,
        reason: `${field} can be set only on production services; service ${service.id} is a ${service.tier} service`,
      }));
    if (memoryProblems.length > 0) return memoryProblems;
  }
  const problems = tierLimitProblems(
    // The first service of a warehouse is its primary one.
    { isPaid: service.isPaid, isFirstServiceOfWarehouse: service.isPrimary },
    update,
  );
  const min = update.minReplicaMemoryGb ?? service.minReplicaMemoryGb;
  const max = update.maxReplicaMemoryGb ?? service.maxReplicaMemoryGb;
  const alreadyReported = problems.some((problem) => problem.property === "maxReplicaMemoryGb");
  if (min > max && !alreadyReported) {
    const property = update.maxReplicaMemoryGb !== undefined ? "maxReplicaMemoryGb" : "minReplicaMemoryGb";
    problems.push({
      property,
      reason: `minReplicaMemoryGb (${min}) must not exceed maxReplicaMemoryGb (${max})`,
    });
  }
  return problems;
}

export function applyScaling(service: ServiceRecord, update: ScalingUpdate): void {
  service.minReplicaMemoryGb = update.minReplicaMemoryGb ?? service.minReplicaMemoryGb;
  service.maxReplicaMemoryGb = update.maxReplicaMemoryGb ?? service.maxReplicaMemoryGb;
  service.numReplicas = update.numReplicas ?? service.numReplicas;
  service.idleScaling = update.idleScaling ?? service.idleScaling;
  service.idleTimeoutMinutes = update.idleTimeoutMinutes ?? service.idleTimeoutMinutes;
}
