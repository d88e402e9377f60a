/**
 * ClickPipe create requests the tests send: a Kafka pipe into a managed table and a Postgres CDC pipe, each with
 * credentials whose values a test can look for in what it must never show.
 */
import type { ClickPipeCreateSchema } from "../../provider/rest/schemaTypes";

export const kafkaPassword = "pipe-password-1";
export const postgresPassword = "replicator-password-1";

export const orderColumns = [
  { name: "id", type: "UInt64" },
  { name: "total", type: "Float64" },
];

export const kafkaPipe = {
  name: "orders",
  source: {
    kafka: {
      type: "confluent",
      format: "JSONEachRow",
      brokers: "pkc-1.example.confluent.cloud:9092",
      topics: "orders",
      authentication: "PLAIN",
      credentials: { username: "pipe", password: kafkaPassword },
    },
  },
  destination: { database: "default", table: "orders", managedTable: true, columns: orderColumns },
  fieldMappings: [
    { sourceField: "id", destinationField: "id" },
    { sourceField: "total", destinationField: "total" },
  ],
} satisfies ClickPipeCreateSchema;

export const postgresOrders = {
  sourceSchemaName: "public",
  sourceTable: "orders",
  targetTable: "public_orders",
};

export const postgresPipe = {
  name: "shop",
  source: {
    postgres: {
      host: "db.example.com",
      port: 5432,
      database: "shop",
      credentials: { username: "replicator", password: postgresPassword },
      tableMappings: [postgresOrders],
    },
  },
  destination: { database: "shop" },
} satisfies ClickPipeCreateSchema;
