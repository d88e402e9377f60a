/**
 * Request and response models of the management API, with the API's field names. Each is the type of its JSON
 * Schema in `schemas/management.ts` (`../schemaTypes.ts`, generated from it), under the name the clients use; a
 * response type states what its schema checks, and any other field is `unknown`.
 */
import type {
  ApiKeyCreateProductionSchema,
  ApiKeyCreateResultSchema,
  ApiKeySchema,
  ApiKeyUpdateProductionSchema,
  InvitationCreateSchema,
  InvitationSchema,
  MemberPatchSchema,
  MemberSchema,
  OrganizationPatchSchema,
  OrganizationSchema,
  RoleCreateSchema,
  RolePatchSchema,
  RoleSchema,
  PrivateEndpointConfigSchema,
  PrivateEndpointCreateSchema,
  PrivateEndpointSchema,
  ReplicaScalingUpdateProductionSchema,
  ReversePrivateEndpointCreateProductionSchema,
  ReversePrivateEndpointSchema,
  ReversePrivateEndpointUpdateSchema,
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

/** The production wire's create, a superset of the specification's (its GCP type, its DNS names). */
export type ReversePrivateEndpointCreateRequest = ReversePrivateEndpointCreateProductionSchema;

/** The production wire's PATCH: the endpoint's whole list of custom private DNS names. */
export type ReversePrivateEndpointUpdateRequest = ReversePrivateEndpointUpdateSchema;

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

// ---- organization: GET and PATCH /v1/organizations/{organizationId}, which lists its private endpoints ----

export type Organization = OrganizationSchema;

export type OrganizationPrivateEndpoint = NonNullable<OrganizationSchema["privateEndpoints"]>[number];

/** Its name, its crash reports setting, and its private endpoints by `{add, remove}` (remove first). */
export type OrganizationPatchRequest = OrganizationPatchSchema;

// ---- roles: GET and POST .../roles, GET, PATCH and DELETE .../roles/{roleId} ----

/** A role as answered: its id is checked on arrival; its name, type, actors and policies may be absent or null. */
export type Role = RoleSchema;

/** A custom role: its name, its actors (`user/<user id>`, `apiKey/<key id>`) and its policies. */
export type RoleCreateRequest = RoleCreateSchema;

/** Any of the create's fields; actors and policies replace the role's. A system role takes actors only. */
export type RolePatchRequest = RolePatchSchema;

/** A role a member, an invitation or an API key holds, as shown. */
export type AssignedRole = NonNullable<MemberSchema["assignedRoles"]>[number];

// ---- members: GET .../members, GET, PATCH and DELETE .../members/{userId} ----

/** A member as answered: `userId` is checked on arrival. */
export type Member = MemberSchema;

/** The roles the member holds (`assignedRoleIds`); the deprecated `role` is refused once custom roles are in use. */
export type MemberPatchRequest = MemberPatchSchema;

// ---- invitations: GET and POST .../invitations, GET and DELETE .../invitations/{invitationId} ----

export type Invitation = InvitationSchema;

/** The address to invite and the roles its user will hold. */
export type InvitationCreateRequest = InvitationCreateSchema;

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
  Same<ApiKeyHashData, NonNullable<ApiKeyCreateProductionSchema["hashData"]>>
>;

/**
 * `expireAt` absent, null or "" means the key never expires. The production wire also takes `assignedRoleIds` and
 * makes `roles` optional; the specification's wire requires `roles` and refuses `assignedRoleIds`, which is checked
 * before a request is sent.
 */
export type ApiKeyCreateRequest = ApiKeyCreateProductionSchema;

/** PATCH of a key: any of the create fields but hashData (`assignedRoleIds` on the production wire only). */
export type ApiKeyUpdateRequest = ApiKeyUpdateProductionSchema;

/** The `key` object. The real API reports `state` on every key, though the create's documentation omits it. */
export type ApiKey = ApiKeySchema;

/** keyId and keySecret come back only from the create, and only when no hashData was sent. */
export type ApiKeyCreateResult = ApiKeyCreateResultSchema;

// ---- private endpoints: POST .../services/{serviceId}/privateEndpoint ----

export type PrivateEndpointCreateRequest = PrivateEndpointCreateSchema;

export type PrivateEndpoint = PrivateEndpointSchema;
