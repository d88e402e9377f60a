/**
 * Every numeric limit of the seed (section 8), in one place: the schemas, the emulator's tier checks and the
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
  },
} as const;
