/**
 * The settings a service has until someone changes them: numReplicas is 1 on the BASIC tier and 3 on the SCALE
 * and ENTERPRISE tiers; idleScaling is true on every tier.
 */
import { limits } from "../../schemas/limits";

/** The organization's tier, which decides a new service's number of replicas. */
export const organizationTiers = ["BASIC", "SCALE", "ENTERPRISE"] as const;
export type OrganizationTier = (typeof organizationTiers)[number];

export function defaultNumReplicas(tier: OrganizationTier): number {
  return tier === "BASIC"
    ? limits.numReplicas.defaultForBasicTier
    : limits.numReplicas.defaultForScaleAndEnterpriseTiers;
}

export const defaultIdleScaling: boolean = limits.idleScaling.default;
