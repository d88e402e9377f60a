/**
 * JSON Schemas of ClickPipes, the pipes that bring data into a service (`.../services/{serviceId}/clickpipes`), as
 * ClickHouse Cloud's published OpenAPI states them: the create (ClickPipePostRequest), the update
 * (ClickPipePatchRequest), the scaling, state and settings requests, the database pipes' shared scaling
 * (`.../clickpipesCdcScaling`), and the pipe as the API shows it (ClickPipe). The specification of the `spec` wire has
 * no ClickPipes; both wires serve them as the OpenAPI does.
 *
 * Requests reject unknown fields at every level. The OpenAPI marks almost nothing required; what these schemas
 * require comes from the fields' descriptions (a Kafka pipe names its brokers and topics, an offset from a timestamp
 * names the timestamp) and is noted where it is. Credentials exist only in requests: no answer carries them. Answers
 * are checked only in what a client reads, and every answer field may be null, as the real API answers for what is
 * unset.
 */
import type { SchemaObject } from "ajv";
import { nonEmptyString, requiredWhen, ruleKeyword } from "./common";
import {
  clickPipeCdcTableEngines,
  clickPipeCompressions,
  clickPipeDatabaseAuthentications,
  clickPipeKafkaAuthentications,
  clickPipeKafkaFormats,
  clickPipeKafkaOffsetStrategies,
  clickPipeKafkaTypes,
  clickPipeObjectStorageAuthentications,
  clickPipeObjectStorageFormats,
  clickPipeObjectStorageTypes,
  clickPipePostgresTypes,
  clickPipeReplicationModes,
  clickPipeStateCommands,
  clickPipeTableEngines,
} from "./enums";

const uuid = {
  type: "string",
  pattern: "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
  [ruleKeyword]: "must be a uuid",
} as const;

const uniqueNames = { type: "array", uniqueItems: true, items: nonEmptyString } as const;

/** A closed object whose fields are all required non-empty strings. */
function stringFields<Name extends string>(...names: Name[]) {
  return {
    type: "object",
    additionalProperties: false,
    required: names,
    properties: Object.fromEntries(names.map((name) => [name, nonEmptyString])) as Record<
      Name,
      typeof nonEmptyString
    >,
  } as const;
}

// Credentials: every one is write-only (no answer schema has it).

/** A user name and password (Kafka PLAIN and SCRAM, and the database families' `credentials`). */
const usernameAndPassword = stringFields("username", "password");

/** An AWS IAM user's access key (Kafka IAM_USER on MSK, object storage IAM_USER). */
const accessKey = stringFields("accessKeyId", "secretKey");

/** Azure Event Hubs' connection string (Kafka PLAIN on azureeventhub). */
const eventHubConnectionString = stringFields("connectionString");

/** A client certificate and its private key, PEM encoded (Kafka MUTUAL_TLS). */
const mutualTls = stringFields("certificate", "privateKey");

// Kafka.

/** Where a new consumer group starts reading; a timestamp is a UTC minute, `YYYY-MM-DDTHH:MM`. */
const kafkaOffset = {
  type: "object",
  additionalProperties: false,
  required: ["strategy"],
  properties: {
    strategy: { enum: [...clickPipeKafkaOffsetStrategies] },
    timestamp: {
      type: "string",
      pattern: "^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])T([01]\\d|2[0-3]):[0-5]\\d$",
      [ruleKeyword]: "must be a UTC minute written YYYY-MM-DDTHH:MM (e.g. 2026-01-31T08:15)",
    },
  },
  // The OpenAPI: the timestamp is required for the from_timestamp strategy (and means nothing for the others).
  ...requiredWhen("strategy", "from_timestamp", ["timestamp"]),
  else: {
    not: { required: ["timestamp"], properties: { timestamp: {} } },
    [ruleKeyword]: "takes a timestamp only with strategy from_timestamp",
  },
} as const;

/** A schema registry's fields but its credentials: its URL must be HTTPS (the OpenAPI's words), PLAIN its only authentication. */
const kafkaSchemaRegistryFields = {
  url: { type: "string", pattern: "^https://[^\\s/]+", [ruleKeyword]: "must be an https:// URL" },
  authentication: { enum: ["PLAIN"] },
  caCertificate: nonEmptyString,
} as const;

/** A schema registry as sent. */
const kafkaSchemaRegistryRequest = {
  type: "object",
  additionalProperties: false,
  required: ["url", "authentication", "credentials"],
  properties: { ...kafkaSchemaRegistryFields, credentials: usernameAndPassword },
} as const;

/** A schema registry as a program describes it: its credentials are an input of their own. */
const kafkaSchemaRegistryInput = {
  type: "object",
  additionalProperties: false,
  required: ["url", "authentication"],
  properties: kafkaSchemaRegistryFields,
} as const;

/** The Kafka source's fields that both the create and the update take, but the credentials. */
const kafkaPatchableSettings = {
  authentication: { enum: [...clickPipeKafkaAuthentications] },
  iamRole: nonEmptyString,
  caCertificate: nonEmptyString,
  reversePrivateEndpointIds: { type: "array", uniqueItems: true, items: uuid },
} as const;

const kafkaPatchableFields = {
  ...kafkaPatchableSettings,
  credentials: { oneOf: [usernameAndPassword, accessKey, eventHubConnectionString, mutualTls] },
} as const;

/** The Kafka source's fields that only a create takes. Brokers (comma-separated `host:port`) and topics are what a pipe reads. */
const kafkaCreateOnlyFields = {
  type: { enum: [...clickPipeKafkaTypes] },
  format: { enum: [...clickPipeKafkaFormats] },
  brokers: nonEmptyString,
  topics: nonEmptyString,
  consumerGroup: nonEmptyString,
  offset: kafkaOffset,
  exactlyOnce: { type: "boolean" },
} as const;

const kafkaRequired = ["type", "format", "brokers", "topics"] as const;

/** `source.kafka` of a create. */
const kafkaSourceCreate = {
  type: "object",
  additionalProperties: false,
  required: kafkaRequired,
  properties: {
    ...kafkaCreateOnlyFields,
    schemaRegistry: kafkaSchemaRegistryRequest,
    ...kafkaPatchableFields,
  },
} as const;

/** `source.kafka` as a program describes it: every field of the create but the credentials. */
const kafkaSourceInput = {
  type: "object",
  additionalProperties: false,
  required: kafkaRequired,
  properties: {
    ...kafkaCreateOnlyFields,
    schemaRegistry: kafkaSchemaRegistryInput,
    ...kafkaPatchableSettings,
  },
} as const;

/** `source.kafka` of an update: only its authentication, private endpoints and certificate change in place. */
const kafkaSourceUpdate = {
  type: "object",
  additionalProperties: false,
  minProperties: 1,
  properties: kafkaPatchableFields,
} as const;

// Object storage.

/** The object storage source's fields that both the create and the update take, but the credentials. */
const objectStoragePatchableSettings = {
  skipInitialLoad: { type: "boolean" },
  startAfter: nonEmptyString,
  authentication: { enum: [...clickPipeObjectStorageAuthentications] },
  iamRole: nonEmptyString,
  path: nonEmptyString,
  azureContainerName: nonEmptyString,
} as const;

const objectStoragePatchableFields = {
  ...objectStoragePatchableSettings,
  accessKey,
  serviceAccountKey: nonEmptyString,
  connectionString: nonEmptyString,
} as const;

const objectStorageCreateOnlyFields = {
  type: { enum: [...clickPipeObjectStorageTypes] },
  format: { enum: [...clickPipeObjectStorageFormats] },
  url: nonEmptyString,
  delimiter: { type: "string", minLength: 1 },
  compression: { enum: [...clickPipeCompressions] },
  isContinuous: { type: "boolean" },
  queueUrl: nonEmptyString,
} as const;

/** `source.objectStorage` of a create. */
const objectStorageSourceCreate = {
  type: "object",
  additionalProperties: false,
  required: ["type", "format"],
  properties: { ...objectStorageCreateOnlyFields, ...objectStoragePatchableFields },
} as const;

/** `source.objectStorage` as a program describes it: every field of the create but the credentials. */
const objectStorageSourceInput = {
  type: "object",
  additionalProperties: false,
  required: ["type", "format"],
  properties: { ...objectStorageCreateOnlyFields, ...objectStoragePatchableSettings },
} as const;

/** `source.objectStorage` of an update. */
const objectStorageSourceUpdate = {
  type: "object",
  additionalProperties: false,
  minProperties: 1,
  properties: objectStoragePatchableFields,
} as const;

// Postgres.

const positiveInteger = { type: "integer", minimum: 1 } as const;
const port = { type: "integer", minimum: 1, maximum: 65535 } as const;

/** A Postgres pipe's settings as a create sends them; only the first two change in place. */
const postgresSettings = {
  type: "object",
  additionalProperties: false,
  properties: {
    syncIntervalSeconds: positiveInteger,
    pullBatchSize: positiveInteger,
    publicationName: nonEmptyString,
    replicationMode: { enum: [...clickPipeReplicationModes] },
    replicationSlotName: nonEmptyString,
    allowNullableColumns: { type: "boolean" },
    initialLoadParallelism: positiveInteger,
    snapshotNumRowsPerPartition: { type: "integer", minimum: 1000 },
    snapshotNumberOfParallelTables: positiveInteger,
    enableFailoverSlots: { type: "boolean" },
    deleteOnMerge: { type: "boolean" },
  },
} as const;

const postgresSettingsUpdate = {
  type: "object",
  additionalProperties: false,
  minProperties: 1,
  properties: { syncIntervalSeconds: positiveInteger, pullBatchSize: positiveInteger },
} as const;

/** Which Postgres table a pipe replicates into which ClickHouse table, and how. */
const postgresTableMapping = {
  type: "object",
  additionalProperties: false,
  // The three names identify a mapping: a removal names only them.
  required: ["sourceSchemaName", "sourceTable", "targetTable"],
  properties: {
    sourceSchemaName: nonEmptyString,
    sourceTable: nonEmptyString,
    targetTable: nonEmptyString,
    excludedColumns: uniqueNames,
    useCustomSortingKey: { type: "boolean" },
    sortingKeys: uniqueNames,
    tableEngine: { enum: [...clickPipeCdcTableEngines] },
    partitionKey: nonEmptyString,
    partitionByExpr: nonEmptyString,
  },
} as const;

const postgresTableMappingRemoval = stringFields("sourceSchemaName", "sourceTable", "targetTable");

/** The Postgres source's connection fields that both the create and the update take, but the credentials. */
const postgresConnectionSettings = {
  host: nonEmptyString,
  port,
  database: nonEmptyString,
  tlsHost: nonEmptyString,
  caCertificate: nonEmptyString,
  disableTls: { type: "boolean" },
  skipCertVerification: { type: "boolean" },
} as const;

const postgresConnectionFields = { ...postgresConnectionSettings, credentials: usernameAndPassword } as const;

const postgresCreateOnlyFields = {
  type: { enum: [...clickPipePostgresTypes] },
  authentication: { enum: [...clickPipeDatabaseAuthentications] },
  iamRole: nonEmptyString,
  settings: postgresSettings,
  tableMappings: { type: "array", minItems: 1, items: postgresTableMapping },
} as const;

const postgresRequired = ["host", "port", "database", "tableMappings"] as const;

/** `source.postgres` of a create. */
const postgresSourceCreate = {
  type: "object",
  additionalProperties: false,
  required: postgresRequired,
  properties: { ...postgresCreateOnlyFields, ...postgresConnectionFields },
} as const;

/** `source.postgres` as a program describes it: every field of the create but the credentials. */
const postgresSourceInput = {
  type: "object",
  additionalProperties: false,
  required: postgresRequired,
  properties: { ...postgresCreateOnlyFields, ...postgresConnectionSettings },
} as const;

/** `source.postgres` of an update: the connection, two settings, and table mappings added or removed. */
const postgresSourceUpdate = {
  type: "object",
  additionalProperties: false,
  minProperties: 1,
  properties: {
    ...postgresConnectionFields,
    settings: postgresSettingsUpdate,
    tableMappingsToAdd: { type: "array", items: postgresTableMapping },
    tableMappingsToRemove: { type: "array", items: postgresTableMappingRemoval },
  },
} as const;

// Kinesis.

/** A Kinesis source's fields that both the create and the update take, but the access key. */
const kinesisPatchableSettings = {
  authentication: { enum: ["IAM_ROLE", "IAM_USER"] },
  iamRole: nonEmptyString,
} as const;

const kinesisCreateOnlyFields = {
  format: { enum: ["JSONEachRow", "Avro", "AvroConfluent"] },
  streamName: nonEmptyString,
  region: nonEmptyString,
  useEnhancedFanOut: { type: "boolean" },
  iteratorType: { enum: ["TRIM_HORIZON", "LATEST", "AT_TIMESTAMP"] },
  // A UNIX time in seconds, for AT_TIMESTAMP only.
  timestamp: { type: "integer", minimum: 0 },
} as const;

// The OpenAPI marks nothing required; a stream, its region, format, iterator and authentication are what a pipe reads.
const kinesisRequired = ["format", "streamName", "region", "iteratorType", "authentication"] as const;
const kinesisTimestampRule = {
  ...requiredWhen("iteratorType", "AT_TIMESTAMP", []),
  then: { required: ["timestamp"], properties: { timestamp: kinesisCreateOnlyFields.timestamp } },
  else: {
    not: { required: ["timestamp"], properties: { timestamp: {} } },
    [ruleKeyword]: "takes a timestamp only with iteratorType AT_TIMESTAMP",
  },
} as const;

const kinesisSourceCreate = {
  type: "object",
  additionalProperties: false,
  required: kinesisRequired,
  properties: { ...kinesisCreateOnlyFields, ...kinesisPatchableSettings, accessKey },
  ...kinesisTimestampRule,
} as const;

const kinesisSourceInput = {
  type: "object",
  additionalProperties: false,
  required: kinesisRequired,
  properties: { ...kinesisCreateOnlyFields, ...kinesisPatchableSettings },
  ...kinesisTimestampRule,
} as const;

const kinesisSourceUpdate = {
  type: "object",
  additionalProperties: false,
  minProperties: 1,
  properties: { ...kinesisPatchableSettings, accessKey },
} as const;

// Pub/Sub.

/** A GCP service account's JSON key, base64 encoded (Pub/Sub and BigQuery). */
const serviceAccount = stringFields("serviceAccountFile");

const pubsubCreateOnlyFields = {
  format: { enum: ["JSONEachRow", "Avro", "Protobuf"] },
  projectId: nonEmptyString,
  topic: nonEmptyString,
  seekType: { enum: ["latest", "earliest", "timestamp"] },
  seekTimestamp: { type: "string", format: "date-time" },
  filter: { type: "string", minLength: 1, maxLength: 256 },
  enableOrdering: { type: "boolean" },
} as const;

const pubsubPatchableSettings = {
  authentication: { enum: ["SERVICE_ACCOUNT"] },
  ackDeadline: { type: "integer", minimum: 10, maximum: 600 },
} as const;

// The OpenAPI: seekTimestamp is required with seekType timestamp and must be left out otherwise.
const pubsubSeekRule = {
  ...requiredWhen("seekType", "timestamp", []),
  then: { required: ["seekTimestamp"], properties: { seekTimestamp: pubsubCreateOnlyFields.seekTimestamp } },
  else: {
    not: { required: ["seekTimestamp"], properties: { seekTimestamp: {} } },
    [ruleKeyword]: "takes seekTimestamp only with seekType timestamp",
  },
} as const;

const pubsubSourceCreate = {
  type: "object",
  additionalProperties: false,
  required: ["format", "projectId", "topic", "authentication", "seekType", "serviceAccountKey"],
  properties: { ...pubsubCreateOnlyFields, ...pubsubPatchableSettings, serviceAccountKey: serviceAccount },
  ...pubsubSeekRule,
} as const;

const pubsubSourceInput = {
  type: "object",
  additionalProperties: false,
  required: ["format", "projectId", "topic", "authentication", "seekType"],
  properties: { ...pubsubCreateOnlyFields, ...pubsubPatchableSettings },
  ...pubsubSeekRule,
} as const;

/** The OpenAPI's update of a Pub/Sub source names its authentication and service account key every time. */
const pubsubSourceUpdate = {
  type: "object",
  additionalProperties: false,
  required: ["authentication", "serviceAccountKey"],
  properties: { ...pubsubPatchableSettings, serviceAccountKey: serviceAccount },
} as const;

// MySQL.

const mysqlSettings = {
  type: "object",
  additionalProperties: false,
  required: ["replicationMode"],
  properties: {
    syncIntervalSeconds: positiveInteger,
    pullBatchSize: positiveInteger,
    replicationMode: { enum: [...clickPipeReplicationModes] },
    replicationMechanism: { enum: ["GTID", "FILE_POS"] },
    useCompression: { type: "boolean" },
    allowNullableColumns: { type: "boolean" },
    initialLoadParallelism: positiveInteger,
    snapshotNumRowsPerPartition: { type: "integer", minimum: 1000 },
    snapshotNumberOfParallelTables: positiveInteger,
    deleteOnMerge: { type: "boolean" },
  },
} as const;

const mysqlSettingsUpdate = {
  type: "object",
  additionalProperties: false,
  minProperties: 1,
  properties: {
    syncIntervalSeconds: positiveInteger,
    pullBatchSize: positiveInteger,
    useCompression: { type: "boolean" },
  },
} as const;

const mysqlTableMapping = {
  type: "object",
  additionalProperties: false,
  required: ["sourceSchemaName", "sourceTable", "targetTable"],
  properties: {
    sourceSchemaName: nonEmptyString,
    sourceTable: nonEmptyString,
    targetTable: nonEmptyString,
    excludedColumns: uniqueNames,
    useCustomSortingKey: { type: "boolean" },
    sortingKeys: uniqueNames,
    tableEngine: { enum: [...clickPipeCdcTableEngines] },
    partitionKey: nonEmptyString,
  },
} as const;

const mysqlConnectionSettings = {
  host: nonEmptyString,
  port,
  authentication: { enum: [...clickPipeDatabaseAuthentications] },
  iamRole: nonEmptyString,
  tlsHost: nonEmptyString,
  caCertificate: nonEmptyString,
  disableTls: { type: "boolean" },
  skipCertVerification: { type: "boolean" },
  serverId: { type: "integer", minimum: 1, maximum: 4294967295 },
} as const;

const mysqlCreateOnlyFields = {
  type: { enum: ["mysql", "rdsmysql", "auroramysql", "mariadb", "rdsmariadb"] },
  settings: mysqlSettings,
  tableMappings: { type: "array", minItems: 1, items: mysqlTableMapping },
} as const;

const mysqlRequired = ["host", "port", "settings", "tableMappings"] as const;

const mysqlSourceCreate = {
  type: "object",
  additionalProperties: false,
  required: mysqlRequired,
  properties: { ...mysqlCreateOnlyFields, ...mysqlConnectionSettings, credentials: usernameAndPassword },
} as const;

const mysqlSourceInput = {
  type: "object",
  additionalProperties: false,
  required: mysqlRequired,
  properties: { ...mysqlCreateOnlyFields, ...mysqlConnectionSettings },
} as const;

/** The OpenAPI's update of a MySQL source names its host and port every time. */
const mysqlSourceUpdate = {
  type: "object",
  additionalProperties: false,
  required: ["host", "port"],
  properties: {
    ...mysqlConnectionSettings,
    credentials: usernameAndPassword,
    settings: mysqlSettingsUpdate,
    tableMappingsToAdd: { type: "array", items: mysqlTableMapping },
    tableMappingsToRemove: {
      type: "array",
      items: stringFields("sourceSchemaName", "sourceTable", "targetTable"),
    },
  },
} as const;

// BigQuery: a snapshot of tables, staged in GCS; the API changes none of it in place.

const bigqueryTableMapping = {
  type: "object",
  additionalProperties: false,
  required: ["sourceDatasetName", "sourceTable", "targetTable"],
  properties: {
    sourceDatasetName: nonEmptyString,
    sourceTable: nonEmptyString,
    targetTable: nonEmptyString,
    excludedColumns: uniqueNames,
    useCustomSortingKey: { type: "boolean" },
    sortingKeys: uniqueNames,
    tableEngine: { enum: [...clickPipeCdcTableEngines] },
  },
} as const;

const bigqueryCreateFields = {
  snapshotStagingPath: { type: "string", pattern: "^gs://", [ruleKeyword]: "must be a gs:// path" },
  settings: {
    type: "object",
    additionalProperties: false,
    properties: {
      replicationMode: { enum: ["snapshot"] },
      allowNullableColumns: { type: "boolean" },
      initialLoadParallelism: positiveInteger,
      snapshotNumRowsPerPartition: positiveInteger,
      snapshotNumberOfParallelTables: positiveInteger,
    },
  },
  tableMappings: { type: "array", minItems: 1, items: bigqueryTableMapping },
} as const;

// The OpenAPI marks nothing required; a staging path and the tables are what a pipe copies.
const bigqueryRequired = ["snapshotStagingPath", "tableMappings"] as const;

const bigquerySourceCreate = {
  type: "object",
  additionalProperties: false,
  required: [...bigqueryRequired, "credentials"],
  properties: { ...bigqueryCreateFields, credentials: serviceAccount },
} as const;

const bigquerySourceInput = {
  type: "object",
  additionalProperties: false,
  required: bigqueryRequired,
  properties: bigqueryCreateFields,
} as const;

// MongoDB.

const mongodbTableMapping = {
  type: "object",
  additionalProperties: false,
  required: ["sourceDatabaseName", "sourceCollection", "targetTable"],
  properties: {
    sourceDatabaseName: nonEmptyString,
    sourceCollection: nonEmptyString,
    targetTable: nonEmptyString,
    tableEngine: { enum: [...clickPipeCdcTableEngines] },
  },
} as const;

const mongodbConnectionSettings = {
  uri: {
    type: "string",
    pattern: "^mongodb(\\+srv)?://",
    [ruleKeyword]: "must be a mongodb:// or mongodb+srv:// URI",
  },
  readPreference: { enum: ["primary", "primaryPreferred", "secondary", "secondaryPreferred", "nearest"] },
  tlsHost: nonEmptyString,
  disableTls: { type: "boolean" },
  skipCertVerification: { type: "boolean" },
  caCertificate: nonEmptyString,
} as const;

const mongodbCreateOnlyFields = {
  settings: {
    type: "object",
    additionalProperties: false,
    required: ["replicationMode"],
    properties: {
      syncIntervalSeconds: positiveInteger,
      pullBatchSize: positiveInteger,
      replicationMode: { enum: [...clickPipeReplicationModes] },
      snapshotNumRowsPerPartition: { type: "integer", minimum: 1000 },
      snapshotNumberOfParallelTables: positiveInteger,
      deleteOnMerge: { type: "boolean" },
      useJsonNativeFormat: { type: "boolean" },
    },
  },
  tableMappings: { type: "array", minItems: 1, items: mongodbTableMapping },
} as const;

const mongodbRequired = ["uri", "readPreference", "settings", "tableMappings"] as const;

const mongodbSourceCreate = {
  type: "object",
  additionalProperties: false,
  required: mongodbRequired,
  properties: { ...mongodbCreateOnlyFields, ...mongodbConnectionSettings, credentials: usernameAndPassword },
} as const;

const mongodbSourceInput = {
  type: "object",
  additionalProperties: false,
  required: mongodbRequired,
  properties: { ...mongodbCreateOnlyFields, ...mongodbConnectionSettings },
} as const;

/** The OpenAPI's update of a MongoDB source names its URI and read preference every time. */
const mongodbSourceUpdate = {
  type: "object",
  additionalProperties: false,
  required: ["uri", "readPreference"],
  properties: {
    ...mongodbConnectionSettings,
    credentials: usernameAndPassword,
    settings: {
      type: "object",
      additionalProperties: false,
      minProperties: 1,
      properties: { syncIntervalSeconds: positiveInteger, pullBatchSize: positiveInteger },
    },
    tableMappingsToAdd: { type: "array", items: mongodbTableMapping },
    tableMappingsToRemove: {
      type: "array",
      items: stringFields("sourceDatabaseName", "sourceCollection", "targetTable"),
    },
  },
} as const;

// What every pipe has.

const column = stringFields("name", "type");

const fieldMapping = stringFields("sourceField", "destinationField");

const tableDefinition = {
  type: "object",
  additionalProperties: false,
  required: ["engine"],
  properties: {
    engine: {
      type: "object",
      additionalProperties: false,
      required: ["type"],
      properties: {
        type: { enum: [...clickPipeTableEngines] },
        versionColumnId: nonEmptyString,
        columnIds: uniqueNames,
      },
    },
    sortingKey: { type: "array", items: nonEmptyString },
    partitionBy: nonEmptyString,
    primaryKey: nonEmptyString,
  },
} as const;

/** Where a pipe writes: a database pipe names only the database; the others a table and its columns. */
const destinationCreate = {
  type: "object",
  additionalProperties: false,
  properties: {
    database: nonEmptyString,
    table: nonEmptyString,
    managedTable: { type: "boolean" },
    tableDefinition,
    columns: { type: "array", minItems: 1, items: column },
    roles: uniqueNames,
  },
} as const;

/** The bounds of a streaming pipe's replicas. */
const scalingFields = {
  replicas: { type: "integer", minimum: 1, maximum: 40 },
  replicaCpuMillicores: { type: "integer", minimum: 125, maximum: 2000 },
  replicaMemoryGb: { type: "number", minimum: 0.5, maximum: 8 },
} as const;

/** A pipe's ClickPipes settings (snake_case keys, each with its bounds). */
const settingsFields = {
  streaming_max_insert_wait_ms: { type: "integer", minimum: 500, maximum: 60000 },
  object_storage_concurrency: { type: "integer", minimum: 1, maximum: 35 },
  object_storage_polling_interval_ms: { type: "integer", minimum: 100, maximum: 3600000 },
  object_storage_max_insert_bytes: { type: "integer", minimum: 10485760, maximum: 53687091200 },
  object_storage_max_file_count: { type: "integer", minimum: 1, maximum: 10000 },
  clickhouse_max_threads: { type: "integer", minimum: 0, maximum: 64 },
  clickhouse_max_insert_threads: { type: "integer", minimum: 0, maximum: 16 },
  clickhouse_min_insert_block_size_bytes: { type: "integer", minimum: 0, maximum: 10737418240 },
  clickhouse_max_download_threads: { type: "integer", minimum: 0, maximum: 32 },
  clickhouse_parallel_distributed_insert_select: { type: "integer", minimum: 0, maximum: 2 },
  object_storage_use_cluster_function: { type: "boolean" },
  clickhouse_parallel_view_processing: { type: "boolean" },
} as const;

const settings = { type: "object", additionalProperties: false, properties: settingsFields } as const;

/** The families typed field by field so far; a create with another family is refused by its name. */
const typedSourceFamilies = {
  kafka: kafkaSourceCreate,
  objectStorage: objectStorageSourceCreate,
  postgres: postgresSourceCreate,
  mysql: mysqlSourceCreate,
  kinesis: kinesisSourceCreate,
  pubsub: pubsubSourceCreate,
  bigquery: bigquerySourceCreate,
  mongodb: mongodbSourceCreate,
} as const;

/** The source families the create types field by field, in the order they were typed. */
export const typedClickPipeSourceFamilies = Object.keys(typedSourceFamilies) as Array<
  keyof typeof typedSourceFamilies
>;

/**
 * `POST .../clickpipes`: one source family (a rule in the validation says "exactly one", which the schema would say
 * only as a union, typing the source as one family or another), the destination, and what the family takes besides.
 */
const clickPipeCreate = {
  type: "object",
  additionalProperties: false,
  required: ["name", "source", "destination"],
  properties: {
    name: { type: "string", minLength: 1, maxLength: 255 },
    source: {
      type: "object",
      additionalProperties: false,
      properties: { ...typedSourceFamilies, validateSamples: { type: "boolean" } },
    },
    destination: destinationCreate,
    fieldMappings: { type: "array", items: fieldMapping },
    scaling: { type: "object", additionalProperties: false, properties: scalingFields },
    settings,
  },
} as const satisfies SchemaObject;

/**
 * A create as a program describes it (the ClickPipe resource's body inputs): every field of the create but the
 * credentials, which are inputs of their own, kept secret, and placed where the source family takes them.
 */
const clickPipeCreateInputs = {
  ...clickPipeCreate,
  properties: {
    ...clickPipeCreate.properties,
    source: {
      type: "object",
      additionalProperties: false,
      properties: {
        kafka: kafkaSourceInput,
        objectStorage: objectStorageSourceInput,
        postgres: postgresSourceInput,
        mysql: mysqlSourceInput,
        kinesis: kinesisSourceInput,
        pubsub: pubsubSourceInput,
        bigquery: bigquerySourceInput,
        mongodb: mongodbSourceInput,
        validateSamples: { type: "boolean" },
      },
    },
  },
} as const satisfies SchemaObject;

/**
 * The credentials of a pipe's source as one input: a user name and password (Kafka PLAIN and SCRAM, Postgres), an * access key (IAM_USER), a connection string (Azure), a client certificate and key (Kafka MUTUAL_TLS) or a GCP
 * service account key (Pub/Sub and BigQuery: its JSON file, base64 encoded). Which fields a pipe needs follows from its family and authentication, a rule of the
 * resource.
 */
export const clickPipeCredentialsInput = {
  type: "object",
  additionalProperties: false,
  minProperties: 1,
  properties: {
    username: nonEmptyString,
    password: nonEmptyString,
    accessKeyId: nonEmptyString,
    secretKey: nonEmptyString,
    connectionString: nonEmptyString,
    certificate: nonEmptyString,
    privateKey: nonEmptyString,
    serviceAccountKey: nonEmptyString,
  },
} as const satisfies SchemaObject;

/** A Kafka schema registry's credentials, as an input of their own. */
export const clickPipeSchemaRegistryCredentialsInput = usernameAndPassword satisfies SchemaObject;

/**
 * `PATCH .../clickpipes/{id}`: the name, the source's updatable fields, and the columns with the field mappings (the
 * real API refuses field mappings without the columns: a rule in the validation says so).
 */
const clickPipeUpdate = {
  type: "object",
  additionalProperties: false,
  minProperties: 1,
  properties: {
    name: { type: "string", minLength: 1, maxLength: 255 },
    source: {
      type: "object",
      additionalProperties: false,
      minProperties: 1,
      maxProperties: 1,
      properties: {
        kafka: kafkaSourceUpdate,
        objectStorage: objectStorageSourceUpdate,
        postgres: postgresSourceUpdate,
        mysql: mysqlSourceUpdate,
        kinesis: kinesisSourceUpdate,
        pubsub: pubsubSourceUpdate,
        mongodb: mongodbSourceUpdate,
      },
    },
    destination: {
      type: "object",
      additionalProperties: false,
      required: ["columns"],
      properties: { columns: { type: "array", minItems: 1, items: column } },
    },
    fieldMappings: { type: "array", items: fieldMapping },
    settings,
  },
} as const satisfies SchemaObject;

/** `PATCH .../clickpipes/{id}/scaling`. */
const clickPipeScalingUpdate = {
  type: "object",
  additionalProperties: false,
  minProperties: 1,
  properties: scalingFields,
} as const satisfies SchemaObject;

/** `PATCH .../clickpipes/{id}/state`. */
const clickPipeStateUpdate = {
  type: "object",
  additionalProperties: false,
  required: ["command"],
  properties: { command: { enum: [...clickPipeStateCommands] } },
} as const satisfies SchemaObject;

/** `PUT .../clickpipes/{id}/settings`. */
const clickPipeSettingsUpdate = settings satisfies SchemaObject;

/**
 * `PATCH .../clickpipesCdcScaling`: the compute of a service's database pipes, in whole cores with 4 GiB of memory
 * per core (the OpenAPI: memory "must be 4× the CPU core count").
 */
const clickPipesCdcScalingUpdate = {
  type: "object",
  additionalProperties: false,
  required: ["replicaCpuMillicores", "replicaMemoryGb"],
  properties: {
    replicaCpuMillicores: {
      type: "integer",
      minimum: 1000,
      maximum: 32000,
      multipleOf: 1000,
      [ruleKeyword]: "must be whole cores in millicores, 1000 to 32000 (e.g. 2000)",
    },
    replicaMemoryGb: {
      type: "number",
      minimum: 4,
      maximum: 128,
      multipleOf: 4,
      [ruleKeyword]: "must be 4 to 128 GiB in steps of 4 (4 GiB per core)",
    },
  },
} as const satisfies SchemaObject;

// Answers: what a client reads, each field nullable.

const answerString = { type: ["string", "null"] } as const;
const answerNames = { type: ["array", "null"], items: { type: "string" } } as const;

const clickPipeAnswerSource = {
  type: ["object", "null"],
  properties: {
    kafka: {
      type: ["object", "null"],
      properties: {
        type: answerString,
        format: answerString,
        brokers: answerString,
        topics: answerString,
        consumerGroup: answerString,
        authentication: answerString,
        reversePrivateEndpointIds: answerNames,
      },
    },
    objectStorage: {
      type: ["object", "null"],
      properties: {
        type: answerString,
        format: answerString,
        url: answerString,
        authentication: answerString,
      },
    },
    postgres: {
      type: ["object", "null"],
      properties: {
        host: answerString,
        port: { type: ["integer", "null"] },
        database: answerString,
        tableMappings: {
          type: ["array", "null"],
          items: {
            type: "object",
            properties: {
              sourceSchemaName: answerString,
              sourceTable: answerString,
              targetTable: answerString,
            },
          },
        },
      },
    },
  },
} as const;

/** A pipe as the API shows it. */
const clickPipe = {
  type: "object",
  required: ["id", "state"],
  properties: {
    id: { type: "string", format: "uuid" },
    serviceId: answerString,
    name: answerString,
    // Read as text: a state the API adds later is reported as it is, not refused.
    state: { type: "string" },
    source: clickPipeAnswerSource,
    destination: {
      type: ["object", "null"],
      properties: {
        database: answerString,
        table: answerString,
        managedTable: { type: ["boolean", "null"] },
        columns: {
          type: ["array", "null"],
          items: { type: "object", properties: { name: answerString, type: answerString } },
        },
      },
    },
    fieldMappings: {
      type: ["array", "null"],
      items: { type: "object", properties: { sourceField: answerString, destinationField: answerString } },
    },
    scaling: {
      type: ["object", "null"],
      properties: {
        replicas: { type: ["integer", "null"] },
        replicaCpuMillicores: { type: ["number", "null"] },
        replicaMemoryGb: { type: ["number", "null"] },
      },
    },
    settings: { type: ["object", "null"] },
    createdAt: answerString,
    updatedAt: answerString,
  },
} as const satisfies SchemaObject;

/** A pipe's settings as the API shows them (`GET` and `PUT .../settings`): the keys set, each may be null. */
const clickPipeSettings = {
  type: "object",
  properties: Object.fromEntries(
    Object.entries(settingsFields).map(([name, schema]) => [name, { type: [schema.type, "null"] }]),
  ),
} as const satisfies SchemaObject;

/** A service's database pipes' compute as the API shows it. */
const clickPipesCdcScaling = {
  type: "object",
  required: ["replicaCpuMillicores", "replicaMemoryGb"],
  properties: { replicaCpuMillicores: { type: "number" }, replicaMemoryGb: { type: "number" } },
} as const satisfies SchemaObject;

/**
 * `POST .../clickpipes/schemaDiscovery`: the fields a streaming source's messages have, inferred without making a
 * pipe; a Kafka or Kinesis source as a create sends it, credentials included.
 */
const clickPipeSchemaDiscovery = {
  type: "object",
  additionalProperties: false,
  required: ["source"],
  properties: {
    source: {
      type: "object",
      additionalProperties: false,
      minProperties: 1,
      maxProperties: 1,
      properties: { kafka: kafkaSourceCreate, kinesis: kinesisSourceCreate },
    },
  },
} as const satisfies SchemaObject;

/** What schema discovery answers: each field's name and ClickHouse type, and whether some messages lack it. */
const clickPipeSchemaDiscoveryAnswer = {
  type: "object",
  required: ["fields"],
  properties: {
    fields: {
      type: "array",
      items: {
        type: "object",
        required: ["name", "type"],
        properties: {
          name: { type: "string" },
          type: { type: "string" },
          optional: { type: ["boolean", "null"] },
        },
      },
    },
    meta: { type: ["object", "null"] },
  },
} as const satisfies SchemaObject;

export const clickPipeSchemas = {
  clickPipeCreate,
  clickPipeCreateInputs,
  clickPipeUpdate,
  clickPipeScalingUpdate,
  clickPipeStateUpdate,
  clickPipeSettingsUpdate,
  clickPipesCdcScalingUpdate,
  clickPipe,
  clickPipeSettings,
  clickPipesCdcScaling,
  clickPipeSchemaDiscovery,
  clickPipeSchemaDiscoveryAnswer,
} as const;
