/**
 * A service's backup settings, as fields of the Service: sent by `PATCH .../backupConfiguration` after the create and
 * whenever a managed one differs, and read with the service. A start time makes backups daily, so the API then
 * reports a period of 24 hours: the period is never compared while a start time is set (check refuses both set).
 */
import type { BackupConfiguration, BackupConfigurationRequest, ServiceDetails } from "../../rest";
import { limits } from "../../../schemas";
import type { PropertyBag } from "../../propertyBags";
import { requestFrom } from "../derive/requestBody";
import type { ValidationProblem } from "../../validation/validate";
import type { ServiceInputs } from "./shapes";
import type { ServicePlace } from "./waits";

export const backupSettings = [
  "backupPeriodInHours",
  "backupRetentionPeriodInHours",
  "backupStartTime",
] as const;

/** Whether the service has backups of its own to read: a warehouse's primary service that is not a development one. */
export function hasOwnBackups(service: ServiceDetails): boolean {
  return service.isPrimary !== false && service.tier !== "development";
}

export function readBackups(
  place: ServicePlace,
  service: ServiceDetails,
): Promise<BackupConfiguration | undefined> {
  if (!hasOwnBackups(service)) return Promise.resolve(undefined);
  return place.client.services.backupConfiguration(place.organizationId, service.id);
}

/** The managed backup settings that differ from `current` (all that are set, with nothing to compare); undefined when none. */
export function backupChange(
  current: BackupConfiguration | undefined,
  inputs: ServiceInputs,
): BackupConfigurationRequest | undefined {
  const change: PropertyBag = {};
  const {
    backupPeriodInHours: period,
    backupRetentionPeriodInHours: retention,
    backupStartTime: start,
  } = inputs;
  if (isSet(period) && period !== current?.backupPeriodInHours) change.backupPeriodInHours = period;
  if (isSet(retention) && retention !== current?.backupRetentionPeriodInHours) {
    change.backupRetentionPeriodInHours = retention;
  }
  if (isSet(start) && start !== current?.backupStartTime) change.backupStartTime = start;
  // Check held each setting to the values the request schema allows.
  return Object.keys(change).length === 0 ? undefined : requestFrom<BackupConfigurationRequest>(change);
}

/** The backup outputs: what the API reports, numbers and a start time when it has one. */
export function backupOutputs(configuration: BackupConfiguration | undefined) {
  if (configuration === undefined) return {};
  const {
    backupPeriodInHours: period,
    backupRetentionPeriodInHours: retention,
    backupStartTime: start,
  } = configuration;
  return {
    ...(typeof period === "number" ? { backupPeriodInHours: period } : {}),
    ...(typeof retention === "number" ? { backupRetentionPeriodInHours: retention } : {}),
    ...(typeof start === "string" ? { backupStartTime: start } : {}),
  };
}

const periods: readonly number[] = limits.service.backupPeriodsInHours;
const retention = limits.service.backupRetentionHours;

/** Each backup setting within the API's values; a period and a start time exclude each other. */
export function backupSettingsAreValid(inputs: PropertyBag): ValidationProblem[] {
  const { backupPeriodInHours: period, backupRetentionPeriodInHours: kept, backupStartTime: start } = inputs;
  const problems: ValidationProblem[] = [];
  if (isSet(period) && !periods.includes(period as number)) {
    problems.push({
      property: "backupPeriodInHours",
      reason: `backupPeriodInHours must be one of ${periods.join(", ")} hours; got ${JSON.stringify(period)}`,
    });
  }
  if (
    isSet(kept) &&
    !(typeof kept === "number" && kept % 24 === 0 && kept >= retention.min && kept <= retention.max)
  ) {
    problems.push({
      property: "backupRetentionPeriodInHours",
      reason:
        `backupRetentionPeriodInHours must be whole days in hours (a multiple of 24) between ${retention.min} and ` +
        `${retention.max}; got ${JSON.stringify(kept)}`,
    });
  }
  if (isSet(start) && !(typeof start === "string" && /^([01][0-9]|2[0-3]):00$/.test(start))) {
    problems.push({
      property: "backupStartTime",
      reason: `backupStartTime must be a full hour of the day in UTC, "HH:00"; got ${JSON.stringify(start)}`,
    });
  }
  if (isSet(period) && isSet(start)) {
    problems.push({
      property: "backupPeriodInHours",
      reason:
        "backupPeriodInHours cannot be set with backupStartTime: a start time makes backups daily (the API then " +
        "reports a period of 24 hours); set one of them",
    });
  }
  return problems;
}

function isSet<T>(value: T | null | undefined): value is T {
  return value !== undefined && value !== null;
}
