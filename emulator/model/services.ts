/**
 * A service's own lifecycle: the create (a new service is provisioning until the service transition delay has
 * passed), the basic-details PATCH, the password PATCH and the delete, which only a stopped service accepts (a 409
 * otherwise) and after which the service is terminating until it is gone.
 *
 * Rules checked here, after the body's schema: the region belongs to the cloud provider; Azure has no development
 * tier; a profile and transparent data encryption need an ENTERPRISE organization; a read-only service needs a
 * warehouse; a warehouse named must exist; the scaling settings follow the replica-scaling rules.
 */
import { limits } from "../../schemas";
import { regionsOfCloudProvider, type ServiceCloudProvider } from "../../schemas/enums";
import type { ByteSource } from "../state/random";
import { alphanumericString, uuidV4 } from "../state/random";
import type { EmulatorState, IpAccessEntry, ServiceRecord, ServiceTag } from "../state/types";
import { ipAccessListProblems } from "./ipAccess";
import type { Problem } from "./problems";
import { applyScaling, horizontalProblems, scalingProblems, type ScalingUpdate } from "./scaling";
import { defaultIdleScaling, defaultNumReplicas } from "./serviceDefaults";
import { stateOf } from "./serviceStates";
import { createHash } from "node:crypto";

export interface EndpointChange {
  protocol: "mysql";
  enabled: boolean;
}

export interface ServiceCreate extends ScalingUpdate {
  name: string;
  provider: ServiceCloudProvider;
  region: string;
  tier?: string;
  ipAccessList?: IpAccessEntry[];
  isReadonly?: boolean;
  dataWarehouseId?: string;
  backupId?: string;
  encryptionKey?: string;
  encryptionAssumedRoleIdentifier?: string;
  releaseChannel?: string;
  byocId?: string;
  hasTransparentDataEncryption?: boolean;
  endpoints?: EndpointChange[];
  profile?: string;
  complianceType?: string;
  tags?: ServiceTag[];
  enableCoreDumps?: boolean;
}

interface AddRemove<T> {
  add?: T[];
  remove?: T[];
}

export interface ServicePatch {
  name?: string;
  ipAccessList?: AddRemove<IpAccessEntry>;
  privateEndpointIds?: AddRemove<string>;
  releaseChannel?: string;
  endpoints?: EndpointChange[];
  transparentDataEncryptionKeyId?: string;
  tags?: AddRemove<ServiceTag>;
  enableCoreDumps?: boolean;
}

export interface PasswordPatch {
  newPasswordHash?: string;
  newDoubleSha1Hash?: string;
}

const generatedPasswordLength = 16;

export function serviceCreateProblems(state: EmulatorState, body: ServiceCreate): Problem[] {
  const problems: Problem[] = [...ipAccessListProblems(body.ipAccessList, "ipAccessList")];
  if (!(regionsOfCloudProvider[body.provider] as readonly string[]).includes(body.region)) {
    problems.push({
      property: "region",
      message: `${JSON.stringify(body.region)} is not a region of ${body.provider}`,
    });
  }
  if (body.provider === "azure" && body.tier === "development") {
    problems.push({ property: "tier", message: "Azure services don't support the development tier" });
  }
  const enterprise = organizationTierOf(state) === "ENTERPRISE";
  if (!enterprise && body.profile !== undefined) {
    problems.push({ property: "profile", message: "is only available to ENTERPRISE organizations" });
  }
  if (!enterprise && body.hasTransparentDataEncryption === true) {
    problems.push({
      property: "hasTransparentDataEncryption",
      message: "is only available to ENTERPRISE organizations",
    });
  }
  if (body.isReadonly === true && body.dataWarehouseId === undefined) {
    problems.push({
      property: "isReadonly",
      message: "a service can be read-only only in an existing warehouse (dataWarehouseId)",
    });
  }
  if (
    body.dataWarehouseId !== undefined &&
    !state.services.some((service) => service.dataWarehouseId === body.dataWarehouseId)
  ) {
    problems.push({ property: "dataWarehouseId", message: `warehouse ${body.dataWarehouseId} not found` });
  }
  // The scaling rules judge the settings against the service the create would make.
  const draft = serviceFrom(state, body, { id: "", host: "", dataWarehouseId: "", createdAt: "" });
  return [...problems, ...horizontalProblems(draft, body), ...scalingProblems(draft, body)];
}

/** Makes the service (provisioning until `delayMs` has passed) and the password the API generates for it. */
export function createService(
  state: EmulatorState,
  body: ServiceCreate,
  bytes: ByteSource,
  now: Date,
  delayMs: number,
): { service: ServiceRecord; password: string } {
  const id = uuidV4(bytes);
  const host = `${alphanumericString(bytes, 10).toLowerCase()}.${body.region}.${body.provider}.clickhouse.cloud`;
  const dataWarehouseId = body.dataWarehouseId ?? uuidV4(bytes);
  const service = serviceFrom(state, body, { id, host, dataWarehouseId, createdAt: now.toISOString() });
  applyScaling(service, body);
  const password = alphanumericString(bytes, generatedPasswordLength);
  service.password = passwordHashesOf(password);
  if (delayMs > 0) {
    service.state = "provisioning";
    service.stateSettlesAt = now.getTime() + delayMs;
  }
  state.services.push(service);
  return { service, password };
}

interface ServiceIdentity {
  id: string;
  host: string;
  dataWarehouseId: string;
  createdAt: string;
}

function organizationTierOf(state: EmulatorState) {
  return state.organization.tier ?? "SCALE";
}

/** The record a create makes, before its scaling settings are applied: the organization tier's defaults. */
function serviceFrom(state: EmulatorState, body: ServiceCreate, identity: ServiceIdentity): ServiceRecord {
  const organizationTier = organizationTierOf(state);
  const isPaid = organizationTier !== "BASIC";
  return {
    ...identity,
    name: body.name,
    isPaid,
    tier: body.tier === "development" ? "development" : "production",
    cloudProvider: body.provider,
    region: body.region,
    engineVersion: "25.8",
    minReplicaMemoryGb: limits.replicaMemoryGb.min,
    maxReplicaMemoryGb: limits.replicaMemoryGb.maxForNonPaidService,
    numReplicas: defaultNumReplicas(organizationTier),
    idleScaling: defaultIdleScaling,
    idleTimeoutMinutes: 15,
    ipAccessList: (body.ipAccessList ?? []).map((entry) => ({ ...entry })),
    privateEndpointIds: [],
    isPrimary: body.dataWarehouseId === undefined,
    state: "running",
    tags: (body.tags ?? []).map((tag) => ({ ...tag })),
    releaseChannel: body.releaseChannel ?? "default",
    enableCoreDumps: body.enableCoreDumps ?? true,
    isReadonly: body.isReadonly ?? false,
    mysqlEndpoint: mysqlEnabled(body.endpoints, true),
    ...definedOnly({
      profile: body.profile,
      complianceType: body.complianceType,
      byocId: body.byocId,
      encryptionKey: body.encryptionKey,
      encryptionAssumedRoleIdentifier: body.encryptionAssumedRoleIdentifier,
      hasTransparentDataEncryption: body.hasTransparentDataEncryption,
    }),
  };
}

function mysqlEnabled(changes: readonly EndpointChange[] | undefined, current: boolean): boolean {
  const mysqlChanges = (changes ?? []).filter((change) => change.protocol === "mysql");
  return mysqlChanges.at(-1)?.enabled ?? current;
}

function definedOnly<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

export function servicePatchProblems(
  state: EmulatorState,
  service: ServiceRecord,
  patch: ServicePatch,
): Problem[] {
  const problems: Problem[] = [...ipAccessListProblems(patch.ipAccessList?.add, "ipAccessList.add")];
  if (patch.transparentDataEncryptionKeyId !== undefined && service.hasTransparentDataEncryption !== true) {
    problems.push({
      property: "transparentDataEncryptionKeyId",
      message: `service ${service.id} was not created with transparent data encryption`,
    });
  }
  const removedTags = new Set((patch.tags?.remove ?? []).map((tag) => tag.key));
  const keptTags = (service.tags ?? []).filter((tag) => !removedTags.has(tag.key));
  const tagCount = new Set([...keptTags, ...(patch.tags?.add ?? [])].map((tag) => tag.key)).size;
  if (tagCount > limits.service.maxTags) {
    problems.push({
      property: "tags.add",
      message: `a service has at most ${limits.service.maxTags} tags; got ${tagCount}`,
    });
  }
  return [...problems, ...privateEndpointPatchProblems(state, patch.privateEndpointIds)];
}

/** Added ids must be registered with the organization; an id cannot be both added and removed. */
function privateEndpointPatchProblems(state: EmulatorState, patch: AddRemove<string> | undefined): Problem[] {
  const registered = new Set(state.organization.privateEndpoints.map((endpoint) => endpoint.id));
  const removed = new Set(patch?.remove ?? []);
  return (patch?.add ?? []).flatMap((id, index) => {
    const property = `privateEndpointIds.add[${index}]`;
    if (removed.has(id)) {
      return [{ property, message: `private endpoint ${JSON.stringify(id)} is both added and removed` }];
    }
    if (!registered.has(id)) {
      const message = `private endpoint ${JSON.stringify(id)} is not registered with the organization; register it with POST .../privateEndpoint first`;
      return [{ property, message }];
    }
    return [];
  });
}

/** Applies a checked PATCH: each list removes first, then adds (an entry already there is not added twice). */
export function patchService(service: ServiceRecord, patch: ServicePatch): void {
  if (patch.name !== undefined) service.name = patch.name;
  if (patch.releaseChannel !== undefined) service.releaseChannel = patch.releaseChannel;
  if (patch.enableCoreDumps !== undefined) service.enableCoreDumps = patch.enableCoreDumps;
  if (patch.transparentDataEncryptionKeyId !== undefined) {
    service.transparentDataEncryptionKeyId = patch.transparentDataEncryptionKeyId;
  }
  service.mysqlEndpoint = mysqlEnabled(patch.endpoints, service.mysqlEndpoint ?? true);
  if (patch.ipAccessList) {
    service.ipAccessList = addAndRemove(service.ipAccessList, patch.ipAccessList, (entry) => entry.source);
  }
  if (patch.tags) service.tags = addAndRemove(service.tags ?? [], patch.tags, (tag) => tag.key);
  if (patch.privateEndpointIds) {
    service.privateEndpointIds = addAndRemove(
      service.privateEndpointIds,
      patch.privateEndpointIds,
      (id) => id,
    );
  }
}

/** Removes the entries whose key is removed, then adds each new one, replacing an entry of the same key. */
function addAndRemove<T>(current: readonly T[], change: AddRemove<T>, keyOf: (item: T) => string): T[] {
  const removed = new Set((change.remove ?? []).map(keyOf));
  const result = current.filter((item) => !removed.has(keyOf(item)));
  for (const added of change.add ?? []) {
    const index = result.findIndex((item) => keyOf(item) === keyOf(added));
    if (index === -1) result.push(structuredClone(added));
    else result[index] = structuredClone(added);
  }
  return result;
}

/** Sets the password from the hashes sent, or generates one and returns it when none was sent. */
export function changePassword(
  service: ServiceRecord,
  patch: PasswordPatch,
  bytes: ByteSource,
): { password?: string } {
  if (patch.newPasswordHash !== undefined) {
    service.password = {
      sha256Base64: patch.newPasswordHash,
      ...definedOnly({ doubleSha1Hex: patch.newDoubleSha1Hash }),
    };
    return {};
  }
  const password = alphanumericString(bytes, generatedPasswordLength);
  service.password = passwordHashesOf(password);
  return { password };
}

/** The hashes the API keeps of a password: SHA-256 in base64, and the MySQL protocol's double SHA-1 in hex. */
export function passwordHashesOf(password: string): { sha256Base64: string; doubleSha1Hex: string } {
  const sha1 = createHash("sha1").update(password).digest();
  return {
    sha256Base64: createHash("sha256").update(password).digest("base64"),
    doubleSha1Hex: createHash("sha1").update(sha1).digest("hex"),
  };
}

/** Why the API refuses to delete the service now, if it does: only a stopped service may be deleted. */
export function deletionRefusal(service: ServiceRecord, nowMs: number): string | undefined {
  const state = stateOf(service, nowMs);
  if (state === "stopped") return undefined;
  return `Service ${service.id} must be stopped before it can be deleted. Current state: ${state}`;
}

/** Marks a stopped service deleted: it is terminating until `delayMs` has passed, then gone. */
export function terminateService(service: ServiceRecord, nowMs: number, delayMs: number): void {
  service.state = "terminating";
  service.stateSettlesAt = nowMs + delayMs;
}
