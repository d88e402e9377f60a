/**
 * The scaling rules that depend on the service, checked after the body's schema: memory bounds only on
 * production services, at most 120 GB per replica on a non-paid service (356 on a paid one), 2..20 replicas
 * for the first service of a warehouse, and min <= max once the update is merged with the current values.
 */
import { limits } from "../../schemas";
import type { ServiceRecord } from "../state/types";
import type { Problem } from "./problems";

export interface ScalingUpdate {
  minReplicaMemoryGb?: number;
  maxReplicaMemoryGb?: number;
  numReplicas?: number;
  idleScaling?: boolean;
  idleTimeoutMinutes?: number;
  /** Production wire only, as the next three. */
  autoscalingMode?: "vertical" | "horizontal";
  minReplicas?: number;
  maxReplicas?: number;
}

/**
 * The horizontal mode's rules (production wire): the band comes whole, never with a fixed count, low end first; a
 * horizontal service scales its count at one memory size per replica.
 */
export function horizontalProblems(service: ServiceRecord, update: ScalingUpdate): Problem[] {
  const { minReplicas, maxReplicas } = update;
  if (update.numReplicas !== undefined && (minReplicas !== undefined || maxReplicas !== undefined)) {
    return [{ property: "numReplicas", message: "cannot be combined with minReplicas and maxReplicas" }];
  }
  if ((minReplicas === undefined) !== (maxReplicas === undefined)) {
    const missing = minReplicas === undefined ? "minReplicas" : "maxReplicas";
    return [{ property: missing, message: "minReplicas and maxReplicas must be provided together" }];
  }
  if (minReplicas !== undefined && maxReplicas !== undefined && minReplicas > maxReplicas) {
    return [
      {
        property: "maxReplicas",
        message: `must be at least minReplicas (${minReplicas}); got ${maxReplicas}`,
      },
    ];
  }
  const horizontal = (update.autoscalingMode ?? modeOf(service)) === "horizontal";
  const min = update.minReplicaMemoryGb ?? service.minReplicaMemoryGb;
  const max = update.maxReplicaMemoryGb ?? service.maxReplicaMemoryGb;
  if (horizontal && min !== max) {
    return [
      {
        property: "maxReplicaMemoryGb",
        message: `must equal minReplicaMemoryGb in horizontal autoscaling; got ${min} and ${max}`,
      },
    ];
  }
  return [];
}

function modeOf(service: ServiceRecord): "vertical" | "horizontal" {
  return service.horizontal === undefined ? "vertical" : "horizontal";
}

const memoryFields = ["minReplicaMemoryGb", "maxReplicaMemoryGb"] as const;

export function scalingProblems(service: ServiceRecord, update: ScalingUpdate): Problem[] {
  if (service.tier !== "production") {
    const memoryProblems = memoryFields
      .filter((field) => update[field] !== undefined)
      .map((field) => ({
        property: field,
        message: `can be set only on production services; service ${service.id} is a ${service.tier} service`,
      }));
    if (memoryProblems.length > 0) return memoryProblems;
  }
  const problems: Problem[] = [];
  const maxMemory = service.isPaid
    ? limits.replicaMemoryGb.maxForPaidService
    : limits.replicaMemoryGb.maxForNonPaidService;
  if (update.maxReplicaMemoryGb !== undefined && update.maxReplicaMemoryGb > maxMemory) {
    problems.push({
      property: "maxReplicaMemoryGb",
      message: `must be at most ${maxMemory} for a ${service.isPaid ? "paid" : "non-paid"} service; got ${update.maxReplicaMemoryGb}`,
    });
  }
  // The first service of a warehouse is its primary one.
  const minReplicas = service.isPrimary
    ? limits.numReplicas.minForFirstServiceOfWarehouse
    : limits.numReplicas.min;
  if (update.numReplicas !== undefined && update.numReplicas < minReplicas) {
    problems.push({
      property: "numReplicas",
      message: `must be between ${minReplicas} and ${limits.numReplicas.max} for the first service of a warehouse; got ${update.numReplicas}`,
    });
  }
  const min = update.minReplicaMemoryGb ?? service.minReplicaMemoryGb;
  const max = update.maxReplicaMemoryGb ?? service.maxReplicaMemoryGb;
  if (min > max && !problems.some((problem) => problem.property === "maxReplicaMemoryGb")) {
    problems.push({
      property: update.maxReplicaMemoryGb !== undefined ? "maxReplicaMemoryGb" : "minReplicaMemoryGb",
      message: `minReplicaMemoryGb (${min}) must not exceed maxReplicaMemoryGb (${max})`,
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
  const mode = update.autoscalingMode ?? modeOf(service);
  if (mode === "vertical") {
    delete service.horizontal;
    return;
  }
  const band = service.horizontal ?? { minReplicas: service.numReplicas, maxReplicas: service.numReplicas };
  service.horizontal = {
    minReplicas: update.minReplicas ?? band.minReplicas,
    maxReplicas: update.maxReplicas ?? band.maxReplicas,
  };
}
