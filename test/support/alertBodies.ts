/**
 * The alerts the tests create, on the fixture's objects: a tile alert and a search alert that the API accepts as
 * they are. Tests spread them and override what they are about (a name, a threshold, a field to break).
 */
import type { Fixture } from "../../emulator";

/** The fixture's objects an alert refers to. */
export type AlertTargets = Pick<Fixture, "dashboards" | "savedSearches" | "webhooks">;

/** Above 5 over 5 minutes on the first tile of the first dashboard, notifying the first webhook. */
export function tileAlertBody(targets: AlertTargets) {
  const dashboard = targets.dashboards[0];
  return {
    threshold: 5,
    interval: "5m",
    source: "tile" as const,
    thresholdType: "above" as const,
    channel: { type: "webhook" as const, webhookId: targets.webhooks[0].id },
    dashboardId: dashboard.id,
    tileId: dashboard.tileIds[0],
  };
}

/** Below 1 over an hour on the first saved search, notifying the second webhook. */
export function searchAlertBody(targets: AlertTargets) {
  return {
    threshold: 1,
    interval: "1h",
    source: "search" as const,
    thresholdType: "below" as const,
    channel: { type: "webhook" as const, webhookId: targets.webhooks[1].id },
    savedSearchId: targets.savedSearches[0].id,
  };
}
