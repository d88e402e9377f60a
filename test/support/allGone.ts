import { expect } from "chai";
import type { ObservabilityClient } from "../../provider/rest";
import { isNotFound } from "../../provider/rest";

/**
 * The outputs that hold the ids of one alerting setup: a source, a webhook, a saved search, a dashboard and alerts
 * on a tile and on the search.
 */
export const alertingObjectOutputs = [
  "sourceId",
  "webhookId",
  "searchId",
  "dashboardId",
  "tileAlertId",
  "searchAlertId",
] as const;

/** Fails unless the API answers "not found" for every object of the setup, by the ids of its outputs. */
export async function expectAlertingObjectsGone(
  api: ObservabilityClient,
  ids: Readonly<Record<string, string>>,
): Promise<void> {
  const reads: [string, Promise<unknown>][] = [
    ["sourceId", api.sources.get(ids.sourceId)],
    ["webhookId", api.webhooks.get(ids.webhookId)],
    ["searchId", api.savedSearches.get(ids.searchId)],
    ["dashboardId", api.dashboards.get(ids.dashboardId)],
    ["tileAlertId", api.alerts.get(ids.tileAlertId)],
    ["searchAlertId", api.alerts.get(ids.searchAlertId)],
  ];
  for (const [output, read] of reads) {
    const error = await read.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(isNotFound(error), `${output} ${ids[output]}: ${String(error)}`).to.equal(true);
  }
}
