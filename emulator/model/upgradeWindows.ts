/**
 * A service's weekly upgrade window: the 6 hours from a weekday's start hour (UTC) in which the service may be
 * upgraded. Only a warehouse's primary service has one of its own; its secondary services follow it, so a read on
 * a secondary answers the primary's window and a change on one is refused (400). Setting a window needs the
 * organization's scheduled upgrades feature (403 without it); removing one does not.
 */
import { upgradeWindowLimits } from "../../schemas";
import type { EmulatorSettings, EmulatorState, ServiceRecord } from "../state/types";
import { ApiError, notFound } from "../server/errors";

export interface UpgradeWindowPut {
  weekday: number;
  startHourUtc: number;
}

/** The window as the API answers it: the fixed 6-hour duration added. */
export function upgradeWindowView(window: UpgradeWindowPut) {
  return {
    weekday: window.weekday,
    startHourUtc: window.startHourUtc,
    duration: upgradeWindowLimits.durationHours,
  };
}

/** The window in effect: the service's own, or its warehouse primary's for a secondary service; 404 if none. */
export function upgradeWindowOf(state: EmulatorState, service: ServiceRecord): UpgradeWindowPut {
  const owner = service.isPrimary ? service : primaryOf(state, service);
  if (owner?.upgradeWindow === undefined) {
    throw notFound(`No upgrade window is configured for service ${service.id}`);
  }
  return owner.upgradeWindow;
}

/** Refuses a change of a secondary service's window, and a new one without the scheduled upgrades feature. */
export function assertWindowSettable(service: ServiceRecord, settings: EmulatorSettings): void {
  assertPrimary(service, "set");
  if (!settings.scheduledUpgrades) {
    throw new ApiError(
      403,
      "The organization does not have the scheduled upgrades feature enabled; ask ClickHouse support to enable it",
    );
  }
}

/** Removes the window; 400 on a secondary service, 404 when none is configured. */
export function deleteUpgradeWindow(service: ServiceRecord): void {
  assertPrimary(service, "delete");
  if (service.upgradeWindow === undefined) {
    throw notFound(`No upgrade window is configured for service ${service.id}`);
  }
  delete service.upgradeWindow;
}

function assertPrimary(service: ServiceRecord, verb: "set" | "delete"): void {
  if (!service.isPrimary) throw new ApiError(400, `cannot ${verb} upgrade window on a secondary service`);
}

function primaryOf(state: EmulatorState, service: ServiceRecord): ServiceRecord | undefined {
  return state.services.find(
    (candidate) => candidate.isPrimary && candidate.dataWarehouseId === service.dataWarehouseId,
  );
}
