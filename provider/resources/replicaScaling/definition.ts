/** The ReplicaScaling resource: the replica auto-scaling settings of an existing service. */
import { organizationIdInput, outputOf, serviceIdInput, stringOutput } from "../support/fields";
import type { InputField, ResourceDefinition } from "../definition";

/** Every scaling setting is managed only when set, and updates in place. */
function scalingSetting(description: string): InputField {
  return { description: `${description} Updates in place.`, change: "update", unsetMeansUnmanaged: true };
}

export const definition: ResourceDefinition = {
  kind: "ReplicaScaling",
  module: "clickhouse",
  description:
    "The replica auto-scaling settings of an existing service. Its outputs are the service object as the last " +
    "PATCH or read returned it.\n\n" +
    "Only the settings the program sets are sent and watched: `refresh` reports drift in them and the next `up` " +
    "restores them, while settings left out are never sent and never reported. A program that sets none sends " +
    "nothing and only reads the service. Creating the resource adopts the service's settings as they are, so no " +
    "import is needed. Deleting it sends nothing and leaves the service's settings as they are. Limits that depend " +
    "on the service (tier caps, the first service of a warehouse, memory only for production services) are checked " +
    "by the API during `up`; the error names the refused setting.",
  notes:
    "id is the service id; only the settings you set are sent and managed; outputs are the whole service object; " +
    "destroy leaves the service's settings as they are",
  id: "The service's uuid (`serviceId`).",
  requestSchema: "replicaScalingUpdate",
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
    idleScaling: {
      ...scalingSetting("Whether the service may scale down to zero when idle (the API's default is true)."),
      default: true,
    },
    idleTimeoutMinutes: scalingSetting(
      "Minimum idle time before the service scales to zero, in whole minutes, at least 5.",
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
    engineVersion: stringOutput("ClickHouse version the service runs."),
    endpoints: {
      description: "Endpoints to connect to the service: protocol, host, port and username.",
      schema: { type: "array" },
      type: { name: "ServiceEndpoint", from: "rest" },
    },
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
    ipAccessList: {
      description: "Addresses allowed to connect to the service.",
      schema: { type: "array" },
      type: { name: "IpAccessListEntry", from: "rest" },
    },
    createdAt: stringOutput("When the service was created (ISO 8601)."),
    encryptionKey: stringOutput("Customer-managed encryption key of the service, if any."),
    encryptionAssumedRoleIdentifier: stringOutput(
      "Role assumed to use the customer-managed encryption key, if any.",
    ),
    iamRole: stringOutput("IAM role of the service, for access to the cloud provider's resources."),
    privateEndpointIds: {
      description: "Private endpoints attached to the service.",
      schema: { type: "array", items: { type: "string" } },
    },
    availablePrivateEndpointIds: {
      description:
        "Private endpoints registered with the organization that could be attached to the service.",
      schema: { type: "array", items: { type: "string" } },
    },
    dataWarehouseId: stringOutput("The warehouse the service belongs to."),
    isPrimary: outputOf("boolean", "Whether the service is the primary (first) service of its warehouse."),
    isReadonly: { description: "Whether the service is read-only.", schema: { type: "boolean" } },
    byocId: stringOutput("The bring-your-own-cloud deployment the service runs in, if any."),
    hasTransparentDataEncryption: outputOf("boolean", "Whether transparent data encryption is enabled."),
    transparentDataEncryptionKeyId: stringOutput("Key used for transparent data encryption, if any."),
    encryptionRoleId: stringOutput("Role used for encryption, if any."),
  },
};
