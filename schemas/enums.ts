/**
 * Allowed values of every enum field of both APIs, as data. The schemas, the resources' TypeScript types and
 * the emulator all read them from here so that a new value is added in exactly one place.
 */

/**
 * The types of a reverse private endpoint. The specification has the first three; ClickHouse Cloud's API (its
 * OpenAPI document and the official Terraform provider) also has GCP_PSC_SERVICE_ATTACHMENT, a Google Private
 * Service Connect service attachment, which only the production wire serves.
 */
export const specReversePrivateEndpointTypes = [
  "VPC_ENDPOINT_SERVICE",
  "VPC_RESOURCE",
  "MSK_MULTI_VPC",
] as const;
export const reversePrivateEndpointTypes = [
  ...specReversePrivateEndpointTypes,
  "GCP_PSC_SERVICE_ATTACHMENT",
] as const;
export type ReversePrivateEndpointType = (typeof reversePrivateEndpointTypes)[number];

export const mskAuthentications = ["SASL_IAM", "SASL_SCRAM"] as const;
export type MskAuthentication = (typeof mskAuthentications)[number];

/**
 * Status values of a reverse private endpoint: the specification shows Ready; the rest come from the real API's OpenAPI spec. Only
 * Provisioning is worth waiting through: PendingAcceptance waits for the owner of the other side to accept the
 * connection, and Failed, Rejected and Expired are final.
 */
export const reversePrivateEndpointStatuses = [
  "Unknown",
  "Provisioning",
  "Deleting",
  "Ready",
  "Failed",
  "PendingAcceptance",
  "Rejected",
  "Expired",
] as const;
export type ReversePrivateEndpointStatus = (typeof reversePrivateEndpointStatuses)[number];

/**
 * How a service scales on the production wire (ClickHouse Cloud's OpenAPI specification): `vertical` keeps a replica
 * count and scales memory, `horizontal` keeps the memory and scales the count between minReplicas and maxReplicas.
 */
export const autoscalingModes = ["vertical", "horizontal"] as const;
export type AutoscalingMode = (typeof autoscalingModes)[number];

export const apiKeyRoles = ["admin", "developer", "query_endpoints"] as const;
export type ApiKeyRole = (typeof apiKeyRoles)[number];

export const apiKeyStates = ["enabled", "disabled"] as const;
export type ApiKeyState = (typeof apiKeyStates)[number];

export const alertSources = ["tile", "search"] as const;
export type AlertSource = (typeof alertSources)[number];

/** The specification's threshold types; the production wire has more (below). */
export const specAlertThresholdTypes = ["above", "below"] as const;

/**
 * The production wire's words (HyperDX's external API v2, packages/api/src/utils/zod.ts alertSchema and
 * packages/common-utils/src/types.ts): a saved-search alert's source is `saved_search`, not the specification's
 * `search`; the interval is one of a fixed list; a threshold compares in eight ways, two of them with a range
 * (`thresholdMax` the upper end).
 */
export const productionAlertSources = ["saved_search", "tile"] as const;
/** Each interval of the production wire, with its length in minutes (the schedule offset must stay below it). */
export const productionAlertIntervalMinutes = {
  "1m": 1,
  "5m": 5,
  "15m": 15,
  "30m": 30,
  "1h": 60,
  "6h": 360,
  "12h": 720,
  "1d": 1440,
} as const;
export type ProductionAlertInterval = keyof typeof productionAlertIntervalMinutes;
export const productionAlertIntervals = Object.keys(
  productionAlertIntervalMinutes,
) as ProductionAlertInterval[];
/** Every threshold type a program may write: the specification's two and the production wire's others. */
export const alertThresholdTypes = [
  "above",
  "below",
  "above_exclusive",
  "below_or_equal",
  "equal",
  "not_equal",
  "between",
  "not_between",
] as const;
export type AlertThresholdType = (typeof alertThresholdTypes)[number];
/** The threshold types that compare with a range from `threshold` to `thresholdMax`. */
export const rangeAlertThresholdTypes = ["between", "not_between"] as const;

/** The API specification shows only "webhook"; the real observability API documents no other channel type. */
export const alertChannelTypes = ["webhook"] as const;
export type AlertChannelType = (typeof alertChannelTypes)[number];

/**
 * Aggregate functions of a series: the observability API's list (its zod enum). `quantile` takes its level
 * (0 to 1) from the series' `level`; `increase` is meant for counter (sum) metrics.
 */
export const seriesAggFns = [
  "avg",
  "count",
  "count_distinct",
  "last_value",
  "max",
  "min",
  "quantile",
  "sum",
  "any",
  "none",
  "increase",
] as const;
export type SeriesAggFn = (typeof seriesAggFns)[number];

export const seriesGranularities = [
  "30s",
  "1m",
  "5m",
  "10m",
  "15m",
  "30m",
  "1h",
  "2h",
  "6h",
  "12h",
  "1d",
  "2d",
  "7d",
  "30d",
  "auto",
] as const;
export type SeriesGranularity = (typeof seriesGranularities)[number];

export const seriesReturnTypes = ["ratio", "column"] as const;
export type SeriesReturnType = (typeof seriesReturnTypes)[number];

/** Languages of a series' `where` filter; the API reads it as lucene when none is given. */
export const seriesWhereLanguages = ["lucene", "sql", "promql"] as const;
export type SeriesWhereLanguage = (typeof seriesWhereLanguages)[number];

/** Kinds of metric a series of a metric source reads (`metricDataType`). */
export const seriesMetricDataTypes = [
  "gauge",
  "histogram",
  "sum",
  "summary",
  "exponential histogram",
] as const;
export type SeriesMetricDataType = (typeof seriesMetricDataTypes)[number];

/**
 * Commands of `PATCH .../services/{serviceId}/state`: start and stop a service; awake wakes an idle one (it does
 * not start a stopped service).
 */
export const serviceStateCommands = ["start", "stop", "awake"] as const;
export type ServiceStateCommand = (typeof serviceStateCommands)[number];

/** Services a webhook delivers to (HyperDX's common-utils WebhookService). */
export const webhookServices = ["slack", "incidentio", "generic"] as const;
export type WebhookService = (typeof webhookServices)[number];

/** Languages of a saved search's `where`. */
export const savedSearchWhereLanguages = ["lucene", "sql"] as const;
export type SavedSearchWhereLanguage = (typeof savedSearchWhereLanguages)[number];

/** Comparison operators of a saved search's `sql_ast` filter. */
export const savedSearchFilterOperators = ["=", "<", ">", "!=", "<=", ">="] as const;

/** Kinds of source (HyperDX's common-utils SourceKind). */
export const sourceKinds = ["log", "trace", "session", "metric", "promql"] as const;
export type SourceKind = (typeof sourceKinds)[number];

/** Kinds of metric table a metric source names (HyperDX's MetricsDataType). */
export const metricTableKinds = ["gauge", "histogram", "sum", "summary", "exponential histogram"] as const;

/** Display types of a dashboard tile the schema types field by field; other display types are checked as JSON. */
export const typedTileDisplayTypes = [
  "line",
  "stacked_bar",
  "bar",
  "number",
  "table",
  "search",
  "markdown",
] as const;
export type TypedTileDisplayType = (typeof typedTileDisplayTypes)[number];

/** Quantile levels a tile's select item takes. */
export const tileQuantileLevels = [0.5, 0.9, 0.95, 0.99] as const;

/**
 * What a service is created with, as ClickHouse Cloud's published OpenAPI (ServicePostRequest) lists the values:
 * the cloud provider, the region (AWS, GCP and Azure names together), the deprecated tier, the release channel, the
 * instance profile (ENTERPRISE organizations only) and the compliance type.
 */
export const serviceCloudProviders = ["aws", "gcp", "azure"] as const;
export type ServiceCloudProvider = (typeof serviceCloudProviders)[number];

/** Each cloud's regions, in its own naming (AWS `us-east-1`, GCP `us-east1`, Azure `eastus`). */
export const regionsOfCloudProvider = {
  aws: [
    "ap-northeast-1",
    "ap-northeast-2",
    "ap-south-1",
    "ap-southeast-1",
    "ap-southeast-2",
    "ca-central-1",
    "eu-central-1",
    "eu-west-1",
    "eu-west-2",
    "il-central-1",
    "us-east-1",
    "us-east-2",
    "us-west-2",
  ],
  gcp: ["us-east1", "us-central1", "europe-west2", "europe-west4", "asia-southeast1", "asia-northeast1"],
  azure: ["eastus", "eastus2", "westus3", "germanywestcentral", "centralus"],
} as const satisfies Record<ServiceCloudProvider, readonly string[]>;

export const serviceRegions = [
  ...regionsOfCloudProvider.aws,
  ...regionsOfCloudProvider.gcp,
  ...regionsOfCloudProvider.azure,
] as const;
export type ServiceRegion = (typeof serviceRegions)[number];

export const serviceTiers = [
  "development",
  "production",
  "dedicated_high_mem",
  "dedicated_high_cpu",
  "dedicated_standard",
  "dedicated_standard_n2d_standard_4",
  "dedicated_standard_n2d_standard_8",
  "dedicated_standard_n2d_standard_32",
  "dedicated_standard_n2d_standard_128",
  "dedicated_standard_n2d_standard_32_16SSD",
  "dedicated_standard_n2d_standard_64_24SSD",
] as const;
export type ServiceTier = (typeof serviceTiers)[number];

export const serviceReleaseChannels = ["slow", "default", "fast"] as const;
export type ServiceReleaseChannel = (typeof serviceReleaseChannels)[number];

export const serviceProfiles = [
  "v1-default",
  "v1-highmem-xs",
  "v1-highmem-s",
  "v1-highmem-m",
  "v1-highmem-l",
  "v1-highmem-xl",
] as const;
export type ServiceProfile = (typeof serviceProfiles)[number];

export const serviceComplianceTypes = ["hipaa", "pci"] as const;
export type ServiceComplianceType = (typeof serviceComplianceTypes)[number];

/** The only endpoint a service's create or PATCH may enable or disable. */
export const switchableServiceEndpoints = ["mysql"] as const;

/** Every state the API reports for a service (its OpenAPI's Service.state). */
export const serviceStates = [
  "starting",
  "stopping",
  "terminating",
  "softdeleting",
  "awaking",
  "partially_running",
  "provisioning",
  "running",
  "stopped",
  "terminated",
  "softdeleted",
  "degraded",
  "failed",
  "idle",
] as const;
export type ServiceState = (typeof serviceStates)[number];

/** The states a program may ask a service to be in: `running` (idle counts as running) or `stopped`. */
export const desiredServiceStates = ["running", "stopped"] as const;
export type DesiredServiceState = (typeof desiredServiceStates)[number];

/**
 * Organization access (ClickHouse Cloud's OpenAPI: RBACRole, RBACPolicy, Member, Invitation). A role is one the
 * organization comes with (`system`) or one made through the API (`custom`); a policy allows or denies its
 * permissions on its resources; an actor of a role is a user or an API key, written `<type>/<id>`.
 */
export const roleTypes = ["system", "custom"] as const;
export type RoleType = (typeof roleTypes)[number];

export const policyEffects = ["ALLOW", "DENY"] as const;
export type PolicyEffect = (typeof policyEffects)[number];

/** The SQL console role a policy's `tags.roleV2` gives (read-only or admin access to the service's databases). */
export const policySqlConsoleRoles = ["sql-console-readonly", "sql-console-admin"] as const;
export type PolicySqlConsoleRole = (typeof policySqlConsoleRoles)[number];

/**
 * The permissions a policy allows or denies, `<area>:<resource>:<action>`, as ClickHouse Cloud's reference of console
 * roles and permissions lists them (the OpenAPI types a permission as a string, without a list), and
 * `control-plane:service:delete`, which the API grants along with `control-plane:service:manage` and then shows on
 * the role. The middle part says what the permission is on: the organization (`organization`, `support`) or its
 * services (`service`, `database`).
 */
export const rolePermissions = [
  "control-plane:organization:view",
  "control-plane:organization:manage",
  "control-plane:organization:view-billing",
  "control-plane:organization:manage-billing",
  "control-plane:organization:view-api-keys",
  "control-plane:organization:create-api-keys",
  "control-plane:organization:update-api-keys",
  "control-plane:organization:delete-api-keys",
  "control-plane:support:manage",
  "control-plane:service:view",
  "control-plane:service:manage",
  "control-plane:service:delete",
  "control-plane:service:view-backups",
  "control-plane:service:manage-backups",
  "control-plane:service:manage-ip-access-list",
  "control-plane:service:manage-generative-ai",
  "control-plane:service:view-query-api-endpoints",
  "control-plane:service:manage-query-api-endpoints",
  "control-plane:service:view-private-endpoints",
  "control-plane:service:manage-private-endpoints",
  "control-plane:service:manage-clickpipes",
  "control-plane:service:view-scaling-config",
  "control-plane:service:manage-scaling-config",
  "control-plane:service:manage-clickstack-api",
  "sql-console:database:access",
] as const;
export type RolePermission = (typeof rolePermissions)[number];

export const roleActorTypes = ["user", "apiKey"] as const;
export type RoleActorType = (typeof roleActorTypes)[number];

/** The deprecated organization role of a member or an invitation, from before custom roles. */
export const legacyMemberRoles = ["admin", "developer"] as const;
export type LegacyMemberRole = (typeof legacyMemberRoles)[number];

/**
 * ClickPipes: the source families a pipe reads from, each a key of the request's `source`, and the values of their
 * enum fields, as ClickHouse Cloud's published OpenAPI lists them (ClickPipePostSource and the family schemas).
 */
export const clickPipeSourceFamilies = [
  "kafka",
  "objectStorage",
  "kinesis",
  "pubsub",
  "postgres",
  "mysql",
  "bigquery",
  "mongodb",
] as const;
export type ClickPipeSourceFamily = (typeof clickPipeSourceFamilies)[number];

export const clickPipeKafkaTypes = [
  "kafka",
  "redpanda",
  "msk",
  "gcmk",
  "confluent",
  "warpstream",
  "azureeventhub",
  "dokafka",
] as const;
export type ClickPipeKafkaType = (typeof clickPipeKafkaTypes)[number];

export const clickPipeKafkaFormats = ["JSONEachRow", "Avro", "AvroConfluent", "Protobuf"] as const;

export const clickPipeKafkaAuthentications = [
  "PLAIN",
  "SCRAM-SHA-256",
  "SCRAM-SHA-512",
  "IAM_ROLE",
  "IAM_USER",
  "MUTUAL_TLS",
] as const;
export type ClickPipeKafkaAuthentication = (typeof clickPipeKafkaAuthentications)[number];

/**
 * Which authentication each Kafka flavour takes, from the description of the Kafka source's `authentication` in the
 * OpenAPI; a flavour may also take none (the field left out).
 */
export const clickPipeKafkaAuthenticationsByType: Readonly<
  Record<ClickPipeKafkaType, readonly ClickPipeKafkaAuthentication[]>
> = {
  kafka: ["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512", "MUTUAL_TLS"],
  msk: ["SCRAM-SHA-512", "IAM_ROLE", "IAM_USER", "MUTUAL_TLS"],
  gcmk: ["PLAIN", "MUTUAL_TLS"],
  confluent: ["PLAIN", "MUTUAL_TLS"],
  warpstream: ["PLAIN"],
  azureeventhub: ["PLAIN"],
  redpanda: ["SCRAM-SHA-256", "SCRAM-SHA-512", "MUTUAL_TLS"],
  dokafka: ["SCRAM-SHA-256", "MUTUAL_TLS"],
};

export const clickPipeKafkaOffsetStrategies = ["from_beginning", "from_latest", "from_timestamp"] as const;

export const clickPipeObjectStorageTypes = [
  "s3",
  "gcs",
  "dospaces",
  "azureblobstorage",
  "cloudflarer2",
  "ovhobjectstorage",
] as const;
export type ClickPipeObjectStorageType = (typeof clickPipeObjectStorageTypes)[number];

export const clickPipeObjectStorageFormats = [
  "JSONEachRow",
  "JSONAsObject",
  "CSV",
  "CSVWithNames",
  "TabSeparated",
  "TabSeparatedWithNames",
  "Parquet",
  "Avro",
] as const;

export const clickPipeCompressions = [
  "none",
  "gzip",
  "gz",
  "brotli",
  "br",
  "xz",
  "LZMA",
  "zstd",
  "auto",
] as const;

export const clickPipeObjectStorageAuthentications = [
  "IAM_ROLE",
  "IAM_USER",
  "CONNECTION_STRING",
  "SERVICE_ACCOUNT",
] as const;

export const clickPipePostgresTypes = [
  "postgres",
  "supabase",
  "neon",
  "alloydb",
  "planetscale",
  "rdspostgres",
  "aurorapostgres",
  "cloudsqlpostgres",
  "azurepostgres",
  "crunchybridge",
  "tigerdata",
] as const;

export const clickPipeDatabaseAuthentications = ["basic", "IAM_ROLE"] as const;

export const clickPipeReplicationModes = ["cdc", "snapshot", "cdc_only"] as const;

export const clickPipeCdcTableEngines = ["MergeTree", "ReplacingMergeTree", "Null"] as const;

export const clickPipeTableEngines = ["MergeTree", "ReplacingMergeTree", "SummingMergeTree", "Null"] as const;

/**
 * A pipe's lifecycle states as the OpenAPI lists them. Streaming and object storage pipes go Provisioning, Running,
 * Stopping, Stopped (Completed: a one-time object storage load that finished); database pipes go Provisioning,
 * Setup, Snapshot, Running, and pause (Pausing, Paused) instead of stopping; Modifying and Resync are database pipes'
 * changes in progress. Degraded is listed without a description.
 */
export const clickPipeStates = [
  "Unknown",
  "Provisioning",
  "Running",
  "Degraded",
  "Stopping",
  "Stopped",
  "Failed",
  "Completed",
  "InternalError",
  "Setup",
  "Snapshot",
  "Paused",
  "Pausing",
  "Modifying",
  "Resync",
] as const;
export type ClickPipeState = (typeof clickPipeStates)[number];

export const clickPipeStateCommands = ["start", "stop", "resync"] as const;
export type ClickPipeStateCommand = (typeof clickPipeStateCommands)[number];
