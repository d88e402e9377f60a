/**
 * A setup made outside Pulumi: one object of each kind `export` adopts, made through the emulator's APIs as by hand,
 * and the import file entries they must get (names from their names, ids as the APIs answered them).
 */
import type { Fixture } from "../../emulator";
import { tileAlertBody } from "./alertBodies";
import { managementClientFor, observabilityClientFor } from "./clients";

export const handMadeEndpointId = "vpce-0123456789abcdef0";

export interface HandMade {
  readonly key: string;
  readonly role: string;
  readonly alert: string;
  readonly reverse: string;
  readonly invitation: string;
  readonly clickPipe: string;
}

/**
 * An API key, a custom role the key holds, a pending invitation to that role, a reverse private endpoint, a private endpoint, a query API endpoint, an upgrade window, a ClickHouse
 * setting, a scaling schedule and a ClickPipe (of public files in S3, so that the adopting program needs no
 * credentials) of the production service, and a tile alert.
 */
export async function makeByHand(fixture: Fixture): Promise<HandMade> {
  const { organizationId, services } = fixture;
  // The emulator runs without rate limits; a client-side throttle would only slow the tests that make these.
  const management = managementClientFor(fixture, { throttle: "off" });
  const key = await management.keys.create(organizationId, { name: "CI deployer", roles: ["developer"] });
  const role = await management.roles.create(organizationId, {
    name: "Deployers",
    actors: [`apiKey/${key.key.id}`],
    policies: [
      { allowDeny: "ALLOW", permissions: ["control-plane:service:manage"], resources: ["instance/*"] },
    ],
  });
  const invitation = await management.invitations.create(organizationId, {
    email: "analyst@example.com",
    assignedRoleIds: [role.id],
  });
  const reverse = await management.reversePrivateEndpoints.create(organizationId, services.production, {
    description: "To the queue",
    type: "VPC_ENDPOINT_SERVICE",
    vpcEndpointServiceName: "com.amazonaws.vpce.us-east-1.vpce-svc-0a1b2c3d4e5f60718",
  });
  await management.privateEndpoints.create(organizationId, services.production, {
    id: handMadeEndpointId,
    description: "Office VPN",
  });
  // The production service's query API endpoint, for the key made above, and its upgrade window.
  await management.serviceQueryEndpoints.upsert(organizationId, services.production, {
    roles: ["sql_console_read_only"],
    openApiKeys: [key.key.id],
    allowedOrigins: "",
  });
  await management.upgradeWindows.put(organizationId, services.production, { weekday: 3, startHourUtc: 12 });
  await management.clickhouseSettings.update(organizationId, services.production, {
    max_execution_time: "60",
  });
  await management.scalingSchedules.replace(organizationId, services.production, {
    entries: [
      { name: "Nightly batch", weekdays: [1, 2, 3, 4, 5], startHourUtc: 1, endHourUtc: 5, numReplicas: 4 },
    ],
  });
  const clickPipe = await management.clickPipes.create(organizationId, services.production, {
    name: "Events from S3",
    source: {
      objectStorage: {
        type: "s3",
        format: "JSONEachRow",
        url: "https://public-events.s3.amazonaws.com/2026/*.json",
        isContinuous: true,
      },
    },
    destination: {
      database: "default",
      table: "events",
      managedTable: true,
      tableDefinition: { engine: { type: "MergeTree" }, sortingKey: ["id"] },
      columns: [
        { name: "id", type: "UInt64" },
        { name: "kind", type: "String" },
      ],
    },
    fieldMappings: [
      { sourceField: "id", destinationField: "id" },
      { sourceField: "kind", destinationField: "kind" },
    ],
  });
  const alert = await observabilityClientFor(fixture, { throttle: "off" }).alerts.create({
    ...tileAlertBody(fixture),
    name: "Error rate above 5%",
  });
  return {
    key: key.key.id,
    role: role.id,
    alert: alert.id,
    reverse: reverse.id,
    invitation: invitation.id,
    clickPipe: clickPipe.id,
  };
}

/**
 * The import file entries of `made` (the key's assignment to the role among them), of the production service, its scaling settings, query API endpoint, upgrade
 * window, ClickHouse settings and scaling schedule, and of the fixture's observability
 * objects, in the file's order: by kind, in the alphabetical order of the kinds' names, then by name.
 */
export function handMadeImports(fixture: Fixture, made: HandMade) {
  const { production } = fixture.services;
  const objects = fixtureObjects(fixture);
  return [
    { type: "clickhouse-cloud:index:Alert", name: "errorRateAbove5", id: made.alert },
    { type: "clickhouse-cloud:index:ApiKey", name: "ciDeployer", id: made.key },
    { type: "clickhouse-cloud:index:ClickPipe", name: "eventsFromS3", id: `${production}/${made.clickPipe}` },
    ...objects.dashboards,
    { type: "clickhouse-cloud:index:Invitation", name: "analystExampleCom", id: made.invitation },
    ...fixtureMembers(fixture),
    // The organization's settings, named by its name ("Emulated organization").
    {
      type: "clickhouse-cloud:index:OrganizationSettings",
      name: "emulatedOrganizationSettings",
      id: fixture.organizationId,
    },
    {
      type: "clickhouse-cloud:index:PrivateEndpoint",
      name: "officeVpn",
      id: `${production}/${handMadeEndpointId}`,
    },
    // The fixture's production service is "analytics-prod".
    { type: "clickhouse-cloud:index:ReplicaScaling", name: "analyticsProdScaling", id: production },
    {
      type: "clickhouse-cloud:index:ReversePrivateEndpoint",
      name: "toTheQueue",
      id: `${production}/${made.reverse}`,
    },
    { type: "clickhouse-cloud:index:Role", name: "deployers", id: made.role },
    // The key holds the role: the assignment is named by the role and the key.
    {
      type: "clickhouse-cloud:index:RoleAssignment",
      name: "deployersCiDeployer",
      id: `${made.role}/apiKey/${made.key}`,
    },
    ...objects.savedSearches,
    { type: "clickhouse-cloud:index:ScalingSchedule", name: "analyticsProdScalingSchedule", id: production },
    { type: "clickhouse-cloud:index:Service", name: "analyticsProd", id: production },
    {
      type: "clickhouse-cloud:index:ServiceClickHouseSettings",
      name: "analyticsProdClickhouseSettings",
      id: production,
    },
    {
      type: "clickhouse-cloud:index:ServiceQueryEndpoint",
      name: "analyticsProdQueryEndpoint",
      id: production,
    },
    ...objects.sources,
    { type: "clickhouse-cloud:index:UpgradeWindow", name: "analyticsProdUpgradeWindow", id: production },
    ...objects.webhooks,
  ];
}

/** The import file entries of the fixture's members (made outside any program), named by their emails. */
export function fixtureMembers(fixture: Fixture) {
  return [
    { type: "clickhouse-cloud:index:Member", name: "adminExampleCom", id: fixture.members.admin },
    { type: "clickhouse-cloud:index:Member", name: "developerExampleCom", id: fixture.members.developer },
  ];
}

/**
 * The import file entries of the fixture's observability objects, which a team set up in the app, by kind: its
 * webhooks, saved searches, dashboards and sources, each kind's in the file's order (by name).
 */
export function fixtureObjects(fixture: Fixture) {
  const [pager, chat] = fixture.webhooks;
  const [checkout, slow] = fixture.savedSearches;
  const [health, ingestion] = fixture.dashboards;
  const [logs, traces, metrics] = fixture.sources;
  const entry = (kind: string, name: string, object: { id: string } | undefined) => ({
    type: `clickhouse-cloud:index:${kind}`,
    name,
    id: object?.id,
  });
  return {
    dashboards: [entry("Dashboard", "ingestion", ingestion), entry("Dashboard", "serviceHealth", health)],
    savedSearches: [
      entry("SavedSearch", "errorsInCheckout", checkout),
      entry("SavedSearch", "slowQueries", slow),
    ],
    sources: [
      entry("Source", "logs", logs),
      entry("Source", "metrics", metrics),
      entry("Source", "traces", traces),
    ],
    webhooks: [entry("Webhook", "onCallPager", pager), entry("Webhook", "teamChat", chat)],
  };
}

/** The import file entries of the fixture's observability objects, in the file's order. */
export function fixtureObjectImports(fixture: Fixture) {
  const objects = fixtureObjects(fixture);
  return [...objects.dashboards, ...objects.savedSearches, ...objects.sources, ...objects.webhooks];
}
