/**
 * The body fields of the replica-scaling PATCH (`PATCH .../services/{serviceId}/replicaScaling`), in the order the
 * resources that send it list them: a ReplicaScaling's settings and a Service's scaling settings.
 */
export const scalingFields = [
  "minReplicaMemoryGb",
  "maxReplicaMemoryGb",
  "numReplicas",
  "idleScaling",
  "idleTimeoutMinutes",
  "autoscalingMode",
  "minReplicas",
  "maxReplicas",
] as const;
export type ScalingField = (typeof scalingFields)[number];
