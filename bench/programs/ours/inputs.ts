/**
 * The benchmark's resources as names and inputs, one builder per kind, shared by the program on our dynamic
 * classes (`ours`) and the one on the native plugin's type tokens (`native`), so both declare the same resources.
 */
import * as pulumi from "@pulumi/pulumi";
import type * as chc from "pulumi-clickhouse-cloud";
import { serviceLayouts, type LayoutContext, type ServiceLayout } from "./serviceLayouts";
import type { BenchFixtureIds, BenchKind } from "./settings";

interface BenchArgs {
  ReversePrivateEndpoint: chc.ReversePrivateEndpointArgs;
  ReplicaScaling: chc.ReplicaScalingArgs;
  ApiKey: chc.ApiKeyArgs;
  PrivateEndpoint: chc.PrivateEndpointArgs;
  Alert: chc.AlertArgs;
  Webhook: chc.WebhookArgs;
  SavedSearch: chc.SavedSearchArgs;
  Dashboard: chc.DashboardArgs;
  Source: chc.SourceArgs;
  Service: chc.ServiceArgs;
  ServiceQueryEndpoint: chc.ServiceQueryEndpointArgs;
  UpgradeWindow: chc.UpgradeWindowArgs;
  ServiceClickHouseSettings: chc.ServiceClickHouseSettingsArgs;
  ScalingSchedule: chc.ScalingScheduleArgs;
}

export type BenchResource<K extends BenchKind> = { readonly name: string; readonly args: BenchArgs[K] };
export type BenchBuilders = { readonly [K in BenchKind]: (i: number) => BenchResource<K> };

export interface BenchInputSettings {
  readonly fixture: BenchFixtureIds;
  /** Moves one updatable input of every resource (figure 3's update). */
  readonly revision: number;
  /** The day the scaling schedules' windows fall on. */
  readonly scheduleWeekday: number;
}

/** One resource of each kind per index; `revision` changes an input that updates in place where the API can. */
export function benchResources({ fixture, revision, scheduleWeekday }: BenchInputSettings): BenchBuilders {
  const { services } = fixture;
  const layoutContext: LayoutContext = { revision, apiKeyId: fixture.apiKeyId, scheduleWeekday };
  /** The resource of layout `i` of a kind bound to the fixture's services, on its service. */
  const onService =
    <Args extends { serviceId: pulumi.Input<string> }>(
      prefix: string,
      layouts: readonly ServiceLayout<Args>[],
    ) =>
    (i: number) => {
      const layout = layouts[i];
      if (layout === undefined)
        throw new Error(`no ${prefix}-${i}: the fixture's services carry ${layouts.length}`);
      const args = { serviceId: services[layout.service], ...layout.inputs(layoutContext) } as Args;
      return { name: `${prefix}-${i}`, args };
    };
  /** Services for endpoints, alternating so that both paid production services carry some. */
  const endpointService = (i: number) => (i % 2 === 0 ? services.production : services.secondary);
  return {
    // Every field replaces: the revision in the description makes the figure's "update" a replacement.
    ReversePrivateEndpoint: (i) => ({
      name: `rpe-${i}`,
      args: {
        serviceId: endpointService(i),
        type: "VPC_ENDPOINT_SERVICE",
        vpcEndpointServiceName: `com.amazonaws.vpce.us-east-1.vpce-svc-0bench${i}`,
        description: `bench endpoint ${i} r${revision}`,
      },
    }),
    ReplicaScaling: onService("scaling", serviceLayouts.ReplicaScaling),
    ApiKey: (i) => ({
      name: `key-${i}`,
      args: { name: `bench key ${i} r${revision}`, roles: ["developer"] },
    }),
    PrivateEndpoint: (i) => ({
      name: `endpoint-${i}`,
      args: {
        serviceId: endpointService(i),
        endpointId: `vpce-0bench${String(i).padStart(12, "0")}`,
        description: `bench private endpoint ${i} r${revision}`,
      },
    }),
    Alert: (i) => ({
      name: `alert-${i}`,
      args: {
        name: `bench alert ${i}`,
        source: "tile",
        dashboardId: fixture.dashboardId,
        tileId: fixture.tileId,
        threshold: 100 + i + revision,
        interval: "5m",
        thresholdType: "above",
        channel: { type: "webhook", webhookId: fixture.webhookId },
      },
    }),
    // The observability objects: `revision` changes an input each one updates in place. A webhook's service and
    // name are unique in a team: the stack's name keeps the programs' webhooks apart.
    Webhook: (i) => ({
      name: `webhook-${i}`,
      args: {
        name: `bench webhook ${i} ${pulumi.getStack()}`,
        service: "generic",
        url: `https://hooks.example.com/bench/${i}/r${revision}`,
      },
    }),
    SavedSearch: (i) => ({
      name: `search-${i}`,
      args: {
        name: `bench search ${i} r${revision}`,
        sourceId: fixture.sourceId,
        where: "SeverityText:error",
        whereLanguage: "lucene",
      },
    }),
    Dashboard: (i) => ({
      name: `dashboard-${i}`,
      args: {
        name: `bench dashboard ${i} r${revision}`,
        tiles: [
          {
            name: "Errors",
            x: 0,
            y: 0,
            w: 12,
            h: 4,
            config: { displayType: "line", sourceId: fixture.sourceId, select: [{ aggFn: "count" }] },
          },
        ],
      },
    }),
    Source: (i) => ({
      name: `source-${i}`,
      args: {
        name: `bench source ${i} r${revision}`,
        kind: "log",
        connection: fixture.connectionId,
        from: { databaseName: "default", tableName: "otel_logs" },
        timestampValueExpression: "TimestampTime",
        defaultTableSelectExpression: "Timestamp, ServiceName, SeverityText, Body",
      },
    }),
    // New services, each in a warehouse of its own. A create first looks for a service of the same name that an
    // interrupted run left, so the stack's name keeps apart the services of programs whose stacks live together
    // (figure 1's `ours` and `native`); `revision` renames the service in place.
    Service: (i) => ({
      name: `service-${i}`,
      args: {
        name: `${pulumi.getStack()} ${i} r${revision}`,
        provider: "aws",
        region: "us-east-1",
        ipAccessList: [{ source: "203.0.113.0/24", description: "bench office" }],
      },
    }),
    ServiceQueryEndpoint: onService("query-endpoint", serviceLayouts.ServiceQueryEndpoint),
    UpgradeWindow: onService("upgrade-window", serviceLayouts.UpgradeWindow),
    ServiceClickHouseSettings: onService("clickhouse-settings", serviceLayouts.ServiceClickHouseSettings),
    ScalingSchedule: onService("scaling-schedule", serviceLayouts.ScalingSchedule),
  };
}
