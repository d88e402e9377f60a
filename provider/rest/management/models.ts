/**
 * Request and response models of the management API, with the API's field names. Each is the type of its JSON
 * Schema in `schemas/management.ts` (`../schemaTypes.ts`, generated from it), under the name the clients use; a
 * response type states what its schema checks, and any other field is `unknown`.
 */
import type {
  ApiKeyCreateResultSchema,
  ApiKeyCreateSchema,
  ApiKeySchema,
  ApiKeyUpdateSchema,
  OrganizationSchema,
  PrivateEndpointConfigSchema,
  PrivateEndpointCreateSchema,
  PrivateEndpointSchema,
  ReplicaScalingUpdateProductionSchema,
  ReversePrivateEndpointCreateSchema,
  ReversePrivateEndpointSchema,
  BackupConfigurationPatchSchema,
  BackupConfigurationSchema,
  ServiceCreateResultSchema,
  ServiceCreateSchema,
  ServiceDetailsSchema,
  ServicePasswordPatchSchema,
  ServicePasswordResultSchema,
  ServicePatchSchema,
  ServicePrivateEndpointsPatchSchema,
  ServiceSchema,
} from "../schemaTypes";
import type { Holds, Same } from "../sameType";

// ---- reverse private endpoints: .../services/{serviceId}/dataPipesReversePrivateEndpoints ----

export type ReversePrivateEndpointCreateRequest = ReversePrivateEndpointCreateSchema;

/**
 * A reverse private endpoint as returned. Only `id` and `status` (Unknown, Provisioning, Deleting, Ready, Failed,
 * PendingAcceptance, Rejected or Expired; perhaps others later) are checked on arrival; every other field may be
 * absent, null or of another shape, and is read defensively.
 */
export type ReversePrivateEndpoint = ReversePrivateEndpointSchema;

// ---- services: GET and PATCH .../services/{serviceId}, PATCH .../replicaScaling and .../state ----

/** Only id is always present; the API omits (or nulls) fields that do not apply to a service. */
export type ServiceObject = ServiceSchema;

// ---- a service's own lifecycle: POST .../services, PATCH .../services/{id}, PATCH .../password ----

/** The service as a Service resource reads it: the fields above and its name, place, tags, IP list, endpoints. */
export type ServiceDetails = ServiceDetailsSchema;
export type ServiceCreateRequest = ServiceCreateSchema;
export type ServiceCreateResult = ServiceCreateResultSchema;
export type ServicePatchRequest = ServicePatchSchema;
export type ServicePasswordRequest = ServicePasswordPatchSchema;
export type ServicePasswordResult = ServicePasswordResultSchema;
export type BackupConfiguration = BackupConfigurationSchema;
export type BackupConfigurationRequest = BackupConfigurationPatchSchema;

/** The specification's fields and the production wire's (`autoscalingMode`, `minReplicas`, `maxReplicas`). */
export type ReplicaScalingUpdateRequest = ReplicaScalingUpdateProductionSchema;

/** `GET .../services/{serviceId}/privateEndpointConfig` (production wire). */
export type PrivateEndpointConfig = PrivateEndpointConfigSchema;

/** Body of PATCH .../services/{serviceId}: attaches and detaches private endpoints. */
export type ServicePrivateEndpointsPatchRequest = ServicePrivateEndpointsPatchSchema;

// ---- organization: GET /v1/organizations/{organizationId}, which lists its private endpoints ----

export type Organization = OrganizationSchema;

export type OrganizationPrivateEndpoint = NonNullable<OrganizationSchema["privateEndpoints"]>[number];

// ---- API keys: POST and GET .../keys, GET, PATCH and DELETE .../keys/{keyId} ----

/**
 * Hashes of a key id and secret chosen by the client; the API then returns the key without credentials. Written by
 * hand for its documentation, which programs see (the ApiKey class's `hashData`); `Holds<Same<...>>` below ties it to the
 * schema's `hashData`.
 */
export interface ApiKeyHashData {
  /** Standard base64 of the SHA-256 digest of the key id (44 characters). */
  keyIdHash: string;
  /** The key id's last 4 characters, shown as the key's keySuffix. */
  keyIdSuffix: string;
  /** Standard base64 of the SHA-256 digest of the key secret (44 characters). */
  keySecretHash: string;
}

/** `ApiKeyHashData` is the schema's `hashData`: this type fails to compile when they differ. */
export type ApiKeyHashDataIsTheSchemas = Holds<
  Same<ApiKeyHashData, NonNullable<ApiKeyCreateSchema["hashData"]>>
>;

/** `expireAt` absent, null or "" means the key never expires. */
export type ApiKeyCreateRequest = ApiKeyCreateSchema;

/** PATCH of a key: any of the create fields but hashData. */
export type ApiKeyUpdateRequest = ApiKeyUpdateSchema;

/** The `key` object. The real API reports `state` on every key, though the create's documentation omits it. */
export type ApiKey = ApiKeySchema;

/** keyId and keySecret come back only from the create, and only when no hashData was sent. */
export type ApiKeyCreateResult = ApiKeyCreateResultSchema;

// ---- private endpoints: POST .../services/{serviceId}/privateEndpoint ----

export type PrivateEndpointCreateRequest = PrivateEndpointCreateSchema;

export type PrivateEndpoint = PrivateEndpointSchema;
