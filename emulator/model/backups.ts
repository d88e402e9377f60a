/**
 * A service's backup configuration: how often backups are made and how long they are kept. Setting a start time
 * makes backups daily (the period becomes 24 hours), as the published API documents. Only the primary service of a
 * warehouse has backups of its own, and development services have none to configure (the official Terraform
 * provider refuses both before asking).
 */
import { limits } from "../../schemas";
import type { ServiceRecord } from "../state/types";
import { ApiError } from "../server/errors";

export interface BackupConfigurationPatch {
  backupPeriodInHours?: number;
  backupRetentionPeriodInHours?: number;
  backupStartTime?: string;
}

export function backupConfigurationOf(service: ServiceRecord) {
  const backup = service.backup;
  return {
    backupPeriodInHours: backup?.periodInHours ?? limits.service.defaultBackupPeriodInHours,
    backupRetentionPeriodInHours:
      backup?.retentionPeriodInHours ?? limits.service.defaultBackupRetentionPeriodInHours,
    backupStartTime: backup?.startTime ?? null,
  };
}

/** Throws the API's refusal for a service whose backups cannot be configured. */
export function assertBackupsConfigurable(service: ServiceRecord): void {
  if (!service.isPrimary) {
    throw new ApiError(
      400,
      `Service ${service.id} shares the backups of its warehouse's primary service; configure them there`,
    );
  }
  if (service.tier === "development") {
    throw new ApiError(
      400,
      `Service ${service.id} is a development service, whose backups cannot be configured`,
    );
  }
}

/** A start time makes backups daily; a period without one ends the daily schedule. */
export function applyBackupConfiguration(service: ServiceRecord, patch: BackupConfigurationPatch): void {
  const current = backupConfigurationOf(service);
  const startTime =
    patch.backupStartTime ?? (patch.backupPeriodInHours !== undefined ? null : current.backupStartTime);
  service.backup = {
    periodInHours: startTime !== null ? 24 : (patch.backupPeriodInHours ?? current.backupPeriodInHours),
    retentionPeriodInHours: patch.backupRetentionPeriodInHours ?? current.backupRetentionPeriodInHours,
    startTime,
  };
}
