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
  },
  seriesQuery: {
    minSeries: 1,
    maxSeries: 5,
  },
} as const;

/** Where a service stands in its organization's tier and warehouse; the tier rules depend on nothing else. */
export interface ServiceTierFacts {
  isPaid: boolean;
  isFirstServiceOfWarehouse: boolean;
}

export interface ScalingValues {
  maxReplicaMemoryGb?: number;
  numReplicas?: number;
}

/** A breach of a rule that depends on server state; same shape as a schema ValidationProblem. */
export interface TierProblem {
  property: string;
  reason: string;
}

export function maxReplicaMemoryGbFor(service: Pick<ServiceTierFacts, "isPaid">): number {
  return service.isPaid
    ? limits.replicaMemoryGb.maxForPaidService
    : limits.replicaMemoryGb.maxForNonPaidService;
}

export function minNumReplicasFor(service: Pick<ServiceTierFacts, "isFirstServiceOfWarehouse">): number {
  return service.isFirstServiceOfWarehouse
    ? limits.numReplicas.minForFirstServiceOfWarehouse
    : limits.numReplicas.min;
}

/**
 * The tier rules of seed section 8 that the schema cannot know (they depend on the service), for a scaling
 * update that already passed the schema. Used by the emulator; the messages match the schema's style.
 */
export function tierLimitProblems(service: ServiceTierFacts, update: ScalingValues): TierProblem[] {
  const problems: TierProblem[] = [];
  const maxMemory = maxReplicaMemoryGbFor(service);
  if (update.maxReplicaMemoryGb !== undefined && update.maxReplicaMemoryGb > maxMemory) {
    const tier = service.isPaid ? "paid" : "non-paid";
    problems.push({
      property: "maxReplicaMemoryGb",
      reason: `maxReplicaMemoryGb must be at most ${maxMemory} for a ${tier} service; got ${update.maxReplicaMemoryGb}`,
    });
  }
  const minReplicas = minNumReplicasFor(service);
  if (update.numReplicas !== undefined && update.numReplicas < minReplicas) {
    problems.push({
      property: "numReplicas",
      reason:
        `numReplicas must be between ${minReplicas} and ${limits.numReplicas.max} for the first service of a ` +
        `warehouse; got ${update.numReplicas}`,
    });
  }
  return problems;
}
