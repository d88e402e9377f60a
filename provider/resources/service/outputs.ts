/**
 * A Service's outputs: the service as the API reports it, and what the API does not report carried over from the
 * inputs or the last outputs (the password, the backup restored from, the triggers and the timeout). The reported
 * part alone is what the getService and getServices functions answer: they read a service, never make one, so
 * nothing is carried over.
 */
import type { BackupConfiguration, ServiceDetails } from "../../rest";
import { backupOutputs, backupSettings } from "./backups";
import { hasMysqlEndpoint } from "./requests";
import { tagMap, type ServiceEndpoint, type ServiceIpAccessEntry } from "./settings";
import type { ServiceOutputs } from "./shapes";

/** The outputs the API never reports: a resource keeps them from the program or its last outputs. */
export const carriedOverOutputs = [
  "password",
  "passwordRotationTrigger",
  "backupId",
  "waitTimeoutMinutes",
] as const;

/** What the outputs keep from the program or the last outputs, since the API never reports it. */
export type CarriedOver = Pick<ServiceOutputs, (typeof carriedOverOutputs)[number]>;

/** Outputs a read of the service object does not give: they cost a read of their own (`.../backupConfiguration`). */
export const separatelyReadOutputs = backupSettings;

/** The outputs a read of the service object gives by itself. */
export type ReportedServiceOutputs = Omit<
  ServiceOutputs,
  (typeof carriedOverOutputs)[number] | (typeof separatelyReadOutputs)[number]
>;

/** The outputs of a Service: the service as read, its backup configuration when read, what is carried over. */
export function serviceOutputs(
  service: ServiceDetails,
  organizationId: string,
  carried: CarriedOver,
  backups?: BackupConfiguration,
): ServiceOutputs {
  return {
    ...reportedServiceOutputs(service, organizationId),
    ...backupOutputs(backups),
    ...definedOnly(carried),
  };
}

/** The service's outputs as the API reports them, in the organization `organizationId`. */
export function reportedServiceOutputs(
  service: ServiceDetails,
  organizationId: string,
): ReportedServiceOutputs {
  return {
    ...definedOnly({
      tier: text(service.tier),
      clickhouseVersion: text(service.clickhouseVersion),
      minReplicaMemoryGb: service.minReplicaMemoryGb ?? undefined,
      maxReplicaMemoryGb: service.maxReplicaMemoryGb ?? undefined,
      numReplicas: service.numReplicas ?? undefined,
      idleScaling: service.idleScaling ?? undefined,
      idleTimeoutMinutes: service.idleTimeoutMinutes ?? undefined,
      autoscalingMode: text(service.autoscalingMode),
      minReplicas: service.minReplicas ?? undefined,
      maxReplicas: service.maxReplicas ?? undefined,
      releaseChannel: text(service.releaseChannel),
      enableCoreDumps: service.enableCoreDumps ?? undefined,
      transparentDataEncryptionKeyId: text(service.transparentDataEncryptionKeyId),
      isReadonly: service.isReadonly ?? undefined,
      dataWarehouseId: text(service.dataWarehouseId),
      isPrimary: typeof service.isPrimary === "boolean" ? service.isPrimary : undefined,
      encryptionKey: text(service.encryptionKey),
      encryptionAssumedRoleIdentifier: text(service.encryptionAssumedRoleIdentifier),
      byocId: text(service.byocId),
      hasTransparentDataEncryption:
        typeof service.hasTransparentDataEncryption === "boolean"
          ? service.hasTransparentDataEncryption
          : undefined,
      profile: text(service.profile),
      complianceType: text(service.complianceType),
      iamRole: text(service.iamRole),
      createdAt: text(service.createdAt),
    }),
    organizationId,
    name: service.name ?? "",
    provider: service.provider ?? "",
    region: service.region ?? "",
    state: service.state ?? "",
    endpoints: endpointsOf(service),
    ipAccessList: (service.ipAccessList ?? []).map(ipAccessEntry),
    tags: tagMap(service.tags),
    mysqlEndpoint: hasMysqlEndpoint(service),
    privateEndpointIds: [...(service.privateEndpointIds ?? [])],
  };
}

function endpointsOf(service: ServiceDetails): ServiceEndpoint[] {
  return (service.endpoints ?? []).flatMap((endpoint) =>
    typeof endpoint.protocol === "string" &&
    typeof endpoint.host === "string" &&
    typeof endpoint.port === "number"
      ? [
          {
            protocol: endpoint.protocol,
            host: endpoint.host,
            port: endpoint.port,
            ...(typeof endpoint.username === "string" ? { username: endpoint.username } : {}),
          },
        ]
      : [],
  );
}

function ipAccessEntry(entry: { source: string; description?: string | null }): ServiceIpAccessEntry {
  return entry.description
    ? { source: entry.source, description: entry.description }
    : { source: entry.source };
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** The fields whose value is defined: an output left out rather than set to undefined. */
export function definedOnly<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}
