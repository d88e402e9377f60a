/**
 * The service object the API returns (GET and every PATCH of a service), computed from the stored record. The
 * specification's wire calls the version `engineVersion`; the production wire (ClickHouse Cloud's OpenAPI
 * specification, schema Service) calls it `clickhouseVersion` and adds the autoscaling mode, the horizontal band and
 * `currentScaling`, the settings in effect (an active schedule entry's), and the scaling schedule when there is one.
 * The specification's wire gives the total memory as the replicas' memory times their number; the production wire
 * gives the deprecated totals of the real API (below).
 */
import type { ApiDialect } from "../../../schemas/dialects";
import { stateOf } from "../../model/serviceStates";
import { activeEntry, hasSchedule, scheduleView } from "../../model/scalingSchedules";
import type { EmulatorState, ServiceRecord } from "../../state/types";

export function serviceView(
  state: EmulatorState,
  service: ServiceRecord,
  nowMs: number,
  dialect: ApiDialect,
) {
  const fields = serviceFields(state, service, nowMs);
  if (dialect === "spec") return fields;
  const { engineVersion, minTotalMemoryGb: _min, maxTotalMemoryGb: _max, ...common } = fields;
  return {
    ...deprecatedTotals(service),
    ...common,
    clickhouseVersion: engineVersion,
    ...scalingOf(service, nowMs),
    ...(hasSchedule(service) ? { scalingSchedule: scheduleView(service, nowMs) } : {}),
  };
}

/**
 * ClickHouse Cloud's deprecated totals count three replicas whatever the service has (its OpenAPI's Service: "Minimum
 * memory of three workers", "inaccurate for services with non-default numbers of replicas", hence always a multiple of
 * 12 from 24), and are absent for a horizontal service, whose number of replicas varies.
 */
const replicasInDeprecatedTotals = 3;

function deprecatedTotals(service: ServiceRecord) {
  if (service.horizontal !== undefined) return {};
  return {
    minTotalMemoryGb: service.minReplicaMemoryGb * replicasInDeprecatedTotals,
    maxTotalMemoryGb: service.maxReplicaMemoryGb * replicasInDeprecatedTotals,
  };
}

/**
 * The production wire's scaling fields: the configured mode and band, and in `currentScaling` what is in effect,
 * which is the active schedule entry's settings (those it gives) while one is active, else the configured ones.
 */
function scalingOf(service: ServiceRecord, nowMs: number) {
  const band = service.horizontal ?? { minReplicas: service.numReplicas, maxReplicas: service.numReplicas };
  const mode = service.horizontal === undefined ? "vertical" : "horizontal";
  const active = activeEntry(service, nowMs);
  return {
    autoscalingMode: mode,
    ...(service.horizontal ?? {}),
    currentScaling: {
      effectiveAutoscalingMode: active?.autoscalingMode ?? mode,
      effectiveMinReplicaMemoryGb: active?.minReplicaMemoryGb ?? service.minReplicaMemoryGb,
      effectiveMaxReplicaMemoryGb: active?.maxReplicaMemoryGb ?? service.maxReplicaMemoryGb,
      effectiveMinReplicas: active?.minReplicas ?? band.minReplicas,
      effectiveMaxReplicas: active?.maxReplicas ?? band.maxReplicas,
      effectiveIdleScaling: active?.idleScaling ?? service.idleScaling,
      effectiveIdleTimeoutMinutes: active?.idleTimeoutMinutes ?? service.idleTimeoutMinutes,
      activeEntryId: active?.id ?? null,
    },
  };
}

function serviceFields(state: EmulatorState, service: ServiceRecord, nowMs: number) {
  const hostPrefix = service.host.split(".")[0];
  return {
    id: service.id,
    name: service.name,
    provider: service.cloudProvider,
    region: service.region,
    tier: service.tier,
    state: stateOf(service, nowMs),
    engineVersion: service.engineVersion,
    endpoints: [
      { protocol: "nativesecure", host: service.host, port: 9440, username: "default" },
      { protocol: "https", host: service.host, port: 8443, username: "default" },
      ...(service.mysqlEndpoint === false
        ? []
        : [{ protocol: "mysql", host: service.host, port: 3306, username: `${hostPrefix}_default` }]),
    ],
    minTotalMemoryGb: service.minReplicaMemoryGb * service.numReplicas,
    maxTotalMemoryGb: service.maxReplicaMemoryGb * service.numReplicas,
    minReplicaMemoryGb: service.minReplicaMemoryGb,
    maxReplicaMemoryGb: service.maxReplicaMemoryGb,
    numReplicas: service.numReplicas,
    idleScaling: service.idleScaling,
    idleTimeoutMinutes: service.idleTimeoutMinutes,
    ipAccessList: service.ipAccessList,
    createdAt: service.createdAt,
    encryptionKey: service.encryptionKey ?? null,
    encryptionAssumedRoleIdentifier: service.encryptionAssumedRoleIdentifier ?? null,
    iamRole: `arn:aws:iam::000000000000:role/CH-S3-${hostPrefix}-Role`,
    privateEndpointIds: [...service.privateEndpointIds],
    availablePrivateEndpointIds: state.organization.privateEndpoints
      .map((endpoint) => endpoint.id)
      .filter((id) => !service.privateEndpointIds.includes(id)),
    dataWarehouseId: service.dataWarehouseId,
    isPrimary: service.isPrimary,
    isReadonly: service.isReadonly ?? false,
    releaseChannel: service.releaseChannel ?? "default",
    byocId: service.byocId ?? null,
    hasTransparentDataEncryption: service.hasTransparentDataEncryption ?? false,
    transparentDataEncryptionKeyId: service.transparentDataEncryptionKeyId ?? null,
    encryptionRoleId: null,
    profile: service.profile ?? null,
    complianceType: service.complianceType ?? null,
    tags: (service.tags ?? []).map((tag) => ({ ...tag })),
    enableCoreDumps: service.enableCoreDumps ?? true,
  };
}
