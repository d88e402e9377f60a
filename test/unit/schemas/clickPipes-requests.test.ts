import { expect } from "chai";
import { validate } from "../../../provider/validation/validate";
import { expectOnlyProblem, expectValid } from "./expectations";

const endpointId = "7d1e9c2b-3a4f-4b5c-8d6e-0f1a2b3c4d5e";

const kafka = {
  type: "msk",
  format: "JSONEachRow",
  brokers: "b-1.example.internal:14001,b-2.example.internal:14002",
  topics: "orders",
  authentication: "SCRAM-SHA-512",
  credentials: { username: "pipe", password: "pipe-password-1" },
  reversePrivateEndpointIds: [endpointId],
};
const managedTable = {
  database: "default",
  table: "orders",
  managedTable: true,
  tableDefinition: { engine: { type: "MergeTree" }, sortingKey: ["id"] },
  columns: [
    { name: "id", type: "UInt64" },
    { name: "total", type: "Float64" },
  ],
};
const fieldMappings = [
  { sourceField: "id", destinationField: "id" },
  { sourceField: "total", destinationField: "total" },
];
const kafkaPipe = { name: "orders", source: { kafka }, destination: managedTable, fieldMappings };

const postgres = {
  host: "db.example.com",
  port: 5432,
  database: "shop",
  credentials: { username: "replicator", password: "replicator-password-1" },
  settings: { replicationMode: "cdc", syncIntervalSeconds: 30 },
  tableMappings: [{ sourceSchemaName: "public", sourceTable: "orders", targetTable: "public_orders" }],
};

describe("schemas: clickPipeCreate", () => {
  it("accepts a Kafka pipe into a managed table, an S3 pipe and a Postgres CDC pipe", () => {
    expectValid("clickPipeCreate", {
      ...kafkaPipe,
      scaling: { replicas: 2, replicaCpuMillicores: 500, replicaMemoryGb: 2 },
      settings: { streaming_max_insert_wait_ms: 5000, clickhouse_parallel_view_processing: true },
    });
    expectValid("clickPipeCreate", {
      name: "events",
      source: {
        objectStorage: {
          type: "s3",
          format: "JSONEachRow",
          url: "https://bucket.s3.amazonaws.com/events/**.ndjson.gz",
          compression: "auto",
          isContinuous: true,
          authentication: "IAM_USER",
          accessKey: { accessKeyId: "AKIAEXAMPLE", secretKey: "secret-key-1" },
        },
        validateSamples: true,
      },
      destination: managedTable,
      fieldMappings,
    });
    expectValid("clickPipeCreate", { name: "shop", source: { postgres }, destination: { database: "shop" } });
  });

  it("requires exactly one source, naming the families it knows", () => {
    for (const [source, got] of [
      [{}, "got none"],
      [{ validateSamples: true }, "got none"],
      [{ kafka, postgres }, "got kafka and postgres"],
    ] as const) {
      expectOnlyProblem(
        "clickPipeCreate",
        { ...kafkaPipe, source },
        "source",
        "source must name exactly one source: kafka, objectStorage, postgres, mysql, kinesis, pubsub, bigquery, mongodb",
        got,
      );
    }
  });
  it("refuses a source the API does not have, by its name", () => {
    const problems = validate("clickPipeCreate", {
      ...kafkaPipe,
      source: { sqs: { queueUrl: "https://sqs.us-east-1.amazonaws.com/1/q" } },
    });
    expect(problems.map((problem) => problem.property)).to.include("source.sqs");
  });

  it("names the Kafka fields a pipe cannot do without, and the flavour's values", () => {
    for (const field of ["type", "format", "brokers", "topics"] as const) {
      const { [field]: _left, ...rest } = kafka;
      expectOnlyProblem(
        "clickPipeCreate",
        { ...kafkaPipe, source: { kafka: rest } },
        `source.kafka.${field}`,
        "is required",
      );
    }
    expectOnlyProblem(
      "clickPipeCreate",
      { ...kafkaPipe, source: { kafka: { ...kafka, type: "pulsar" } } },
      "source.kafka.type",
      "msk",
    );
    expectOnlyProblem(
      "clickPipeCreate",
      { ...kafkaPipe, source: { kafka: { ...kafka, authentication: "OAUTHBEARER" } } },
      "source.kafka.authentication",
      "SCRAM-SHA-512",
    );
  });

  it("takes an offset's timestamp as a UTC minute, and only for the from_timestamp strategy", () => {
    const withOffset = (offset: object) => ({ ...kafkaPipe, source: { kafka: { ...kafka, offset } } });
    expectValid("clickPipeCreate", withOffset({ strategy: "from_timestamp", timestamp: "2026-01-31T08:15" }));
    expectValid("clickPipeCreate", withOffset({ strategy: "from_latest" }));
    expectOnlyProblem(
      "clickPipeCreate",
      withOffset({ strategy: "from_timestamp", timestamp: "2026-01-31T08:15:30Z" }),
      "source.kafka.offset.timestamp",
      "YYYY-MM-DDTHH:MM",
    );
    expectOnlyProblem(
      "clickPipeCreate",
      withOffset({ strategy: "from_timestamp" }),
      "source.kafka.offset.timestamp",
      "required when strategy is from_timestamp",
    );
    expect(
      validate("clickPipeCreate", withOffset({ strategy: "from_beginning", timestamp: "2026-01-31T08:15" })),
    ).to.have.length.greaterThan(0);
  });

  it("requires a schema registry over https, with its credentials", () => {
    const registry = {
      url: "https://registry.example.com",
      authentication: "PLAIN",
      credentials: { username: "registry", password: "registry-password-1" },
    };
    const withRegistry = (schemaRegistry: object) => ({
      ...kafkaPipe,
      source: { kafka: { ...kafka, format: "AvroConfluent", schemaRegistry } },
    });
    expectValid("clickPipeCreate", withRegistry(registry));
    expectOnlyProblem(
      "clickPipeCreate",
      withRegistry({ ...registry, url: "http://registry.example.com" }),
      "source.kafka.schemaRegistry.url",
      "https://",
    );
  });

  it("refuses a credential of no known shape, and an empty password", () => {
    expect(
      validate("clickPipeCreate", {
        ...kafkaPipe,
        source: { kafka: { ...kafka, credentials: { user: "pipe", pass: "x" } } },
      }).map((problem) => problem.property),
    ).to.include("source.kafka.credentials");
    const problems = validate("clickPipeCreate", {
      ...kafkaPipe,
      source: { kafka: { ...kafka, credentials: { username: "pipe", password: "" } } },
    });
    expect(problems.map((problem) => problem.property)).to.include("source.kafka.credentials");
    expect(JSON.stringify(problems)).to.not.include("pipe-password-1");
  });

  it("names a Postgres pipe's table mappings, port and settings bounds", () => {
    const withPostgres = (fields: object) => ({
      name: "shop",
      source: { postgres: { ...postgres, ...fields } },
      destination: { database: "shop" },
    });
    expectOnlyProblem(
      "clickPipeCreate",
      withPostgres({ tableMappings: [] }),
      "source.postgres.tableMappings",
    );
    expectOnlyProblem(
      "clickPipeCreate",
      withPostgres({ tableMappings: [{ sourceSchemaName: "public", sourceTable: "orders" }] }),
      "source.postgres.tableMappings[0].targetTable",
      "required",
    );
    expectOnlyProblem("clickPipeCreate", withPostgres({ port: 70000 }), "source.postgres.port", "65535");
    expectOnlyProblem(
      "clickPipeCreate",
      withPostgres({ settings: { snapshotNumRowsPerPartition: 10 } }),
      "source.postgres.settings.snapshotNumRowsPerPartition",
      "1000",
    );
    expectOnlyProblem(
      "clickPipeCreate",
      withPostgres({ settings: { replicationMode: "logical" } }),
      "source.postgres.settings.replicationMode",
      "cdc_only",
    );
  });

  it("names scaling and settings outside the API's bounds", () => {
    expectOnlyProblem(
      "clickPipeCreate",
      { ...kafkaPipe, scaling: { replicas: 41 } },
      "scaling.replicas",
      "40",
    );
    expectOnlyProblem(
      "clickPipeCreate",
      { ...kafkaPipe, scaling: { replicaMemoryGb: 0.25 } },
      "scaling.replicaMemoryGb",
      "0.5",
    );
    expectOnlyProblem(
      "clickPipeCreate",
      { ...kafkaPipe, settings: { object_storage_concurrency: 36 } },
      "settings.object_storage_concurrency",
      "35",
    );
    expectOnlyProblem(
      "clickPipeCreate",
      { ...kafkaPipe, settings: { streaming_max_insert_wait: 5000 } },
      "settings.streaming_max_insert_wait",
    );
  });
});

describe("schemas: clickPipeUpdate, the scaling, state, settings and CDC scaling requests", () => {
  it("accepts a rename, a Kafka credential, columns with their mappings and Postgres mapping changes", () => {
    expectValid("clickPipeUpdate", { name: "orders-v2" });
    expectValid("clickPipeUpdate", {
      source: { kafka: { credentials: { username: "pipe", password: "pipe-password-2" } } },
    });
    expectValid("clickPipeUpdate", { destination: { columns: managedTable.columns }, fieldMappings });
    expectValid("clickPipeUpdate", {
      source: {
        postgres: {
          tableMappingsToAdd: [
            { sourceSchemaName: "public", sourceTable: "refunds", targetTable: "public_refunds" },
          ],
          tableMappingsToRemove: [
            { sourceSchemaName: "public", sourceTable: "orders", targetTable: "public_orders" },
          ],
        },
      },
    });
  });

  it("refuses an empty update, field mappings without the columns, and a field only a create takes", () => {
    expect(validate("clickPipeUpdate", {})).to.have.length(1);
    expectOnlyProblem("clickPipeUpdate", { fieldMappings }, "destination", "destination.columns is required");
    expectOnlyProblem("clickPipeUpdate", { source: { kafka: { topics: "refunds" } } }, "source.kafka.topics");
    expectOnlyProblem(
      "clickPipeUpdate",
      { source: { postgres: { settings: { replicationMode: "snapshot" } } } },
      "source.postgres.settings.replicationMode",
    );
  });

  it("takes start, stop and resync as state commands, and scaling within bounds", () => {
    for (const command of ["start", "stop", "resync"]) expectValid("clickPipeStateUpdate", { command });
    expectOnlyProblem("clickPipeStateUpdate", { command: "pause" }, "command", "resync");
    expectValid("clickPipeScalingUpdate", { replicas: 3 });
    expectOnlyProblem("clickPipeScalingUpdate", { replicaCpuMillicores: 100 }, "replicaCpuMillicores", "125");
    expectValid("clickPipeSettingsUpdate", { clickhouse_max_threads: 8 });
  });

  it("takes a CDC scaling in whole cores with 4 GiB steps, naming the rule", () => {
    expectValid("clickPipesCdcScalingUpdate", { replicaCpuMillicores: 4000, replicaMemoryGb: 16 });
    expectOnlyProblem(
      "clickPipesCdcScalingUpdate",
      { replicaCpuMillicores: 1500, replicaMemoryGb: 8 },
      "replicaCpuMillicores",
      "whole cores",
    );
    expectOnlyProblem(
      "clickPipesCdcScalingUpdate",
      { replicaCpuMillicores: 2000, replicaMemoryGb: 130 },
      "replicaMemoryGb",
      "4 to 128 GiB",
    );
  });
});
