import type { ConfigMap } from "@pulumi/pulumi/automation";
import type { Fixture } from "../../emulator";
import { SETTINGS, type SettingSpec } from "../../schemas/settings";

/** The example programs under examples/, with the project name each one's Pulumi.yaml declares. */
export const examples = {
  quickstart: "chc-quickstart",
  "api-key-rotation": "chc-api-key-rotation",
  "alert-from-series": "chc-alert-from-series",
  "private-networking": "chc-private-networking",
  "alerting-from-scratch": "chc-alerting-from-scratch",
  "service-from-scratch": "chc-service-from-scratch",
  "team-access": "chc-team-access",
  "kafka-to-table": "chc-kafka-to-table",
} as const;

export type ExampleName = keyof typeof examples;

/** Provider settings that point a stack at an emulator (or any deployment described by a fixture). */
export function providerConfig(fixture: Fixture): ConfigMap {
  const setting = (spec: SettingSpec, value: string) => ({ [spec.key]: { value, secret: spec.secret } });
  return {
    ...setting(SETTINGS.managementApiUrl, fixture.managementUrl),
    ...setting(SETTINGS.organizationId, fixture.organizationId),
    ...setting(SETTINGS.tokenKey, fixture.tokenKey),
    ...setting(SETTINGS.tokenSecret, fixture.tokenSecret),
    ...setting(SETTINGS.observabilityApiUrl, fixture.observabilityUrl),
    ...setting(SETTINGS.observabilityApiToken, fixture.observabilityToken),
    ...setting(SETTINGS.managementApiDialect, fixture.dialect),
    ...setting(SETTINGS.observabilityApiDialect, fixture.dialect),
  };
}

/**
 * Full stack config of an example: provider settings plus the ids of the pre-existing objects the example
 * refers to (a service, a dashboard tile, a saved search, a webhook, a log source), in the project's namespace.
 */
export function exampleConfig(example: ExampleName, fixture: Fixture): ConfigMap {
  const project = examples[example];
  const dashboard = fixture.dashboards[0];
  const ids: Record<string, string> = {
    serviceId: fixture.services.production,
    dashboardId: dashboard.id,
    tileId: dashboard.tileIds[0],
    savedSearchId: fixture.savedSearches[0].id,
    webhookId: fixture.webhooks[0].id,
    sourceId: fixture.sources[0].id,
    connectionId: fixture.connections[0].id,
  };
  const config = providerConfig(fixture);
  for (const [key, value] of Object.entries(ids)) config[`${project}:${key}`] = { value };
  return config;
}
