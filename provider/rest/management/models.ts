/**
 * Request and response models of the management API. Field names are exactly the API's, including those of
 * the operations a lifecycle needs beyond the creates (reading a service or the organization, listing, reading,
 * updating and deleting keys and endpoints). Runtime checks live in schemas/.
 */
import type {
  ApiKeyRole,
  ApiKeyState,
  AutoscalingMode,
  MskAuthentication,
  ReversePrivateEndpointType,
} from "../../../schemas";

export interface IpAccessListEntry {
  source: string;
  description: string;
}

// ---- reverse private endpoints: .../services/{serviceId}/dataPipesReversePrivateEndpoints ----

export interface ReversePrivateEndpointCreateRequest {
  description?: string;
  type: ReversePrivateEndpointType;
  vpcEndpointServiceName?: string | null;
  vpcResourceConfigurationId?: string | null;
  vpcResourceShareArn?: string | null;
  mskClusterArn?: string | null;
  mskAuthentication?: MskAuthentication | null;
}

/**
 * A reverse private endpoint as returned. Only `id` and `status` are checked on arrival; every other field may be
 * absent, null or of another shape, and is read defensively.
 */
export interface ReversePrivateEndpoint {
  id: string;
  /** Unknown, Provisioning, Deleting, Ready, Failed, PendingAcceptance, Rejected or Expired; perhaps others later. */
  status: string;
  serviceId?: unknown;
  endpointId?: unknown;
  dnsNames?: unknown;
  privateDnsNames?: unknown;
  description?: unknown;
  type?: unknown;
  vpcEndpointServiceName?: unknown;
  vpcResourceConfigurationId?: unknown;
  vpcResourceShareArn?: unknown;
  mskClusterArn?: unknown;
  mskAuthentication?: unknown;
}

// ---- services: GET and PATCH .../services/{serviceId}, PATCH .../replicaScaling and .../state ----

export interface ServiceEndpoint {
  protocol: string;
  host: string;
  port: number;
  username?: string | null;
}

/** Only id and name are always present; the API omits (or nulls) fields that do not apply to a service. */
export interface Service {
  id: string;
  /** running, idle, awaking, stopped, ... (the real API's service states). */
  state?: string | null;
  name?: string;
  /** The specification's name of the ClickHouse version. */
  engineVersion?: string;
  /** The production wire's name of the ClickHouse version. */
  clickhouseVersion?: string;
  endpoints?: ServiceEndpoint[];
  minTotalMemoryGb?: number;
  maxTotalMemoryGb?: number;
  minReplicaMemoryGb?: number;
  maxReplicaMemoryGb?: number;
  numReplicas?: number;
  idleScaling?: boolean;
  idleTimeoutMinutes?: number;
  /** Production wire: `vertical` or `horizontal`. */
  autoscalingMode?: string | null;
  /** Production wire, horizontal mode: the replica band. */
  minReplicas?: number | null;
  maxReplicas?: number | null;
  ipAccessList?: IpAccessListEntry[];
  createdAt?: string;
  encryptionKey?: string | null;
  encryptionAssumedRoleIdentifier?: string | null;
  iamRole?: string | null;
  privateEndpointIds?: string[];
  availablePrivateEndpointIds?: string[];
  dataWarehouseId?: string | null;
  isPrimary?: boolean;
  isReadonly?: boolean;
  byocId?: string | null;
  hasTransparentDataEncryption?: boolean;
  transparentDataEncryptionKeyId?: string | null;
  encryptionRoleId?: string | null;
}

export interface ReplicaScalingUpdateRequest {
  minReplicaMemoryGb?: number;
  maxReplicaMemoryGb?: number;
  numReplicas?: number;
  idleScaling?: boolean;
  idleTimeoutMinutes?: number;
  /** Production wire only: how the service scales (`horizontal` scales the count between the band below). */
  autoscalingMode?: AutoscalingMode;
  /** Production wire only, with maxReplicas and without numReplicas. */
  minReplicas?: number;
  /** Production wire only, with minReplicas and without numReplicas. */
  maxReplicas?: number;
}

/** `GET .../services/{serviceId}/privateEndpointConfig` (production wire). */
export interface PrivateEndpointConfig {
  /** The endpoint service to connect the cloud side of a private endpoint to (AWS service name, GCP target, ...). */
  endpointServiceId: string;
  /** The service's host name inside the private network. */
  privateDnsHostname?: string | null;
}

/** Body of PATCH .../services/{serviceId}: attaches and detaches private endpoints. */
export interface ServicePrivateEndpointsPatchRequest {
  privateEndpointIds: {
    add?: string[];
    remove?: string[];
  };
}

// ---- organization: GET /v1/organizations/{organizationId}, which lists its private endpoints ----

export interface OrganizationPrivateEndpoint {
  id: string;
  description?: string | null;
  cloudProvider?: string;
  region?: string;
}

export interface Organization {
  id: string;
  name: string;
  privateEndpoints?: OrganizationPrivateEndpoint[];
}

// ---- API keys: POST and GET .../keys, GET, PATCH and DELETE .../keys/{keyId} ----

/** Hashes of a key id and secret chosen by the client; the API then returns the key without credentials. */
export interface ApiKeyHashData {
  /** Standard base64 of the SHA-256 digest of the key id (44 characters). */
  keyIdHash: string;
  /** The key id's last 4 characters, shown as the key's keySuffix. */
  keyIdSuffix: string;
  /** Standard base64 of the SHA-256 digest of the key secret (44 characters). */
  keySecretHash: string;
}

export interface ApiKeyCreateRequest {
  name: string;
  roles: ApiKeyRole[];
  /** Absent, null or "" means the key never expires. */
  expireAt?: string | null;
  state?: ApiKeyState;
  hashData?: ApiKeyHashData;
  ipAccessList?: IpAccessListEntry[];
}

/** PATCH of a key: any of the create fields but hashData. */
export interface ApiKeyUpdateRequest {
  name?: string;
  roles?: ApiKeyRole[];
  expireAt?: string | null;
  state?: ApiKeyState;
  ipAccessList?: IpAccessListEntry[];
}

/** The `key` object. The real API reports `state` on every key, though the create's documentation omits it. */
export interface ApiKey {
  id: string;
  name: string;
  roles: ApiKeyRole[];
  keySuffix: string;
  state?: ApiKeyState;
  createdAt: string;
  expireAt?: string | null;
  usedAt?: string | null;
  ipAccessList?: IpAccessListEntry[];
}

/** keyId and keySecret come back only from the create, and only when no hashData was sent. */
export interface ApiKeyCreateResult {
  key: ApiKey;
  keyId?: string;
  keySecret?: string;
}

// ---- private endpoints: POST .../services/{serviceId}/privateEndpoint ----

export interface PrivateEndpointCreateRequest {
  id: string;
  description?: string;
}

export interface PrivateEndpoint {
  id: string;
  description?: string | null;
}
