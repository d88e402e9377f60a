/**
 * The seeded world the emulator starts with: one organization with four services of different tiers, an
 * admin API key, an observability token, and dashboards, saved searches, webhooks and sources to reference.
 */
import { seededObjects } from "./fixtureObjects";
import { seedAccess } from "./fixtureAccess";
import { hashCredential, issueCredentials, keySuffixOf } from "./credentials";
import { defaultIdleScaling, defaultNumReplicas, type OrganizationTier } from "../model/serviceDefaults";
import type { ByteSource } from "./random";
import { objectId, uuidV4, alphanumericString } from "./random";
import type { EmulatorState, FixtureIdentity, NamedId, ServiceRecord } from "./types";

export interface SeededWorld {
  fixture: FixtureIdentity;
  state: EmulatorState;
}

const cloudProvider = "aws";
const region = "us-east-1";

interface ServiceSeed {
  name: string;
  isPaid: boolean;
  tier: ServiceRecord["tier"];
  /** Absent: the organization tier's default. */
  numReplicas?: number;
  maxReplicaMemoryGb: number;
  dataWarehouseId: string;
  isPrimary: boolean;
}

function serviceFrom(
  bytes: ByteSource,
  seed: ServiceSeed,
  createdAt: string,
  organizationTier: OrganizationTier,
): ServiceRecord {
  const id = uuidV4(bytes);
  return {
    id,
    name: seed.name,
    isPaid: seed.isPaid,
    tier: seed.tier,
    cloudProvider,
    region,
    engineVersion: "25.8",
    host: `${alphanumericString(bytes, 10).toLowerCase()}.${region}.${cloudProvider}.clickhouse.cloud`,
    minReplicaMemoryGb: 8,
    maxReplicaMemoryGb: seed.maxReplicaMemoryGb,
    numReplicas: seed.numReplicas ?? defaultNumReplicas(organizationTier),
    idleScaling: defaultIdleScaling,
    idleTimeoutMinutes: 15,
    ipAccessList: [{ source: "0.0.0.0/0", description: "Anywhere" }],
    createdAt,
    privateEndpointIds: [],
    dataWarehouseId: seed.dataWarehouseId,
    isPrimary: seed.isPrimary,
    state: "running",
  };
}

function named(bytes: ByteSource, names: string[]): NamedId[] {
  return names.map((name) => ({ id: objectId(bytes), name }));
}

export function seedWorld(
  bytes: ByteSource,
  now: Date,
  organizationTier: OrganizationTier = "SCALE",
): SeededWorld {
  const createdAt = now.toISOString();
  const organizationId = uuidV4(bytes);
  const mainWarehouse = uuidV4(bytes);
  const production = serviceFrom(
    bytes,
    {
      name: "analytics-prod",
      isPaid: true,
      tier: "production",
      // Left at its tier's default; the other services have had theirs changed.
      maxReplicaMemoryGb: 120,
      dataWarehouseId: mainWarehouse,
      isPrimary: true,
    },
    createdAt,
    organizationTier,
  );
  const development = serviceFrom(
    bytes,
    {
      name: "analytics-dev",
      isPaid: false,
      tier: "development",
      numReplicas: 2,
      maxReplicaMemoryGb: 16,
      dataWarehouseId: uuidV4(bytes),
      isPrimary: true,
    },
    createdAt,
    organizationTier,
  );
  const secondary = serviceFrom(
    bytes,
    {
      name: "analytics-reporting",
      isPaid: true,
      tier: "production",
      numReplicas: 1,
      maxReplicaMemoryGb: 64,
      dataWarehouseId: mainWarehouse,
      isPrimary: false,
    },
    createdAt,
    organizationTier,
  );
  const trial = serviceFrom(
    bytes,
    {
      name: "analytics-trial",
      isPaid: false,
      tier: "production",
      numReplicas: 2,
      maxReplicaMemoryGb: 32,
      dataWarehouseId: uuidV4(bytes),
      isPrimary: true,
    },
    createdAt,
    organizationTier,
  );

  const credentials = issueCredentials(bytes);
  const observabilityToken = uuidV4(bytes);
  const dashboards = [
    {
      id: objectId(bytes),
      name: "Service health",
      tiles: named(bytes, ["Error rate", "Request latency p95"]),
    },
    { id: objectId(bytes), name: "Ingestion", tiles: named(bytes, ["Rows per second"]) },
  ];
  const savedSearches = named(bytes, ["Errors in checkout", "Slow queries"]);
  const webhooks = named(bytes, ["On-call pager", "Team chat"]);
  const sources = named(bytes, ["Logs", "Traces", "Metrics"]);

  const fixtureKeyId = uuidV4(bytes);
  const state: EmulatorState = {
    organization: {
      id: organizationId,
      name: "Emulated organization",
      createdAt,
      privateEndpoints: [],
      tier: organizationTier,
    },
    services: [production, development, secondary, trial],
    reversePrivateEndpoints: [],
    keys: [
      {
        id: fixtureKeyId,
        name: "emulator admin key",
        roles: ["admin"],
        state: "enabled",
        keySuffix: keySuffixOf(credentials.keyId),
        createdAt,
        expireAt: null,
        usedAt: null,
        ipAccessList: [],
        keyIdHash: hashCredential(credentials.keyId),
        keySecretHash: hashCredential(credentials.keySecret),
      },
    ],
    teamId: objectId(bytes),
    dashboards: [],
    savedSearches: [],
    webhooks: [],
    sources: [],
    alerts: [],
  };
  // Drawn last, so that every id drawn before stays what the same seed gave before connections were seeded.
  const connections = named(bytes, ["Default ClickHouse"]);
  const [connection] = connections as [NamedId];
  // Drawn after the connections, for the same reason.
  const access = seedAccess(bytes, organizationId, fixtureKeyId, createdAt);
  Object.assign(
    state,
    { connections, roles: access.roles, members: access.members, invitations: [] },
    seededObjects({ dashboards, savedSearches, webhooks, sources, connection }, createdAt),
  );
  const fixture: FixtureIdentity = {
    organizationId,
    tokenKey: credentials.keyId,
    tokenSecret: credentials.keySecret,
    observabilityToken,
    services: {
      production: production.id,
      development: development.id,
      secondary: secondary.id,
      trial: trial.id,
    },
    dashboards: dashboards.map((d) => ({ id: d.id, name: d.name, tileIds: d.tiles.map((t) => t.id) })),
    savedSearches,
    webhooks,
    sources,
    connections,
    ...access.fixture,
  };
  return { fixture, state };
}
