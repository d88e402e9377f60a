/**
 * JSON Schemas of a service's own operations on the management API, as ClickHouse Cloud's published OpenAPI states
 * them: the create (ServicePostRequest), the basic-details PATCH (ServicePatchRequest), the password PATCH, and the
 * answers the provider reads. Requests reject unknown fields; answers are checked only in what the provider uses.
 */
import type { SchemaObject } from "ajv";
import {
  ipAccessEntryRequest,
  ipAccessEntryResponse,
  nonEmptyString,
  nullableString,
  ruleKeyword,
} from "./common";
import {
  serviceCloudProviders,
  serviceComplianceTypes,
  serviceProfiles,
  serviceRegions,
  serviceReleaseChannels,
  serviceTiers,
  switchableServiceEndpoints,
} from "./enums";
import { limits } from "./limits";
import { managementSchemas } from "./management";

const serviceLimits = limits.service;

const serviceName = {
  type: "string",
  minLength: 1,
  maxLength: serviceLimits.nameMaxLength,
  [ruleKeyword]: `must be 1 to ${serviceLimits.nameMaxLength} characters`,
} as const;

const tag = {
  type: "object",
  additionalProperties: false,
  required: ["key"],
  properties: {
    key: {
      type: "string",
      minLength: 1,
      maxLength: serviceLimits.tagKeyMaxLength,
      pattern: serviceLimits.tagPattern,
      [ruleKeyword]: `must be 1 to ${serviceLimits.tagKeyMaxLength} letters, digits, dots, dashes or underscores`,
    },
    value: {
      type: "string",
      minLength: 1,
      maxLength: serviceLimits.tagValueMaxLength,
      pattern: serviceLimits.tagPattern,
      [ruleKeyword]: `must be 1 to ${serviceLimits.tagValueMaxLength} letters, digits, dots, dashes or underscores`,
    },
  },
} as const;

const tags = { type: "array", maxItems: serviceLimits.maxTags, items: tag } as const;

const endpointChanges = {
  type: "array",
  items: {
    type: "object",
    additionalProperties: false,
    required: ["protocol", "enabled"],
    properties: {
      protocol: { enum: [...switchableServiceEndpoints] },
      enabled: { type: "boolean" },
    },
  },
} as const;

/** `{add, remove}` of a list: the API removes first, then adds. */
function addRemove<Item extends SchemaObject>(items: Item) {
  return {
    type: "object",
    additionalProperties: false,
    minProperties: 1,
    properties: {
      add: { type: "array", items },
      remove: { type: "array", items },
    },
  } as const;
}

const scaling = managementSchemas.replicaScalingUpdateProduction.properties;

/** `POST .../services`: the fields a user sets when making a service (ServicePostRequest). */
const serviceCreate = {
  type: "object",
  additionalProperties: false,
  // The published API lists no required field; a service cannot be placed without a name, a cloud and a region.
  required: ["name", "provider", "region"],
  properties: {
    name: serviceName,
    provider: { enum: [...serviceCloudProviders] },
    region: { enum: [...serviceRegions] },
    tier: { enum: [...serviceTiers] },
    ipAccessList: { type: "array", items: ipAccessEntryRequest },
    ...scaling,
    isReadonly: { type: "boolean" },
    dataWarehouseId: nonEmptyString,
    backupId: { type: "string", format: "uuid" },
    encryptionKey: nonEmptyString,
    encryptionAssumedRoleIdentifier: nonEmptyString,
    releaseChannel: { enum: [...serviceReleaseChannels] },
    byocId: nonEmptyString,
    hasTransparentDataEncryption: { type: "boolean" },
    endpoints: endpointChanges,
    profile: { enum: [...serviceProfiles] },
    complianceType: { enum: [...serviceComplianceTypes] },
    tags,
    enableCoreDumps: { type: "boolean" },
  },
} as const satisfies SchemaObject;

/** `PATCH .../services/{serviceId}`: the basic details (ServicePatchRequest); lists change by add and remove. */
const servicePatch = {
  type: "object",
  additionalProperties: false,
  minProperties: 1,
  properties: {
    name: serviceName,
    ipAccessList: addRemove(ipAccessEntryRequest),
    privateEndpointIds: addRemove(nonEmptyString),
    releaseChannel: { enum: [...serviceReleaseChannels] },
    endpoints: endpointChanges,
    transparentDataEncryptionKeyId: nonEmptyString,
    tags: { ...addRemove(tag), properties: { add: tags, remove: tags } },
    enableCoreDumps: { type: "boolean" },
  },
} as const satisfies SchemaObject;

/**
 * `PATCH .../services/{serviceId}/password`: a hash of the new password (SHA-256, base64) and, for the MySQL
 * protocol, its double SHA-1 (hex); an empty body makes the API generate a password and return it.
 */
const servicePasswordPatch = {
  type: "object",
  additionalProperties: false,
  properties: {
    newPasswordHash: {
      type: "string",
      pattern: "^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$",
      [ruleKeyword]:
        'must be the base64 encoding of a SHA-256 digest (32 bytes: 44 characters ending in "=")',
    },
    newDoubleSha1Hash: {
      type: "string",
      pattern: "^[0-9a-f]{40}$",
      [ruleKeyword]: "must be 40 lowercase hexadecimal digits (a SHA-1 digest)",
    },
  },
} as const satisfies SchemaObject;

/**
 * `PATCH .../services/{serviceId}/backupConfiguration`: how often backups are made (hours, or once a day from a start
 * time), and how long they are kept (whole days, in hours).
 */
const backupConfigurationPatch = {
  type: "object",
  additionalProperties: false,
  minProperties: 1,
  properties: {
    backupPeriodInHours: {
      enum: [...limits.service.backupPeriodsInHours],
      [ruleKeyword]: `must be one of ${limits.service.backupPeriodsInHours.join(", ")} hours`,
    },
    backupRetentionPeriodInHours: {
      type: "integer",
      minimum: limits.service.backupRetentionHours.min,
      maximum: limits.service.backupRetentionHours.max,
      multipleOf: 24,
      [ruleKeyword]: `must be a whole number of days in hours (a multiple of 24) between ${limits.service.backupRetentionHours.min} and ${limits.service.backupRetentionHours.max}`,
    },
    backupStartTime: {
      type: "string",
      pattern: "^([01][0-9]|2[0-3]):00$",
      [ruleKeyword]: 'must be a full hour of the day in UTC, "HH:00"',
    },
  },
} as const satisfies SchemaObject;

/** A service's backup configuration as the API reports it. */
const backupConfiguration = {
  type: "object",
  properties: {
    backupPeriodInHours: { type: ["number", "null"] },
    backupRetentionPeriodInHours: { type: ["number", "null"] },
    backupStartTime: nullableString,
  },
} as const satisfies SchemaObject;

const nullableBoolean = { type: ["boolean", "null"] } as const;

/**
 * The service object as a Service resource reads it: the id and state drive its lifecycle; the other fields it
 * uses may be absent or null (a real service omits what does not apply to it).
 */
const serviceDetails = {
  type: "object",
  required: ["id"],
  properties: {
    ...managementSchemas.service.properties,
    name: nullableString,
    provider: nullableString,
    region: nullableString,
    tier: nullableString,
    createdAt: nullableString,
    clickhouseVersion: nullableString,
    releaseChannel: nullableString,
    isReadonly: nullableBoolean,
    enableCoreDumps: nullableBoolean,
    ipAccessList: { type: ["array", "null"], items: ipAccessEntryResponse },
    tags: {
      type: ["array", "null"],
      items: {
        type: "object",
        required: ["key"],
        properties: { key: { type: "string" }, value: nullableString },
      },
    },
    endpoints: {
      type: ["array", "null"],
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
  },
} as const satisfies SchemaObject;

/** The create's answer: the service, and the password the API generated, which it returns only here. */
const serviceCreateResult = {
  type: "object",
  required: ["service"],
  properties: {
    service: serviceDetails,
    password: { type: "string" },
  },
} as const satisfies SchemaObject;

/** The password PATCH's answer: a generated password when no hash was sent, else nothing. */
const servicePasswordResult = {
  type: "object",
  properties: { password: { type: "string" } },
} as const satisfies SchemaObject;

export const serviceSchemas = {
  serviceCreate,
  servicePatch,
  servicePasswordPatch,
  serviceDetails,
  serviceCreateResult,
  servicePasswordResult,
  backupConfigurationPatch,
  backupConfiguration,
} as const;
