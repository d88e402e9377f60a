/**
 * Every numeric limit the API documents, in one place: the schemas, the emulator's tier checks and the
 * docs all read these numbers, so they cannot drift apart.
 */
export const limits = {
  reversePrivateEndpoint: {
    descriptionMaxLength: 255,
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
} as const;
