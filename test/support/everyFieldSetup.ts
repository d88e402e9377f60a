/**
 * A setup made outside Pulumi with every field a program can set set to something other than its default: a
 * service and what hangs on it (endpoints, query endpoint, upgrade window, settings, schedule), an API key with an IP
 * list, and observability objects (a webhook with headers, a saved search with filters, a dashboard with tags, containers and
 * filters, a source with its optional expressions, a range alert with a note, windows, a schedule and two channels on
 * the production wire), made through the emulator's APIs as a team would make them in the app.
 */
import type { Fixture } from "../../emulator";
import type { ObservabilityClient } from "../../provider/rest/observability/client";
import { managementClientFor } from "./clients";

/** A service named `every-field` and every management object on it, each with every field set. */
export async function makeManagementObjects(fixture: Fixture): Promise<{ serviceId: string; keyId: string }> {
  const { organizationId } = fixture;
  const management = managementClientFor(fixture, { throttle: "off" });
  const model = await management.services.details(organizationId, fixture.services.production);
  const made = await management.services.create(organizationId, {
    name: "every-field",
    provider: model.provider,
    region: model.region,
    ipAccessList: [
      { source: "10.0.0.0/8", description: "office" },
      { source: "192.0.2.7", description: "build agent" },
    ],
    minReplicaMemoryGb: 16,
    maxReplicaMemoryGb: 64,
    numReplicas: 3,
    idleScaling: true,
    idleTimeoutMinutes: 10,
    releaseChannel: "fast",
    tags: [
      { key: "team", value: "data" },
      { key: "cost-center", value: "42" },
    ],
  } as never);
  const serviceId = made.service.id;
  // A new service is provisioning for a moment; what hangs on it needs it running.
  while ((await management.services.details(organizationId, serviceId)).state !== "running") {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await management.services.updateBackupConfiguration(organizationId, serviceId, {
    backupPeriodInHours: 12,
    backupRetentionPeriodInHours: 72,
  } as never);
  const key = await management.keys.create(organizationId, {
    name: "Deploy from CI",
    roles: ["developer", "query_endpoints"],
    expireAt: "2031-01-01T00:00:00Z",
    state: "disabled",
    ipAccessList: [{ source: "198.51.100.0/24", description: "runners" }],
  } as never);
  // A custom role with a policy of each scope, SQL console tags, and the key as its actor.
  await management.roles.create(organizationId, {
    name: "Every field role",
    actors: [`apiKey/${key.key.id}`],
    policies: [
      {
        allowDeny: "ALLOW",
        permissions: ["control-plane:service:view", "sql-console:database:access"],
        resources: [`instance/${serviceId}`],
        tags: { roleV2: "sql-console-readonly", grants: ["analytics", "events"] },
      },
      {
        allowDeny: "DENY",
        permissions: ["control-plane:organization:manage-billing"],
        resources: [`organization/${organizationId}`],
      },
    ],
  });
  await management.reversePrivateEndpoints.create(organizationId, serviceId, {
    description: "To the queue",
    type: "VPC_ENDPOINT_SERVICE",
    vpcEndpointServiceName: "com.amazonaws.vpce.us-east-1.vpce-svc-0a1b2c3d4e5f60718",
  });
  await management.privateEndpoints.create(organizationId, serviceId, {
    id: "vpce-0fedcba9876543210",
    description: "Office VPN",
  });
  await management.serviceQueryEndpoints.upsert(organizationId, serviceId, {
    roles: ["sql_console_read_only"],
    openApiKeys: [key.key.id],
    allowedOrigins: "https://app.example.com",
  });
  await management.upgradeWindows.put(organizationId, serviceId, { weekday: 6, startHourUtc: 18 });
  await management.clickhouseSettings.update(organizationId, serviceId, {
    max_execution_time: "60",
    join_use_nulls: "1",
  });
  await management.scalingSchedules.replace(organizationId, serviceId, {
    entries: [
      { name: "Nightly batch", weekdays: [1, 2, 3, 4, 5], startHourUtc: 1, endHourUtc: 5, numReplicas: 4 },
      { name: "Weekend", weekdays: [0, 6], startHourUtc: 0, endHourUtc: 23, numReplicas: 2 },
    ],
  } as never);
  return { serviceId, keyId: key.key.id };
}

/**
 * Observability objects with every field set, on `observability` (the configured API or a managed ClickStack);
 * the production wire's alert fields only where `production`; more than one channel only off managed ClickStack,
 * whose alert (the published Cloud API's ClickStackCreateAlertRequest) has one `channel` and no `channels`. Returns
 * the alerts' ids.
 */
export async function makeObservabilityObjects(
  observability: ObservabilityClient,
  production: boolean,
  onManagedClickStack: boolean,
): Promise<string[]> {
  const connection = (await observability.sources.list())[0].connection as string;
  const webhook = await observability.webhooks.create({
    name: "Incident bridge",
    service: "generic",
    url: "https://hooks.example.com/incidents",
    description: "Pages the bridge",
    headers: { Authorization: "Bearer bridge-token" },
    queryParams: { channel: "ops" },
    body: '{"text": "{{title}}"}',
  } as never);
  const second = await observability.webhooks.create({
    name: "Chat room",
    service: "slack",
    url: "https://hooks.slack.com/services/T0000/B0000/YYYYYYYY",
  } as never);
  const source = await observability.sources.create({
    name: "App logs",
    kind: "log",
    connection,
    from: { databaseName: "default", tableName: "app_logs" },
    timestampValueExpression: "Timestamp",
    section: "Applications",
    querySettings: [{ setting: "max_threads", value: "4" }],
    defaultTableSelectExpression: "Timestamp, ServiceName, Body",
    serviceNameExpression: "ServiceName",
    severityTextExpression: "SeverityText",
    bodyExpression: "Body",
    eventAttributesExpression: "LogAttributes",
    resourceAttributesExpression: "ResourceAttributes",
    implicitColumnExpression: "Body",
    traceIdExpression: "TraceId",
    spanIdExpression: "SpanId",
    highlightedRowAttributeExpressions: [{ sqlExpression: "LogAttributes['user']", alias: "user" }],
  } as never);
  const search = await observability.savedSearches.create({
    name: "Checkout errors",
    sourceId: source.id,
    select: "Timestamp, Body",
    where: "SeverityText = 'error'",
    whereLanguage: "sql",
    orderBy: "Timestamp DESC",
    tags: ["checkout", "errors"],
    filters: [
      { type: "sql", condition: "ServiceName IN ('checkout', 'payments')" },
      { type: "sql", condition: "Duration BETWEEN 1000 AND 5000" },
    ],
  } as never);
  const dashboard = await observability.dashboards.create({
    name: "Checkout health",
    tiles: [
      {
        name: "Errors",
        x: 0,
        y: 0,
        w: 12,
        h: 4,
        config: {
          displayType: "line",
          sourceId: source.id,
          select: [{ aggFn: "count", where: "SeverityText = 'error'", whereLanguage: "sql" }],
        },
        containerId: "checkout",
        tabId: "errors",
      },
    ],
    containers: [
      {
        id: "checkout",
        title: "Checkout",
        collapsed: false,
        collapsible: true,
        bordered: true,
        tabs: [
          { id: "errors", title: "Errors" },
          { id: "latency", title: "Latency" },
        ],
      },
    ],
    savedQuery: "ServiceName = 'checkout'",
    savedQueryLanguage: "sql",
    savedFilterValues: [{ type: "sql", condition: "ServiceName IN ('checkout')" }],
    tags: ["checkout"],
    filters: [
      {
        type: "QUERY_EXPRESSION",
        name: "Service",
        expression: "ServiceName",
        sourceId: source.id,
        where: "ServiceName != ''",
        whereLanguage: "sql",
      },
    ],
  } as never);
  const tileId = (dashboard.tiles as Array<{ id: string }>)[0].id;
  const rangeFields = production
    ? {
        thresholdType: "between",
        thresholdMax: 20,
        note: "Page only in business hours",
        numConsecutiveWindows: 3,
        scheduleOffsetMinutes: 2,
        ...(onManagedClickStack
          ? {}
          : {
              channels: [
                { type: "webhook", webhookId: webhook.id },
                { type: "webhook", webhookId: second.id },
              ],
            }),
      }
    : { thresholdType: "above" };
  const tileAlert = await observability.alerts.create({
    name: "Checkout errors in range",
    message: "Checkout errors left the expected range",
    threshold: 5,
    interval: "15m",
    source: "tile",
    dashboardId: dashboard.id,
    tileId,
    channel: { type: "webhook", webhookId: webhook.id },
    ...rangeFields,
  } as never);
  const searchAlert = await observability.alerts.create({
    name: "Checkout errors by service",
    message: "Too few checkout errors reported",
    threshold: 1,
    interval: "1h",
    source: "search",
    thresholdType: "below",
    savedSearchId: search.id,
    groupBy: "ServiceName",
    channel: { type: "webhook", webhookId: second.id },
  } as never);
  return [tileAlert.id, searchAlert.id];
}
