/** The ReplicaScaling resource: the replica auto-scaling settings of an existing service. */
import { organizationIdInput, outputOf, serviceIdInput, stringOutput } from "../fields/sharedFields";
import type { InputField, ResourceDefinition } from "../definition";
import { horizontalBand, noHorizontalModeOnSpecWire } from "./rules";
import { scalingSetTwice } from "../service/scalingOwners";

/** Every scaling setting is managed only when set, and updates in place. */
function scalingSetting(description: string): InputField {
  return { description: `${description} Updates in place.`, change: "update", unsetMeansUnmanaged: true };
}

export const definition: ResourceDefinition<"replicaScalingUpdateProduction"> = {
  kind: "ReplicaScaling",
  module: "clickhouse",
  description:
    "The replica auto-scaling settings of an existing service. Its outputs are the service's scaling settings " +
    "as the last PATCH or read returned them, with the service's name and whether it is its warehouse's primary " +
    "service; the service's other fields (endpoints, IP access list, encryption) belong to whatever manages the " +
    "service, and are left out so that changes to them never show up as changes to this resource.\n\n" +
    "Only the settings the program sets are sent and watched: `refresh` reports drift in them and the next `up` " +
    "restores them, while settings left out are never sent and never reported. A program that sets none sends " +
    "nothing and only reads the service. Creating the resource adopts the service's settings as they are, so no " +
    "import is needed. Deleting it sends nothing and leaves the service's settings as they are. Limits that depend " +
    "on the service (tier caps, the first service of a warehouse, memory only for production services) are checked " +
    "by the API during `up`; the error names the refused setting.",
  notes:
    "id is the service id; only the settings you set are sent and managed; outputs are the service's scaling settings as it reports them; " +
    "destroy leaves the service's settings as they are",
  id: "The service's uuid (`serviceId`).",
  // The production wire's PATCH: the specification's fields and the horizontal mode's, which only that wire takes.
  requestSchema: "replicaScalingUpdateProduction",
  inputs: {
    serviceId: serviceIdInput(
      "The service (uuid) whose scaling settings are managed; it must already exist. Changing it replaces the resource.",
    ),
    minReplicaMemoryGb: scalingSetting(
      "Minimum auto-scaling memory of one replica, in GB: a multiple of 4 between 8 and 356, at most " +
        "maxReplicaMemoryGb. Production services only (the API refuses it for others).",
    ),
    maxReplicaMemoryGb: scalingSetting(
      "Maximum auto-scaling memory of one replica, in GB: a multiple of 4 between 8 and 356; the API allows at most " +
        "120 for services that are not on a paid tier. Production services only.",
    ),
    numReplicas: scalingSetting(
      "Number of replicas, 1 to 20. The API requires 2 to 20 for the first service of a warehouse; services created " +
        "in an existing warehouse may have 1.",
    ),
    idleScaling: scalingSetting(
      "Whether the service may scale down to zero when idle (the API's default is true).",
    ),
    idleTimeoutMinutes: scalingSetting(
      "Minimum idle time before the service scales to zero, in whole minutes, at least 5.",
    ),
    autoscalingMode: {
      ...scalingSetting(
        "How the service scales (production wire only): `vertical` keeps numReplicas and scales memory between " +
          "the two memory bounds; `horizontal` keeps one memory size per replica (the two bounds equal) and scales " +
          "the count between minReplicas and maxReplicas.",
      ),
      type: { name: "AutoscalingMode", from: "../schemas" },
    },
    minReplicas: scalingSetting(
      "Fewest replicas of horizontal autoscaling, 1 to 20 (production wire only); set with maxReplicas, never with " +
        "numReplicas.",
    ),
    maxReplicas: scalingSetting(
      "Most replicas of horizontal autoscaling, 1 to 20 and at least minReplicas (production wire only); set with " +
        "minReplicas, never with numReplicas.",
    ),
    organizationId: organizationIdInput,
  },
  outputs: {
    serviceId: stringOutput("The service (uuid): the resource id as well.", { alwaysSet: true }),
    organizationId: stringOutput("The organization (uuid) that owns the service.", { alwaysSet: true }),
    managedFields: {
      description:
        "The scaling settings this resource manages (those the program sets), in the order of the API's body.",
      schema: { type: "array", items: { type: "string" } },
      alwaysSet: true,
    },
    name: stringOutput("Name of the service.", { alwaysSet: true }),
    minTotalMemoryGb: outputOf("number", "Minimum auto-scaling memory of the whole service, in GB."),
    maxTotalMemoryGb: outputOf("number", "Maximum auto-scaling memory of the whole service, in GB."),
    minReplicaMemoryGb: outputOf(
      "number",
      "Minimum auto-scaling memory of one replica, in GB, as the service reports it.",
    ),
    maxReplicaMemoryGb: outputOf(
      "number",
      "Maximum auto-scaling memory of one replica, in GB, as the service reports it.",
    ),
    numReplicas: outputOf("number", "Number of replicas, as the service reports it."),
    idleScaling: outputOf(
      "boolean",
      "Whether the service may scale down to zero when idle, as the service reports it.",
    ),
    idleTimeoutMinutes: outputOf(
      "number",
      "Minimum idle time before scaling to zero, in minutes, as the service reports it.",
    ),
    autoscalingMode: stringOutput(
      "How the service scales, `vertical` or `horizontal`, as the service reports it (production wire only).",
    ),
    minReplicas: outputOf("number", "Fewest replicas of horizontal autoscaling, as the service reports it."),
    maxReplicas: outputOf("number", "Most replicas of horizontal autoscaling, as the service reports it."),
    isPrimary: outputOf(
      "boolean",
      "Whether the service is the primary (first) service of its warehouse, whose numReplicas must be 2 to 20.",
    ),
  },
  rules: [scalingSetTwice],
  dialectRules: { spec: [noHorizontalModeOnSpecWire], production: [horizontalBand] },
};
