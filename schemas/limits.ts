/**
 * Every numeric limit the API documents, in one place: the schemas, the emulator's tier checks and the
 * docs all read these numbers, so they cannot drift apart.
 */
export const limits = {
  /**
   * The organization's PATCH (OrganizationPatchRequest): the OpenAPI states no maximum for the name; this one is
   * the emulator's and the check's guess, long enough for any name the console shows.
   */
  organization: {
    nameMaxLength: 255,
  },
  reversePrivateEndpoint: {
    descriptionMaxLength: 255,
    /**
     * A custom private DNS name: the OpenAPI states no length, so this is DNS's own bound on a name (RFC 1035: 255
     * octets on the wire, 253 characters written out), which the name of a DNS record cannot exceed.
     */
    privateDnsNameMaxLength: 253,
  },
  replicaMemoryGb: {
    min: 8,
    max: 356,
    multipleOf: 4,
    /** Upper bound of maxReplicaMemoryGb for services that are not on a paid tier. */
    maxForNonPaidService: 120,
    /** Upper bound of maxReplicaMemoryGb for services on a paid tier. */
    maxForPaidService: 356,
  },
  numReplicas: {
    min: 1,
    max: 20,
    /** The first service of a warehouse needs at least this many replicas; later ones may have `min`. */
    minForFirstServiceOfWarehouse: 2,
    defaultForBasicTier: 1,
    defaultForScaleAndEnterpriseTiers: 3,
  },
  idleScaling: {
    default: true,
  },
  idleTimeoutMinutes: {
    min: 5,
  },
  /** A service's create and PATCH (ClickHouse Cloud's OpenAPI: ServicePostRequest, ResourceTagsV1). */
  service: {
    nameMaxLength: 50,
    maxTags: 50,
    tagKeyMaxLength: 128,
    tagValueMaxLength: 256,
    /** Letters, digits, dots, dashes and underscores: the API's pattern of a tag's key and value. */
    tagPattern: "^[a-zA-Z0-9._-]+$",
    /** The periods between backups the official Terraform provider accepts (its backup_period_in_hours). */
    backupPeriodsInHours: [6, 8, 12, 16, 20, 24, 36, 48],
    /** How long backups are kept: whole days, 1 to 45 (the published API's BackupConfiguration). */
    backupRetentionHours: { min: 24, max: 1080 },
    /** What a new service's backups are: every 24 hours, kept 24 hours. */
    defaultBackupPeriodInHours: 24,
    defaultBackupRetentionPeriodInHours: 24,
  },
  apiKey: {
    minRoles: 1,
    defaultState: "enabled",
    /** keySuffix, and hashData's keyIdSuffix, are the last this many characters of the key id. */
    suffixLength: 4,
  },
  seriesQuery: {
    minSeries: 1,
    maxSeries: 5,
    /** Fields a series may group by. */
    maxGroupBy: 10,
    /** Bounds of a quantile's level. */
    minLevel: 0,
    maxLevel: 1,
    /**
     * The smallest timestamp the API takes: it wants at least 13 digits, which tells milliseconds from seconds
     * (1700000000 is a time in seconds; 1700000000000 the same time in milliseconds).
     */
    minTimestampMs: 1_000_000_000_000,
  },
  // The observability API's request schema bounds an alert's texts (1 character at least).
  alert: {
    nameMaxLength: 512,
    messageMaxLength: 4096,
    /** The production wire's limits (HyperDX's external API v2): a note's length, channels, the schedule offset. */
    noteMaxLength: 4096,
    maxChannels: 10,
    maxScheduleOffsetMinutes: 1439,
    minConsecutiveWindows: 1,
  },
  /** HyperDX's external API v2 webhook bounds (packages/api/src/utils/zod.ts). */
  webhook: {
    nameMaxLength: 1024,
    urlMaxLength: 2048,
    descriptionMaxLength: 2048,
    bodyMaxLength: 16 * 1024,
    headerNameMaxLength: 256,
    headerValueMaxLength: 4096,
    queryParamNameMaxLength: 1024,
    queryParamValueMaxLength: 4096,
    maxHeaders: 100,
    maxQueryParams: 100,
  },
  /** Tags of a saved search or a dashboard (HyperDX's common-utils tagsSchema). */
  tags: {
    maxTags: 50,
    tagMaxLength: 32,
  },
  savedSearch: {
    nameMaxLength: 1024,
    selectMaxLength: 4 * 1024,
    whereMaxLength: 8 * 1024,
    orderByMaxLength: 1024,
    maxFilters: 100,
    filterExpressionMaxLength: 8 * 1024,
  },
  dashboard: {
    nameMaxLength: 1024,
    maxTiles: 500,
    tileIdMaxLength: 36,
    /** A tile's column on the 24-column grid, and its width in columns. */
    maxX: 23,
    minW: 1,
    maxW: 24,
    minH: 1,
    containerIdMaxLength: 256,
    /** Expressions of a tile's config (select, where, groupBy, orderBy, ...). */
    expressionMaxLength: 10_000,
    maxSelectItems: 20,
    maxFormulas: 10,
    maxColorRules: 10,
    markdownMaxLength: 50_000,
    savedFilterConditionMaxLength: 10_000,
  },
  source: {
    sectionMaxLength: 256,
    maxQuerySettings: 10,
    maxDurationPrecision: 9,
  },
} as const;
