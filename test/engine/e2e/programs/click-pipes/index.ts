import * as pulumi from "@pulumi/pulumi";
import * as chc from "pulumi-clickhouse-cloud";

const config = new pulumi.Config("e2e");
const serviceId = config.require("serviceId");
const columns = [
  { name: "id", type: "UInt64" },
  { name: "total", type: "Float64" },
];

// The MSK cluster's private connection, which the Kafka pipe reaches its brokers through.
const msk = new chc.ReversePrivateEndpoint("msk", {
  serviceId,
  type: "MSK_MULTI_VPC",
  mskClusterArn: "arn:aws:kafka:us-east-1:123456789012:cluster/orders/0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0-2",
  mskAuthentication: "SASL_SCRAM",
  description: "orders MSK cluster",
});

const kafka = new chc.ClickPipe("orders", {
  serviceId,
  name: "orders",
  source: {
    kafka: {
      type: "msk",
      format: "JSONEachRow",
      brokers: "b-1.orders.abc123.c2.kafka.us-east-1.amazonaws.com:9096",
      topics: "orders",
      authentication: "SCRAM-SHA-512",
      reversePrivateEndpointIds: [msk.id],
    },
  },
  credentials: { username: "clickpipes", password: config.requireSecret("kafkaPassword") },
  destination: { database: "default", table: "orders", managedTable: true, columns },
  fieldMappings: columns.map(({ name }) => ({ sourceField: name, destinationField: name })),
  scaling: { replicas: config.requireNumber("kafkaReplicas") },
  state: config.require("kafkaState") as "Running" | "Stopped",
});

const s3 = new chc.ClickPipe("events", {
  serviceId,
  name: "events",
  source: {
    objectStorage: {
      type: "s3",
      format: config.get("s3Format") ?? "JSONEachRow",
      url: "https://events.s3.amazonaws.com/2026/*.json",
      isContinuous: true,
      authentication: "IAM_USER",
    },
  },
  credentials: { accessKeyId: "AKIAEXAMPLE", secretKey: config.requireSecret("s3SecretKey") },
  destination: { database: "default", table: "events", columns },
});

// A Postgres CDC pipe, once the config names its tables.
const tables = config.getObject<string[]>("postgresTables");
const postgres =
  tables === undefined
    ? undefined
    : new chc.ClickPipe("shop", {
        serviceId,
        name: "shop",
        source: {
          postgres: {
            host: "shop.cluster-abc.us-east-1.rds.amazonaws.com",
            port: config.getNumber("postgresPort") ?? 5432,
            database: "shop",
            tableMappings: tables.map((table) => ({
              sourceSchemaName: "public",
              sourceTable: table,
              targetTable: `public_${table}`,
            })),
          },
        },
        credentials: { username: "replicator", password: config.requireSecret("postgresPassword") },
        destination: { database: "shop" },
      });

// The compute the service's database pipes share, which the API has once the first one exists.
const cores = config.getNumber("cdcCores") ?? 2;
const cdc =
  postgres === undefined
    ? undefined
    : new chc.ClickPipesCdcScaling(
        "cdc",
        { serviceId, replicaCpuMillicores: cores * 1000, replicaMemoryGb: cores * 4 },
        { dependsOn: [postgres] },
      );

export const kafkaPipeId = kafka.id;
export const kafkaState = kafka.state;
export const kafkaStatus = kafka.status;
export const kafkaScaling = kafka.scaling;
export const kafkaSource = kafka.source;
export const s3PipeId = s3.id;
export const s3State = s3.state;
export const endpointId = msk.id;
export const postgresPipeId = postgres?.id;
export const postgresSource = postgres?.source;
export const cdcCpu = cdc?.replicaCpuMillicores;
