import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

const config = new pulumi.Config();
const serviceId = config.require("serviceId");

// The MSK cluster is reached privately: a multi-VPC connection from the service to the cluster.
const msk = new chc.ReversePrivateEndpoint("orders-msk", {
  serviceId,
  type: "MSK_MULTI_VPC",
  description: "orders MSK cluster",
  mskClusterArn: "arn:aws:kafka:us-east-1:123456789012:cluster/orders/0c6e1f0a-3f3a-4b8e-9d2c-5e6f7a8b9c0d-2",
  mskAuthentication: "SASL_SCRAM",
});

const columns = [
  { name: "order_id", type: "UInt64" },
  { name: "customer", type: "String" },
  { name: "total", type: "Decimal(18, 2)" },
  { name: "placed_at", type: "DateTime64(3)" },
];

// The orders topic into a table the pipe makes. The password is a secret input, never read back.
const orders = new chc.ClickPipe("orders", {
  serviceId,
  name: "orders from MSK",
  source: {
    kafka: {
      type: "msk",
      format: "JSONEachRow",
      brokers: "b-1.orders.abc123.c2.kafka.us-east-1.amazonaws.com:9096",
      topics: "orders",
      authentication: "SCRAM-SHA-512",
      reversePrivateEndpointIds: [msk.id],
      offset: { strategy: "from_beginning" },
    },
  },
  credentials: { username: "clickpipes", password: config.requireSecret("kafkaPassword") },
  destination: {
    database: "default",
    table: "orders",
    managedTable: true,
    tableDefinition: { engine: { type: "MergeTree" }, sortingKey: ["placed_at", "order_id"] },
    columns,
  },
  fieldMappings: columns.map(({ name }) => ({ sourceField: name, destinationField: name })),
  scaling: { replicas: 2 },
});

// ClickPipes records what it could not ingest in a table beside the destination, <table>_clickpipes_error.
const errors = new chc.Source("orders-pipe-errors", {
  name: "orders pipe errors",
  kind: "log",
  connection: config.require("connectionId"),
  from: { databaseName: "default", tableName: "orders_clickpipes_error" },
  timestampValueExpression: config.get("errorTimestampColumn") ?? "_timestamp",
  defaultTableSelectExpression: config.get("errorSelect") ?? "*",
});

const allErrors = new chc.SavedSearch("orders-pipe-errors", {
  name: "orders pipe errors",
  sourceId: errors.id,
});

const errorAlert = new chc.Alert("orders-pipe-errors", {
  name: "orders pipe is dropping records",
  source: "search",
  savedSearchId: allErrors.id,
  threshold: 0,
  interval: "5m",
  thresholdType: "above",
  channel: { type: "webhook", webhookId: config.require("webhookId") },
});

export const pipeId = orders.id;
export const pipeState = orders.state;
export const consumerGroup = orders.source.apply(
  (source) => (source.kafka as { consumerGroup?: string }).consumerGroup,
);
export const alertId = errorAlert.id;
