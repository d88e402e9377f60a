/**
 * Rules of ReplicaScaling inputs that belong to one wire. The horizontal mode (`autoscalingMode`, `minReplicas`,
 * `maxReplicas`) exists on the production wire only (ClickHouse Cloud's OpenAPI specification,
 * ServiceReplicaScalingPatchRequest), where the band goes together, excludes `numReplicas`, and runs low to high.
 */
import type { ValidationProblem } from "../../validation/validate";
import type { PropertyBag } from "../../propertyBags";

export const horizontalModeInputs = ["autoscalingMode", "minReplicas", "maxReplicas"] as const;

const isSet = (value: unknown) => value !== undefined && value !== null;

/** The specification's PATCH has no horizontal mode: its inputs are refused, naming the setting that enables them. */
export function noHorizontalModeOnSpecWire(inputs: PropertyBag): ValidationProblem[] {
  return horizontalModeInputs
    .filter((name) => isSet(inputs[name]))
    .map((name) => ({
      property: name,
      reason:
        `${name} is an input of the production wire: the specification's replica scaling PATCH has no such field; ` +
        `set clickhouse:apiDialect to production (the default for api.clickhouse.cloud), or remove ${name}`,
    }));
}

/** The replica band of the horizontal mode, as the production wire checks it. */
export function horizontalBand(inputs: PropertyBag): ValidationProblem[] {
  const [min, max, count] = [inputs.minReplicas, inputs.maxReplicas, inputs.numReplicas];
  if (isSet(count) && (isSet(min) || isSet(max))) {
    const band = isSet(min) ? "minReplicas" : "maxReplicas";
    return [
      {
        property: "numReplicas",
        reason: `numReplicas cannot be set with ${band}: a fixed count and a band exclude each other; remove one`,
      },
    ];
  }
  if (isSet(min) !== isSet(max)) {
    const missing = isSet(min) ? "maxReplicas" : "minReplicas";
    return [{ property: missing, reason: "minReplicas and maxReplicas must be set together" }];
  }
  if (typeof min === "number" && typeof max === "number" && min > max) {
    return [
      { property: "maxReplicas", reason: `maxReplicas must be at least minReplicas (${min}); got ${max}` },
    ];
  }
  const [low, high] = [inputs.minReplicaMemoryGb, inputs.maxReplicaMemoryGb];
  if (
    inputs.autoscalingMode === "horizontal" &&
    typeof low === "number" &&
    typeof high === "number" &&
    low !== high
  ) {
    return [
      {
        property: "maxReplicaMemoryGb",
        reason: `in horizontal autoscaling each replica has one memory size: maxReplicaMemoryGb must equal minReplicaMemoryGb (${low}); got ${high}`,
      },
    ];
  }
  return [];
}
