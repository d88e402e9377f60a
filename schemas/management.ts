/**
 * JSON Schemas of the management API: request bodies (unknown fields rejected) and the `result` objects of
 * the responses (checked only in what the provider uses; extra fields allowed, since the real API adds fields
 * over time).
 */
import type { SchemaObject } from "ajv";
import {
  cloudEndpointId,
  dateTime,
  ipAccessEntryRequest,
  ipAccessEntryResponse,
  nonEmptyString,
  nonEmptyStringArray,
  nullableString,
  requiredWhen,
  ruleKeyword,
} from "./common";
import {
  autoscalingModes,
  apiKeyRoles,
  apiKeyStates,
  mskAuthentications,
  reversePrivateEndpointTypes,
  serviceStateCommands,
  specReversePrivateEndpointTypes,
} from "./enums";
import { limits } from "./limits";
import { assignedRoleIds, assignedRolesAsShown } from "./organizationAccess";

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
  // The API specification marks every field optional, but an endpoint without a type cannot be created.
  required: ["type"],
  properties: {
    description: { type: "string", maxLength: limits.reversePrivateEndpoint.descriptionMaxLength },
    type: { enum: [...specReversePrivateEndpointTypes] },
    vpcEndpointServiceName: nullableString,
    vpcResourceConfigurationId: nullableString,
    vpcResourceShareArn: nullableString,
    mskClusterArn: nullableString,
    mskAuthentication: { enum: [...mskAuthentications, null] },
  },
  allOf: [
    // The API specification doesn't say whether VPC_ENDPOINT_SERVICE needs a service name ("not shown"). It does: such an
    // endpoint is an interface endpoint to that endpoint service, and the real API has nothing to connect to
    // without it, so we reject the request before it is sent rather than fail later at provisioning.
    requiredWhen("type", "VPC_ENDPOINT_SERVICE", ["vpcEndpointServiceName"]),
    requiredWhen("type", "VPC_RESOURCE", ["vpcResourceConfigurationId", "vpcResourceShareArn"]),
    requiredWhen("type", "MSK_MULTI_VPC", ["mskClusterArn", "mskAuthentication"]),
  ],
} as const satisfies SchemaObject;

/**
 * A custom private DNS name of a reverse private endpoint (CustomPrivateDnsMapping.privateDnsName), which "supports
 * exact names and leading wildcard names such as *.example.com": labels of letters, digits and hyphens separated by
 * dots, each 1 to 63 characters neither starting nor ending with a hyphen (RFC 1035, RFC 1123), the last one not all
 * digits (an IPv4 address is no name), with `*.` before them for a wildcard. The OpenAPI gives the field no pattern;
 * a name outside this form could not be the name of a DNS record.
 */
export const privateDnsNamePattern =
  "^(?:\\*\\.)?(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)*(?![0-9]+$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$";

/** The words of the rule above, for the checks of both sides. */
export const privateDnsNameRule =
  "must be a DNS name (labels of letters, digits and hyphens separated by dots, each 1 to 63 characters, not " +
  `starting or ending with a hyphen, ${limits.reversePrivateEndpoint.privateDnsNameMaxLength} characters at most, ` +
  'the last label not all digits) or a wildcard "*." followed by one, e.g. db.example.com or *.example.com';

/**
 * The custom private DNS names of an endpoint, as the production wire sends them (CustomPrivateDnsMapping): each
 * `{privateDnsName}`. Their uniqueness across the service, and their refusal on an MSK multi-VPC endpoint, are
 * rules of stored state and of the endpoint's type, stated by each side in its own words.
 */
const customPrivateDnsMappings = {
  type: "array",
  items: {
    type: "object",
    additionalProperties: false,
    required: ["privateDnsName"],
    properties: {
      privateDnsName: {
        type: "string",
        maxLength: limits.reversePrivateEndpoint.privateDnsNameMaxLength,
        pattern: privateDnsNamePattern,
        [ruleKeyword]: privateDnsNameRule,
      },
    },
  },
} as const;

/**
 * The create of the production wire (CreateReversePrivateEndpoint in ClickHouse Cloud's OpenAPI): also the type
 * GCP_PSC_SERVICE_ATTACHMENT with its `gcpServiceAttachment`, and `customPrivateDnsMappings`.
 */
const reversePrivateEndpointCreateProduction = {
  ...reversePrivateEndpointCreate,
  properties: {
    ...reversePrivateEndpointCreate.properties,
    type: { enum: [...reversePrivateEndpointTypes] },
    gcpServiceAttachment: {
      type: ["string", "null"],
      // The OpenAPI's words: "Format: projects/{project}/regions/{region}/serviceAttachments/{name}".
      pattern: "^projects/[^/\\s]+/regions/[^/\\s]+/serviceAttachments/[^/\\s]+$",
      [ruleKeyword]:
        "must be a GCP service attachment URI: projects/{project}/regions/{region}/serviceAttachments/{name}",
    },
    customPrivateDnsMappings,
  },
  allOf: [
    ...reversePrivateEndpointCreate.allOf,
    requiredWhen("type", "GCP_PSC_SERVICE_ATTACHMENT", ["gcpServiceAttachment"]),
  ],
} as const satisfies SchemaObject;

/**
 * `PATCH .../clickpipesReversePrivateEndpoints/{id}` (UpdateReversePrivateEndpoint): the mappings are "a full
 * replacement list. Use an empty array to clear mappings." The OpenAPI marks nothing required; a PATCH that names
 * nothing to change is refused, as the other PATCHes of this API are here.
 */
const reversePrivateEndpointUpdate = {
  type: "object",
  additionalProperties: false,
  minProperties: 1,
  properties: { customPrivateDnsMappings },
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

const replicaCount = replicaScalingUpdate.properties.numReplicas;

/**
 * The replica-scaling PATCH of the production wire: the specification's fields, and the horizontal mode's
 * `autoscalingMode`, `minReplicas` and `maxReplicas`, as the real API's ServiceReplicaScalingPatchRequest has them.
 * The band goes together and excludes `numReplicas`: rules across fields, which each side states in its own words.
 */
const replicaScalingUpdateProduction = {
  ...replicaScalingUpdate,
  properties: {
    ...replicaScalingUpdate.properties,
    autoscalingMode: { enum: [...autoscalingModes] },
    minReplicas: replicaCount,
    maxReplicas: replicaCount,
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
    // Absent, null or "" all mean "never expires", as the API documents.
    anyOf: [dateTime, { type: "string", maxLength: 0 }, { type: "null" }],
    [ruleKeyword]: "must be an ISO 8601 date-time, or null or empty for a key that never expires",
  },
  state: { enum: [...apiKeyStates] },
  ipAccessList: { type: "array", items: ipAccessEntryRequest },
} as const;

/**
 * Base64 (standard alphabet, padded) of a 32-byte SHA-256 digest: 44 characters, the last one "=". 32 bytes fill
 * 42 characters and 4 bits of the 43rd, whose remaining 2 bits are zero, hence its restricted alphabet.
 */
const sha256Base64 = {
  type: "string",
  pattern: "^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$",
  [ruleKeyword]: 'must be the base64 encoding of a SHA-256 digest (32 bytes: 44 characters ending in "=")',
} as const;

const apiKeyCreate = {
  type: "object",
  additionalProperties: false,
  // The API specification lists no required field; a key needs a name to be told apart and at least one role to be usable.
  required: ["name", "roles"],
  properties: {
    ...apiKeyFields,
    // The API documents each hash as `echo -n "<value>" | sha256sum | xxd -r -p | base64`: the standard base64
    // of the raw 32-byte digest. The key is then returned without keyId and keySecret.
    hashData: {
      type: "object",
      additionalProperties: false,
      required: ["keyIdHash", "keyIdSuffix", "keySecretHash"],
      properties: {
        keyIdHash: sha256Base64,
        keyIdSuffix: {
          type: "string",
          minLength: limits.apiKey.suffixLength,
          maxLength: limits.apiKey.suffixLength,
          [ruleKeyword]: `must be the last ${limits.apiKey.suffixLength} characters of the key id`,
        },
        keySecretHash: sha256Base64,
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

/**
 * The create of the production wire: the real API's ApiKeyPostRequest also takes `assignedRoleIds`, the uuids of the
 * roles the key holds, and marks `roles` deprecated in their favour, so a key may be made with either. Neither is
 * required: ClickHouse's own CLI (clickhousectl) creates keys with `assignedRoleIds` alone.
 */
const apiKeyCreateProduction = {
  ...apiKeyCreate,
  required: ["name"],
  properties: { ...apiKeyCreate.properties, assignedRoleIds },
} as const satisfies SchemaObject;

/** The PATCH of the production wire: the specification's fields and `assignedRoleIds` (ApiKeyPatchRequest). */
const apiKeyUpdateProduction = {
  ...apiKeyUpdate,
  properties: { ...apiKeyFields, assignedRoleIds },
} as const satisfies SchemaObject;

const privateEndpointCreate = {
  type: "object",
  additionalProperties: false,
  required: ["id"],
  properties: {
    id: cloudEndpointId,
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

/*
 * Responses are read for what the provider uses, and nothing else is checked: a field the provider does not use
 * may be absent, null, or of a shape the API adopts later, and never fails a read. Fields the provider uses
 * may be null where their absence is allowed. Unknown fields are always allowed.
 */
const nullableNumber = { type: ["number", "null"] } as const;
const nullableBoolean = { type: ["boolean", "null"] } as const;
const nullableStringArray = { type: ["array", "null"], items: { type: "string" } } as const;

/**
 * A reverse private endpoint: its id and status drive every operation. The other fields are outputs, read as
 * strings or string lists when they are and otherwise left out.
 */
const reversePrivateEndpoint = {
  type: "object",
  required: ["id", "status"],
  properties: {
    id: nonEmptyString,
    status: { type: "string" },
  },
} as const satisfies SchemaObject;

/**
 * The service object. The provider uses the id, the state (to wait for an idle service to run), the scaling settings
 * (ReplicaScaling) and privateEndpointIds (PrivateEndpoint). Real services omit fields that don't apply to them
 * (a service that does not autoscale memory has no memory bounds) and may report them as null.
 */
const service = {
  type: "object",
  required: ["id"],
  properties: {
    id: nonEmptyString,
    state: nullableString,
    minReplicaMemoryGb: nullableNumber,
    maxReplicaMemoryGb: nullableNumber,
    numReplicas: nullableNumber,
    idleScaling: nullableBoolean,
    idleTimeoutMinutes: nullableNumber,
    autoscalingMode: nullableString,
    minReplicas: nullableNumber,
    maxReplicas: nullableNumber,
    privateEndpointIds: nullableStringArray,
  },
} as const satisfies SchemaObject;

/**
 * The `key` object. The provider compares name, roles, state, expireAt and ipAccessList with the inputs;
 * expireAt and usedAt are null for a key that never expires or was never used. Roles are read as strings so
 * that a role added to the API later does not break reading a key. The production wire also shows the roles the key
 * holds (`assignedRoles`).
 */
const apiKey = {
  type: "object",
  required: ["id"],
  properties: {
    id: nonEmptyString,
    name: nullableString,
    roles: nullableStringArray,
    state: nullableString,
    expireAt: nullableString,
    ipAccessList: { type: ["array", "null"], items: ipAccessEntryResponse },
    assignedRoles: assignedRolesAsShown,
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

/** The answer to registering a private endpoint; the provider reads the registration back from the organization. */
const privateEndpoint = { type: "object" } as const satisfies SchemaObject;

/** A service's private endpoint configuration (production wire): what the cloud side of an endpoint connects to. */
const privateEndpointConfig = {
  type: "object",
  required: ["endpointServiceId"],
  properties: {
    endpointServiceId: nonEmptyString,
    privateDnsHostname: nullableString,
  },
} as const satisfies SchemaObject;

/**
 * The organization: the provider checks its name, its crash reports setting, and the id and description of its
 * registered private endpoints; the rest (when it was made, an endpoint's cloud and region, its BYOC
 * configurations) is read field by field where used, so that an answer of another shape fails no read.
 */
const organization = {
  type: "object",
  required: ["id"],
  properties: {
    id: nonEmptyString,
    name: nullableString,
    enableCoreDumps: nullableBoolean,
    privateEndpoints: {
      type: ["array", "null"],
      items: {
        type: "object",
        required: ["id"],
        properties: {
          id: { type: "string" },
          description: nullableString,
        },
      },
    },
  },
} as const satisfies SchemaObject;

export const managementSchemas = {
  reversePrivateEndpointCreate,
  reversePrivateEndpointCreateProduction,
  reversePrivateEndpointUpdate,
  replicaScalingUpdate,
  replicaScalingUpdateProduction,
  apiKeyCreate,
  apiKeyUpdate,
  apiKeyCreateProduction,
  apiKeyUpdateProduction,
  privateEndpointCreate,
  servicePrivateEndpointsPatch,
  serviceStatePatch,
  reversePrivateEndpoint,
  service,
  apiKeyCreateResult,
  apiKey,
  privateEndpoint,
  privateEndpointConfig,
  organization,
} as const;
