import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

// The one id this program needs from outside: the connection (a ClickHouse server) the service's ClickStack reads.
const config = new pulumi.Config();

// The service. `pulumi up` waits until it runs; the password the API generates is a secret output. The IP list and
// the tags are sets: their order never shows as a change.
const service = new chc.Service("analytics", {
  name: "analytics",
  provider: "aws",
  region: "us-east-1",
  ipAccessList: [
    { source: "203.0.113.0/24", description: "office" },
    { source: "198.51.100.7", description: "CI runner" },
  ],
  tags: { team: "data", env: "prod" },
  backupPeriodInHours: 12,
  backupRetentionPeriodInHours: 72,
});

// Queries over HTTPS: a key for the dashboards, and the service's query API endpoint open to it alone.
const queryKey = new chc.ApiKey("dashboards-key", {
  name: "analytics dashboards",
  roles: ["query_endpoints"],
});
new chc.ServiceQueryEndpoint("query-endpoint", {
  serviceId: service.id,
  roles: ["sql_console_read_only"],
  openApiKeys: [queryKey.id],
  allowedOrigins: "https://dashboards.example.com",
});

// Inbound, the application VPC's endpoint; outbound, the orders Postgres the service reads for change data capture.
new chc.PrivateEndpoint("app-vpc", {
  serviceId: service.id,
  endpointId: "vpce-0a1b2c3d4e5f60718",
  description: "application VPC (us-east-1)",
});
const ordersPostgres = new chc.ReversePrivateEndpoint("orders-postgres", {
  serviceId: service.id,
  type: "VPC_ENDPOINT_SERVICE",
  description: "CDC source: orders Postgres",
  vpcEndpointServiceName: "com.amazonaws.vpce.us-east-1.vpce-svc-0a1b2c3d4e5f60718",
});

// ClickStack on the new service, managed by ClickHouse Cloud: each object names the service it lives in, so no
// observability URL or token is configured. Logs, a webhook for the on-call channel, and an alert on errors.
const onTheService = { clickstackServiceId: service.id };
const logs = new chc.Source("logs", {
  ...onTheService,
  name: "Analytics logs",
  kind: "log",
  connection: config.require("connectionId"),
  from: { databaseName: "default", tableName: "otel_logs" },
  timestampValueExpression: "TimestampTime",
  defaultTableSelectExpression: "Timestamp, ServiceName, SeverityText, Body",
});
const onCall = new chc.Webhook("on-call", {
  ...onTheService,
  name: "Analytics on-call",
  service: "generic",
  url: "https://hooks.example.com/analytics-on-call",
});
const errors = new chc.SavedSearch("errors", {
  ...onTheService,
  name: "Analytics errors",
  sourceId: logs.id,
  where: "SeverityText:error",
  whereLanguage: "lucene",
});
new chc.Alert("error-spike", {
  ...onTheService,
  name: "Analytics error spike",
  source: "search",
  savedSearchId: errors.id,
  threshold: 25,
  interval: "5m",
  thresholdType: "above",
  channel: { type: "webhook", webhookId: onCall.id },
});

export const serviceId = service.id;
export const endpoints = service.endpoints;
export const password = service.password;
export const ordersPostgresDnsNames = ordersPostgres.dnsNames;
