import type * as pulumi from "@pulumi/pulumi";

/** Where a new consumer group starts reading. */
export interface ClickPipeKafkaOffsetArgs {
  strategy: pulumi.Input<"from_beginning" | "from_latest" | "from_timestamp">;
  /** With `from_timestamp` only: a UTC minute, `YYYY-MM-DDTHH:MM`. */
  timestamp?: pulumi.Input<string>;
}

/** A schema registry (formats `Avro`, `AvroConfluent`, `Protobuf`); its credentials are `schemaRegistryCredentials`. */
export interface ClickPipeKafkaSchemaRegistryArgs {
  /** An https:// URL. */
  url: pulumi.Input<string>;
  authentication: pulumi.Input<"PLAIN">;
  /** A PEM encoded CA certificate for the registry. */
  caCertificate?: pulumi.Input<string>;
}

/** A Kafka source: brokers and topics of a Kafka, Redpanda, MSK, Confluent, WarpStream or Event Hubs cluster. */
export interface ClickPipeKafkaSourceArgs {
  /** `kafka`, `redpanda`, `msk`, `gcmk`, `confluent`, `warpstream` or `azureeventhub`. */
  type: pulumi.Input<string>;
  /** `JSONEachRow`, `Avro`, `AvroConfluent` or `Protobuf`. */
  format: pulumi.Input<string>;
  /** Comma-separated `host:port` of the brokers. */
  brokers: pulumi.Input<string>;
  /** The topics, comma-separated. */
  topics: pulumi.Input<string>;
  /** The consumer group; the API names one (`clickpipes-<pipe id>`) when left out. */
  consumerGroup?: pulumi.Input<string>;
  offset?: pulumi.Input<ClickPipeKafkaOffsetArgs>;
  schemaRegistry?: pulumi.Input<ClickPipeKafkaSchemaRegistryArgs>;
  exactlyOnce?: pulumi.Input<boolean>;
  /** `PLAIN`, `SCRAM-SHA-256`, `SCRAM-SHA-512`, `IAM_ROLE`, `IAM_USER` or `MUTUAL_TLS`; the flavour says which. */
  authentication?: pulumi.Input<string>;
  /** The IAM role ARN, with `IAM_ROLE`. */
  iamRole?: pulumi.Input<string>;
  /** A PEM encoded CA certificate for the brokers. */
  caCertificate?: pulumi.Input<string>;
  /** Reverse private endpoints (uuids) the pipe reaches the brokers through, e.g. to an MSK cluster. */
  reversePrivateEndpointIds?: pulumi.Input<pulumi.Input<string>[]>;
}

/** An object storage source: files in S3, GCS, Azure Blob Storage or an S3-compatible store. */
export interface ClickPipeObjectStorageSourceArgs {
  /** `s3`, `gcs`, `dospaces`, `azureblobstorage`, `cloudflarer2` or `ovhobjectstorage`. */
  type: pulumi.Input<string>;
  /** The files' format, e.g. `JSONEachRow`, `CSVWithNames`, `Parquet`. */
  format: pulumi.Input<string>;
  /** The files' URL, with wildcards (`https://bucket.s3.amazonaws.com/logs/*.json`). */
  url?: pulumi.Input<string>;
  delimiter?: pulumi.Input<string>;
  compression?: pulumi.Input<string>;
  /** Keeps ingesting new files (otherwise the pipe loads the files once and ends `Completed`). */
  isContinuous?: pulumi.Input<boolean>;
  /** An SQS queue that announces new files, for continuous ingestion from S3. */
  queueUrl?: pulumi.Input<string>;
  skipInitialLoad?: pulumi.Input<boolean>;
  startAfter?: pulumi.Input<string>;
  /** `IAM_ROLE`, `IAM_USER`, `CONNECTION_STRING` or `SERVICE_ACCOUNT`; left out, the files are public. */
  authentication?: pulumi.Input<string>;
  iamRole?: pulumi.Input<string>;
  /** The path inside an Azure container. */
  path?: pulumi.Input<string>;
  azureContainerName?: pulumi.Input<string>;
}

/** Which Postgres table a pipe replicates into which ClickHouse table. */
export interface ClickPipePostgresTableMappingArgs {
  sourceSchemaName: pulumi.Input<string>;
  sourceTable: pulumi.Input<string>;
  targetTable: pulumi.Input<string>;
  excludedColumns?: pulumi.Input<pulumi.Input<string>[]>;
  useCustomSortingKey?: pulumi.Input<boolean>;
  sortingKeys?: pulumi.Input<pulumi.Input<string>[]>;
  /** `MergeTree`, `ReplacingMergeTree` or `Null`. */
  tableEngine?: pulumi.Input<string>;
  partitionKey?: pulumi.Input<string>;
  partitionByExpr?: pulumi.Input<string>;
}

/** A Postgres pipe's replication settings; `syncIntervalSeconds` and `pullBatchSize` change in place. */
export interface ClickPipePostgresSettingsArgs {
  syncIntervalSeconds?: pulumi.Input<number>;
  pullBatchSize?: pulumi.Input<number>;
  publicationName?: pulumi.Input<string>;
  /** `cdc`, `snapshot` or `cdc_only`. */
  replicationMode?: pulumi.Input<string>;
  replicationSlotName?: pulumi.Input<string>;
  allowNullableColumns?: pulumi.Input<boolean>;
  initialLoadParallelism?: pulumi.Input<number>;
  snapshotNumRowsPerPartition?: pulumi.Input<number>;
  snapshotNumberOfParallelTables?: pulumi.Input<number>;
  enableFailoverSlots?: pulumi.Input<boolean>;
  deleteOnMerge?: pulumi.Input<boolean>;
}

/** A Postgres CDC source: tables of one database, replicated continuously. */
export interface ClickPipePostgresSourceArgs {
  /** The flavour: `postgres` (the API's default), `supabase`, `neon`, `rdspostgres`, `aurorapostgres`, ... */
  type?: pulumi.Input<string>;
  host: pulumi.Input<string>;
  port: pulumi.Input<number>;
  database: pulumi.Input<string>;
  /** `basic` (user name and password in `credentials`) or `IAM_ROLE`. */
  authentication?: pulumi.Input<string>;
  iamRole?: pulumi.Input<string>;
  tlsHost?: pulumi.Input<string>;
  caCertificate?: pulumi.Input<string>;
  disableTls?: pulumi.Input<boolean>;
  skipCertVerification?: pulumi.Input<boolean>;
  settings?: pulumi.Input<ClickPipePostgresSettingsArgs>;
  /** The tables; adding or removing one changes the pipe in place (it is paused meanwhile). */
  tableMappings: pulumi.Input<pulumi.Input<ClickPipePostgresTableMappingArgs>[]>;
}

/** A MySQL (or MariaDB) CDC source: tables of one server, replicated continuously. */
export interface ClickPipeMySqlSourceArgs {
  /** `mysql` (the API's default), `rdsmysql`, `auroramysql`, `mariadb` or `rdsmariadb`. */
  type?: pulumi.Input<string>;
  host: pulumi.Input<string>;
  port: pulumi.Input<number>;
  /** `basic` (user name and password in `credentials`) or `IAM_ROLE`. */
  authentication?: pulumi.Input<string>;
  iamRole?: pulumi.Input<string>;
  tlsHost?: pulumi.Input<string>;
  caCertificate?: pulumi.Input<string>;
  disableTls?: pulumi.Input<boolean>;
  skipCertVerification?: pulumi.Input<boolean>;
  /** The server_id the pipe declares in the replication topology, 1 to 4294967295. */
  serverId?: pulumi.Input<number>;
  /** `replicationMode` is required; `syncIntervalSeconds`, `pullBatchSize` and `useCompression` change in place. */
  settings: pulumi.Input<{
    replicationMode: pulumi.Input<"cdc" | "snapshot" | "cdc_only">;
    replicationMechanism?: pulumi.Input<"GTID" | "FILE_POS">;
    syncIntervalSeconds?: pulumi.Input<number>;
    pullBatchSize?: pulumi.Input<number>;
    useCompression?: pulumi.Input<boolean>;
    allowNullableColumns?: pulumi.Input<boolean>;
    initialLoadParallelism?: pulumi.Input<number>;
    snapshotNumRowsPerPartition?: pulumi.Input<number>;
    snapshotNumberOfParallelTables?: pulumi.Input<number>;
    deleteOnMerge?: pulumi.Input<boolean>;
  }>;
  /** The tables (`sourceSchemaName` is the MySQL database); adding or removing one changes the pipe in place. */
  tableMappings: pulumi.Input<pulumi.Input<Omit<ClickPipePostgresTableMappingArgs, "partitionByExpr">>[]>;
}

/** A Kinesis source: one stream, read with an IAM role or an IAM user's access key (`credentials`). */
export interface ClickPipeKinesisSourceArgs {
  /** `JSONEachRow`, `Avro` or `AvroConfluent`. */
  format: pulumi.Input<string>;
  streamName: pulumi.Input<string>;
  region: pulumi.Input<string>;
  useEnhancedFanOut?: pulumi.Input<boolean>;
  /** `TRIM_HORIZON`, `LATEST` or `AT_TIMESTAMP` (with `timestamp`). */
  iteratorType: pulumi.Input<string>;
  /** With `AT_TIMESTAMP` only: a UNIX time in seconds. */
  timestamp?: pulumi.Input<number>;
  /** `IAM_ROLE` (with `iamRole`) or `IAM_USER` (with `credentials.accessKeyId` and `secretKey`). */
  authentication: pulumi.Input<string>;
  iamRole?: pulumi.Input<string>;
}

/** A GCP Pub/Sub source: one topic, read with a service account (`credentials.serviceAccountKey`). */
export interface ClickPipePubSubSourceArgs {
  /** `JSONEachRow`, `Avro` or `Protobuf`. */
  format: pulumi.Input<string>;
  projectId: pulumi.Input<string>;
  /** The topic's name, not its full path. */
  topic: pulumi.Input<string>;
  authentication: pulumi.Input<"SERVICE_ACCOUNT">;
  /** `latest`, `earliest` or `timestamp` (with `seekTimestamp`, an RFC 3339 time). */
  seekType: pulumi.Input<string>;
  seekTimestamp?: pulumi.Input<string>;
  /** A subscription filter (CEL), at most 256 characters. */
  filter?: pulumi.Input<string>;
  enableOrdering?: pulumi.Input<boolean>;
  /** 10 to 600 seconds; changes in place. */
  ackDeadline?: pulumi.Input<number>;
}

/** A BigQuery source: a one-time snapshot of tables, staged in GCS; any change replaces the pipe. */
export interface ClickPipeBigQuerySourceArgs {
  /** A gs:// path where the snapshot is staged. */
  snapshotStagingPath: pulumi.Input<string>;
  settings?: pulumi.Input<{
    replicationMode?: pulumi.Input<"snapshot">;
    allowNullableColumns?: pulumi.Input<boolean>;
    initialLoadParallelism?: pulumi.Input<number>;
    snapshotNumRowsPerPartition?: pulumi.Input<number>;
    snapshotNumberOfParallelTables?: pulumi.Input<number>;
  }>;
  tableMappings: pulumi.Input<
    pulumi.Input<{
      sourceDatasetName: pulumi.Input<string>;
      sourceTable: pulumi.Input<string>;
      targetTable: pulumi.Input<string>;
      excludedColumns?: pulumi.Input<pulumi.Input<string>[]>;
      useCustomSortingKey?: pulumi.Input<boolean>;
      sortingKeys?: pulumi.Input<pulumi.Input<string>[]>;
      tableEngine?: pulumi.Input<string>;
    }>[]
  >;
}

/** A MongoDB CDC source: collections, replicated continuously. */
export interface ClickPipeMongoDbSourceArgs {
  /** `mongodb://...` or `mongodb+srv://...`. */
  uri: pulumi.Input<string>;
  /** `primary`, `primaryPreferred`, `secondary`, `secondaryPreferred` or `nearest`. */
  readPreference: pulumi.Input<string>;
  tlsHost?: pulumi.Input<string>;
  disableTls?: pulumi.Input<boolean>;
  skipCertVerification?: pulumi.Input<boolean>;
  caCertificate?: pulumi.Input<string>;
  /** `replicationMode` is required; `syncIntervalSeconds` and `pullBatchSize` change in place. */
  settings: pulumi.Input<{
    replicationMode: pulumi.Input<"cdc" | "snapshot" | "cdc_only">;
    syncIntervalSeconds?: pulumi.Input<number>;
    pullBatchSize?: pulumi.Input<number>;
    snapshotNumRowsPerPartition?: pulumi.Input<number>;
    snapshotNumberOfParallelTables?: pulumi.Input<number>;
    deleteOnMerge?: pulumi.Input<boolean>;
    useJsonNativeFormat?: pulumi.Input<boolean>;
  }>;
  /** The collections; adding or removing one changes the pipe in place (it is paused meanwhile). */
  tableMappings: pulumi.Input<
    pulumi.Input<{
      sourceDatabaseName: pulumi.Input<string>;
      sourceCollection: pulumi.Input<string>;
      targetTable: pulumi.Input<string>;
      tableEngine?: pulumi.Input<string>;
    }>[]
  >;
}

/** The pipe's source: exactly one family. */
export interface ClickPipeSourceArgs {
  kafka?: pulumi.Input<ClickPipeKafkaSourceArgs>;
  objectStorage?: pulumi.Input<ClickPipeObjectStorageSourceArgs>;
  postgres?: pulumi.Input<ClickPipePostgresSourceArgs>;
  mysql?: pulumi.Input<ClickPipeMySqlSourceArgs>;
  kinesis?: pulumi.Input<ClickPipeKinesisSourceArgs>;
  pubsub?: pulumi.Input<ClickPipePubSubSourceArgs>;
  bigquery?: pulumi.Input<ClickPipeBigQuerySourceArgs>;
  mongodb?: pulumi.Input<ClickPipeMongoDbSourceArgs>;
  /** Whether the API checks sample records against the destination when the pipe is created. */
  validateSamples?: pulumi.Input<boolean>;
}

/** A column of the destination table. */
export interface ClickPipeColumnArgs {
  name: pulumi.Input<string>;
  /** A ClickHouse type, e.g. `UInt64`, `Nullable(String)`. */
  type: pulumi.Input<string>;
}

/** The engine and keys of a table the pipe makes (`managedTable: true`). */
export interface ClickPipeTableDefinitionArgs {
  engine: pulumi.Input<{
    /** `MergeTree`, `ReplacingMergeTree`, `SummingMergeTree` or `Null`. */
    type: pulumi.Input<string>;
    versionColumnId?: pulumi.Input<string>;
    columnIds?: pulumi.Input<pulumi.Input<string>[]>;
  }>;
  sortingKey?: pulumi.Input<pulumi.Input<string>[]>;
  partitionBy?: pulumi.Input<string>;
  primaryKey?: pulumi.Input<string>;
}

/** Where the pipe writes: a database pipe names the database; the others a table and its columns. */
export interface ClickPipeDestinationArgs {
  database?: pulumi.Input<string>;
  table?: pulumi.Input<string>;
  /** The pipe makes the table (with `tableDefinition`) instead of writing into an existing one. */
  managedTable?: pulumi.Input<boolean>;
  tableDefinition?: pulumi.Input<ClickPipeTableDefinitionArgs>;
  /** The table's columns; order doesn't matter. They change in place, with `fieldMappings`. */
  columns?: pulumi.Input<pulumi.Input<ClickPipeColumnArgs>[]>;
  /** Roles the pipe's database user gets. */
  roles?: pulumi.Input<pulumi.Input<string>[]>;
}

/** Which source field fills which column. */
export interface ClickPipeFieldMappingArgs {
  sourceField: pulumi.Input<string>;
  destinationField: pulumi.Input<string>;
}

/** A streaming pipe's replicas. */
export interface ClickPipeScalingArgs {
  /** 1 to 40. */
  replicas?: pulumi.Input<number>;
  /** 125 to 2000. */
  replicaCpuMillicores?: pulumi.Input<number>;
  /** 0.5 to 8. */
  replicaMemoryGb?: pulumi.Input<number>;
}

/**
 * The source's credentials; which fields a pipe takes follows from its family and authentication: `username` and * `password` (Kafka PLAIN and SCRAM, Postgres and MySQL basic, MongoDB), `accessKeyId` and `secretKey` (IAM_USER),
 * `connectionString` (Azure Event Hubs PLAIN, Azure Blob CONNECTION_STRING), `certificate` and `privateKey` (Kafka
 * MUTUAL_TLS), `serviceAccountKey` (GCS SERVICE_ACCOUNT; Pub/Sub and BigQuery, the key file base64 encoded).
 */
export interface ClickPipeCredentialsArgs {
  username?: pulumi.Input<string>;
  password?: pulumi.Input<string>;
  accessKeyId?: pulumi.Input<string>;
  secretKey?: pulumi.Input<string>;
  connectionString?: pulumi.Input<string>;
  certificate?: pulumi.Input<string>;
  privateKey?: pulumi.Input<string>;
  serviceAccountKey?: pulumi.Input<string>;
}

/** A Kafka schema registry's user name and password. */
export interface ClickPipeSchemaRegistryCredentialsArgs {
  username: pulumi.Input<string>;
  password: pulumi.Input<string>;
}
