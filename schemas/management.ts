/**
 * JSON Schemas of the management API: request bodies (unknown fields rejected) and the `result` objects of
 * the responses (extra fields allowed, since the real API adds fields over time).
 */
import type { SchemaObject } from "ajv";
import {
  dateTime,
  ipAccessEntryRequest,
  ipAccessEntryResponse,
  nonEmptyString,
  nonEmptyStringArray,
  nullableDateTime,
  nullableString,
  requiredWhen,
  ruleKeyword,
  stringArray,
} from "./common";
import {
  apiKeyRoles,
  apiKeyStates,
  mskAuthentications,
  reversePrivateEndpointTypes,
  serviceStateCommands,
} from "./enums";
import { limits } from "./limits";

const memory = limits.replicaMemoryGb;
const replicas = limits.numReplicas;

const replicaMemoryGb = {
  type: "number",
  minimum: memory.min,
  maximum: memory.max,
  multipleOf: memory.multipleOf,
  [ruleKeyword]: `must be a multiple of ${memory.multipleOf} between ${memory.min} and ${memory.max}`,
} as const;

const reversePrivateEndpointCreate = {
  type: "object",
  additionalProperties: false,
  // The seed marks every field optional, but an endpoint without a type cannot be created.
  required: ["type"],
  properties: {
    description: { type: "string", maxLength: limits.reversePrivateEndpoint.descriptionMaxLength },
    type: { enum: [...reversePrivateEndpointTypes] },
    vpcEndpointServiceName: nullableString,
    vpcResourceConfigurationId: nullableString,
    vpcResourceShareArn: nullableString,
    mskClusterArn: nullableString,
    mskAuthentication: { enum: [...mskAuthentications, null] },
  },
  allOf: [
    // The seed doesn't say whether VPC_ENDPOINT_SERVICE needs a service name ("not shown"). It does: such an
    // endpoint is an interface endpoint to that endpoint service, and the real API has nothing to connect to
    // without it, so we reject the request before it is sent rather than fail later at provisioning.
    requiredWhen("type", "VPC_ENDPOINT_SERVICE", ["vpcEndpointServiceName"]),
    requiredWhen("type", "VPC_RESOURCE", ["vpcResourceConfigurationId", "vpcResourceShareArn"]),
    requiredWhen("type", "MSK_MULTI_VPC", ["mskClusterArn", "mskAuthentication"]),
  ],
} as const satisfies SchemaObject;

const replicaScalingUpdate = {
  type: "object",
  additionalProperties: false,
  properties: {
    minReplicaMemoryGb: replicaMemoryGb,
    maxReplicaMemoryGb: replicaMemoryGb,
    numReplicas: {
      type: "integer",
      minimum: replicas.min,
      maximum: replicas.max,
      [ruleKeyword]: `must be an integer between ${replicas.min} and ${replicas.max}`,
    },
    idleScaling: { type: "boolean" },
    idleTimeoutMinutes: {
      type: "integer",
      minimum: limits.idleTimeoutMinutes.min,
      [ruleKeyword]: `must be a whole number of minutes of at least ${limits.idleTimeoutMinutes.min}`,
    },
  },
} as const satisfies SchemaObject;

const apiKeyFields = {
  name: nonEmptyString,
  roles: {
    type: "array",
    minItems: limits.apiKey.minRoles,
    uniqueItems: true,
    items: { enum: [...apiKeyRoles] },
  },
  expireAt: {
    // Absent, null or "" all mean "never expires" (seed section 8).
    anyOf: [dateTime, { type: "string", maxLength: 0 }, { type: "null" }],
    [ruleKeyword]: "must be an ISO 8601 date-time, or null or empty for a key that never expires",
  },
  state: { enum: [...apiKeyStates] },
  ipAccessList: { type: "array", items: ipAccessEntryRequest },
} as const;

const apiKeyCreate = {
  type: "object",
  additionalProperties: false,
  // The seed lists no required field; a key needs a name to be told apart and at least one role to be usable.
  required: ["name", "roles"],
  properties: {
    ...apiKeyFields,
    hashData: {
      type: "object",
      additionalProperties: false,
      required: ["keyIdHash", "keyIdSuffix", "keySecretHash"],
      properties: {
        keyIdHash: { type: "string" },
        keyIdSuffix: { type: "string" },
        keySecretHash: { type: "string" },
      },
    },
  },
} as const satisfies SchemaObject;

/** PATCH of a key: the create fields minus hashData (which cannot change), all optional but not none. */
const apiKeyUpdate = {
  type: "object",
  additionalProperties: false,
  minProperties: 1,
  properties: apiKeyFields,
} as const satisfies SchemaObject;

const privateEndpointCreate = {
  type: "object",
  additionalProperties: false,
  required: ["id"],
  properties: {
    id: nonEmptyString,
    description: { type: "string" },
  },
} as const satisfies SchemaObject;

const servicePrivateEndpointsPatch = {
  type: "object",
  additionalProperties: false,
  required: ["privateEndpointIds"],
  properties: {
    privateEndpointIds: {
      type: "object",
      additionalProperties: false,
      minProperties: 1,
      properties: {
        add: nonEmptyStringArray,
        remove: nonEmptyStringArray,
      },
    },
  },
} as const satisfies SchemaObject;

/** `PATCH .../services/{serviceId}/state`: start, stop, or wake an idle service. */
const serviceStatePatch = {
  type: "object",
  additionalProperties: false,
  required: ["command"],
  properties: { command: { enum: [...serviceStateCommands] } },
} as const satisfies SchemaObject;

const reversePrivateEndpoint = {
  type: "object",
  required: ["id", "serviceId", "endpointId", "dnsNames", "privateDnsNames", "status"],
  properties: {
    id: { type: "string", format: "uuid" },
    serviceId: { type: "string", format: "uuid" },
    endpointId: { type: "string" },
    dnsNames: stringArray,
    privateDnsNames: stringArray,
    status: { type: "string" },
    description: nullableString,
    type: { enum: [...reversePrivateEndpointTypes] },
    vpcEndpointServiceName: nullableString,
    vpcResourceConfigurationId: nullableString,
    vpcResourceShareArn: nullableString,
    mskClusterArn: nullableString,
    mskAuthentication: { enum: [...mskAuthentications, null] },
  },
} as const satisfies SchemaObject;

/**
 * Seed 2.2. Only id and name are required: real services omit fields that don't apply to them (a service
 * without BYOC has no byocId, one without customer keys no encryptionKey) and may report them as null.
 */
const service = {
  type: "object",
  required: ["id", "name"],
  properties: {
    id: { type: "string", format: "uuid" },
    name: { type: "string" },
    engineVersion: { type: "string" },
    endpoints: {
      type: "array",
      items: {
        type: "object",
        properties: {
          protocol: { type: "string" },
          host: { type: "string" },
          port: { type: "number" },
          username: nullableString,
        },
      },
    },
    minTotalMemoryGb: { type: "number" },
    maxTotalMemoryGb: { type: "number" },
    minReplicaMemoryGb: { type: "number" },
    maxReplicaMemoryGb: { type: "number" },
    numReplicas: { type: "number" },
    idleScaling: { type: "boolean" },
    idleTimeoutMinutes: { type: "number" },
    ipAccessList: { type: "array", items: ipAccessEntryResponse },
    createdAt: dateTime,
    encryptionKey: nullableString,
    encryptionAssumedRoleIdentifier: nullableString,
    iamRole: nullableString,
    privateEndpointIds: stringArray,
    availablePrivateEndpointIds: stringArray,
    dataWarehouseId: nullableString,
    isPrimary: { type: "boolean" },
    isReadonly: { type: "boolean" },
    byocId: nullableString,
    hasTransparentDataEncryption: { type: "boolean" },
    transparentDataEncryptionKeyId: nullableString,
    encryptionRoleId: nullableString,
  },
} as const satisfies SchemaObject;

/** The `key` object; expireAt and usedAt are null for a key that never expires or was never used. */
const apiKey = {
  type: "object",
  required: ["id", "name", "roles", "keySuffix", "createdAt"],
  properties: {
    id: { type: "string", format: "uuid" },
    name: { type: "string" },
    roles: { type: "array", items: { enum: [...apiKeyRoles] } },
    keySuffix: { type: "string" },
    state: { enum: [...apiKeyStates] },
    createdAt: dateTime,
    expireAt: nullableDateTime,
    usedAt: nullableDateTime,
    ipAccessList: { type: "array", items: ipAccessEntryResponse },
  },
} as const satisfies SchemaObject;

/** keyId and keySecret are optional: they are returned only when no hashData was sent. */
const apiKeyCreateResult = {
  type: "object",
  required: ["key"],
  properties: {
    key: apiKey,
    keyId: { type: "string" },
    keySecret: { type: "string" },
  },
} as const satisfies SchemaObject;

const privateEndpoint = {
  type: "object",
  required: ["id"],
  properties: {
    id: { type: "string" },
    description: nullableString,
  },
} as const satisfies SchemaObject;

const organization = {
  type: "object",
  required: ["id", "name"],
  properties: {
    id: { type: "string", format: "uuid" },
    name: { type: "string" },
    privateEndpoints: {
      type: "array",
      items: {
        type: "object",
        required: ["id"],
        properties: {
          id: { type: "string" },
          description: nullableString,
          cloudProvider: { type: "string" },
          region: { type: "string" },
        },
      },
    },
  },
} as const satisfies SchemaObject;

export const managementSchemas = {
  reversePrivateEndpointCreate,
  replicaScalingUpdate,
  apiKeyCreate,
  apiKeyUpdate,
  privateEndpointCreate,
  servicePrivateEndpointsPatch,
  serviceStatePatch,
  reversePrivateEndpoint,
  service,
  apiKeyCreateResult,
  apiKey,
  privateEndpoint,
  organization,
} as const;
