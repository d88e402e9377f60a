/**
 * The observability objects of the seeded world in full, as a team that set them up in the app would have them:
 * sources on the fixture's connection (OpenTelemetry tables), saved searches on the log source, webhooks of two
 * services, and dashboards whose tiles chart the sources. The ids come from the fixture, which draws them.
 */
import type { DashboardRecord, NamedId, SavedSearchRecord, SourceRecord, WebhookRecord } from "./types";

export interface SeededIds {
  dashboards: Array<NamedId & { tiles: NamedId[] }>;
  savedSearches: NamedId[];
  webhooks: NamedId[];
  /** Logs, Traces, Metrics, in this order. */
  sources: NamedId[];
  connection: NamedId;
}

export interface SeededObjects {
  dashboards: DashboardRecord[];
  savedSearches: SavedSearchRecord[];
  webhooks: WebhookRecord[];
  sources: SourceRecord[];
}

const database = "default";

export function seededObjects(ids: SeededIds, createdAt: string): SeededObjects {
  const [logs, traces, metrics] = ids.sources;
  const connection = ids.connection.id;
  const dated = { createdAt, updatedAt: createdAt };
  const sources: SourceRecord[] = [
    {
      ...logs,
      kind: "log",
      connection,
      from: { databaseName: database, tableName: "otel_logs" },
      timestampValueExpression: "TimestampTime",
      defaultTableSelectExpression: "Timestamp, ServiceName, SeverityText, Body",
      serviceNameExpression: "ServiceName",
      severityTextExpression: "SeverityText",
      bodyExpression: "Body",
    },
    {
      ...traces,
      kind: "trace",
      connection,
      from: { databaseName: database, tableName: "otel_traces" },
      timestampValueExpression: "Timestamp",
      defaultTableSelectExpression: "Timestamp, ServiceName, SpanName, Duration",
      durationExpression: "Duration",
      durationPrecision: 9,
      traceIdExpression: "TraceId",
      spanIdExpression: "SpanId",
      parentSpanIdExpression: "ParentSpanId",
      spanNameExpression: "SpanName",
      spanKindExpression: "SpanKind",
    },
    {
      ...metrics,
      kind: "metric",
      connection,
      from: { databaseName: database, tableName: "" },
      timestampValueExpression: "TimeUnix",
      metricTables: {
        gauge: "otel_metrics_gauge",
        sum: "otel_metrics_sum",
        histogram: "otel_metrics_histogram",
      },
      resourceAttributesExpression: "ResourceAttributes",
    },
  ];
  const [pager, chat] = ids.webhooks;
  const webhooks: WebhookRecord[] = [
    {
      ...pager,
      service: "generic",
      url: "https://hooks.example.com/on-call",
      body: '{"text": "{{title}}"}',
      ...dated,
    },
    { ...chat, service: "slack", url: "https://hooks.slack.com/services/T0000/B0000/XXXXXXXX", ...dated },
  ];
  const [checkoutErrors, slowQueries] = ids.savedSearches;
  const savedSearches: SavedSearchRecord[] = [
    search(checkoutErrors, logs.id, "ServiceName:checkout SeverityText:error", dated),
    search(slowQueries, traces.id, "Duration:>1000000000", dated),
  ];
  const dashboards: DashboardRecord[] = ids.dashboards.map((dashboard) => ({
    id: dashboard.id,
    name: dashboard.name,
    tiles: dashboard.tiles.map((tile, index) => ({
      ...tile,
      x: (index % 2) * 12,
      y: Math.floor(index / 2) * 4,
      w: 12,
      h: 4,
      config: {
        displayType: "line",
        sourceId: index === 0 ? logs.id : traces.id,
        select: [{ aggFn: "count", where: "", whereLanguage: "lucene" }],
      },
    })),
    tags: [],
    filters: [],
  }));
  return { dashboards, savedSearches, webhooks, sources };
}

function search(
  named: NamedId,
  sourceId: string,
  where: string,
  dated: { createdAt: string; updatedAt: string },
): SavedSearchRecord {
  return {
    ...named,
    sourceId,
    select: "",
    where,
    whereLanguage: "lucene",
    orderBy: "",
    tags: [],
    filters: [],
    ...dated,
  };
}
