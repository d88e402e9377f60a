/**
 * Public types of the emulator (what `startEmulator` takes and returns, the fixture, the control API's fault
 * plans) and the shape of its stored state.
 */
import type { ApiDialect } from "../../schemas/dialects";
import type {
  ApiKeyRole,
  ApiKeyState,
  ClickPipeSourceFamily,
  ClickPipeState,
  LegacyMemberRole,
  PolicyEffect,
  PolicySqlConsoleRole,
  ReversePrivateEndpointStatus,
  ReversePrivateEndpointType,
  RoleType,
} from "../../schemas/enums";

export interface NamedId {
  id: string;
  name: string;
}

export interface FixtureDashboard extends NamedId {
  tileIds: string[];
}

/** What a script or test needs to talk to the emulator: URLs, credentials and the ids of the seeded objects. */
export interface Fixture {
  managementUrl: string;
  observabilityUrl: string;
  /** The wire both APIs speak: the specification's (`spec`) or the real services' (`production`). */
  dialect: ApiDialect;
  organizationId: string;
  tokenKey: string;
  tokenSecret: string;
  observabilityToken: string;
  services: {
    /** Paid, production, the first service of its warehouse (2..20 replicas). */
    production: string;
    /** Non-paid, development: memory bounds cannot be set on it. */
    development: string;
    /** Paid, production, created in the warehouse of `production`: may have 1 replica. */
    secondary: string;
    /** Non-paid (trial), production: maxReplicaMemoryGb is capped at 120. */
    trial: string;
  };
  dashboards: FixtureDashboard[];
  savedSearches: NamedId[];
  webhooks: NamedId[];
  sources: NamedId[];
  /** The connection a new source names (`connection`). */
  connections: NamedId[];
  /**
   * The user ids of the organization's members: `admin`, the fixture's own user (the organization's only holder of
   * the Admin role), and `developer`, who holds the Member role.
   */
  members: { admin: string; developer: string };
  /** The organization's system roles (Admin, Billing, Org API reader, Member), by name. */
  roles: NamedId[];
}

/** The fixture without the URLs, which change with every start. */
export type FixtureIdentity = Omit<Fixture, "managementUrl" | "observabilityUrl" | "dialect">;

export interface EmulatorOptions {
  /**
   * The wire both APIs speak: `spec` (the default) answers exactly as the API specification shows; `production`
   * as the real services do (ClickHouse Cloud's API, HyperDX's external API v2, managed ClickStack routes).
   */
  dialect?: ApiDialect;
  /** 0 (the default) lets the system pick a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** JSON file that keeps the state across restarts; in memory when absent. */
  statePath?: string;
  /** The real APIs' rate limits; off by default in-process. */
  rateLimits?: boolean;
  /** How long a reverse private endpoint stays Provisioning (and Deleting); 0 by default in-process. */
  provisioningDelayMs?: number;
  /** The status new reverse private endpoints settle in when provisioning is over; Ready by default. */
  reversePrivateEndpointOutcome?: ReversePrivateEndpointOutcome;
  /** How long a woken service stays awaking (and a started or stopped one starting or stopping); 100 in-process. */
  awakeningDelayMs?: number;
  /**
   * The window of the management API's rate limit (the same 10 requests per window per key), for tests that want
   * the real limit's shape in less time; the real API's 10 000 ms by default.
   */
  managementRateWindowMs?: number;
  /** Makes the fixture's ids and credentials reproducible. */
  seed?: number;
  /**
   * The organization's tier: BASIC, SCALE (the default) or ENTERPRISE. The fixture's primary production service
   * starts with that tier's default number of replicas (1 on BASIC, 3 otherwise).
   */
  organizationTier?: "BASIC" | "SCALE" | "ENTERPRISE";
}

export interface RunningEmulator {
  url: string;
  fixture: Fixture;
  control: EmulatorControl;
  close(): Promise<void>;
}

export interface RequestLogEntry {
  id: string;
  method: string;
  path: string;
  /** The matched route as "METHOD /pattern"; absent for unknown routes. */
  route?: string;
  /** 0 when the connection was dropped without a reply. */
  status: number;
  durationMs: number;
  startedAt: string;
  fault?: FaultKind;
}

export const faultKinds = [
  "409",
  "429",
  "500",
  "502",
  "503",
  "504html",
  "404html",
  "drop",
  "slow",
  "dropAfterProcessing",
  "slowAfterProcessing",
] as const;
export type FaultKind = (typeof faultKinds)[number];

export interface ScriptedFault {
  /** "METHOD /pattern", e.g. "POST /v1/organizations/:organizationId/keys". */
  route: string;
  /** Applied to the next requests of the route, one kind per request, in order. */
  kinds: FaultKind[];
}

export interface FaultPlan {
  /** Chance (0..1) that a request of a selected route gets a random kind of `kinds`. */
  probability?: number;
  kinds?: FaultKind[];
  /** Seed of the random choices; the same plan and requests give the same faults. */
  seed?: number;
  /** Routes the random faults apply to; every API route when absent. */
  routes?: string[];
  /** Faults consumed in order per route, before any random fault. */
  script?: ScriptedFault[];
  /** Delay of the "slow" and "slowAfterProcessing" kinds; 1500 ms by default. */
  slowMs?: number;
  /** Reset value, in seconds, of an injected 429; 1 by default. */
  retryAfterSeconds?: number;
}

/** Statuses a reverse private endpoint may settle in once provisioning is over. */
export type ReversePrivateEndpointOutcome = Exclude<
  ReversePrivateEndpointStatus,
  "Provisioning" | "Deleting"
>;

export interface EmulatorSettings {
  rateLimits: boolean;
  provisioningDelayMs: number;
  reversePrivateEndpointOutcome: ReversePrivateEndpointOutcome;
  awakeningDelayMs: number;
  /**
   * How far the emulator's clock is ahead of this machine's (negative: behind), in milliseconds; 0 by default. It
   * moves every timestamp the emulator writes, so tests can show a client what a server with another clock does.
   */
  clockOffsetMs: number;
  /**
   * Whether the organization has the scheduled upgrades feature, without which setting a service's upgrade window
   * is refused (403); true by default.
   */
  scheduledUpgrades: boolean;
}

/** The control API, in-process. */
export interface EmulatorControl {
  requests(): Promise<RequestLogEntry[]>;
  clearRequests(): Promise<void>;
  /** Puts the store back to the fixture and forgets rate-limit counters. */
  reset(): Promise<void>;
  setFaults(plan: FaultPlan): Promise<void>;
  clearFaults(): Promise<void>;
  updateSettings(settings: Partial<EmulatorSettings>): Promise<EmulatorSettings>;
  /** Gives the endpoint a status at once (Provisioning holds it there until set again); Deleting cannot be set. */
  setReversePrivateEndpointStatus(
    id: string,
    status: ReversePrivateEndpointOutcome | "Provisioning",
  ): Promise<ReversePrivateEndpointStatus>;
  /** The same as setReversePrivateEndpointStatus(id, "Failed"). */
  failReversePrivateEndpoint(id: string): Promise<void>;
  /** Makes the pipe Failed at once, as a source it cannot reach would (a `start` moves it on again). */
  failClickPipe(
    id: string,
  ): Promise<void>; /** How many requests carried credentials for the pipe (its create included): the API never shows them. */
  clickPipeCredentialsSent(id: string): Promise<number>;
  /** The JSON messages a Kafka topic or Kinesis stream holds, which schema discovery samples (replaces earlier ones). */
  setStreamSample(
    family: "kafka" | "kinesis",
    name: string,
    messages: Record<string, unknown>[],
  ): Promise<void>;
  /** Puts a service in a state at once, as idle scaling (idle) or a stop (stopped) would. */
  setServiceState(id: string, state: "running" | "idle" | "stopped"): Promise<void>;
  /**
   * The hashes the service keeps of its default user's password (SHA-256 in base64, double SHA-1 in hex), never
   * the password: what a test compares with the hash of the password it set.
   */
  servicePasswordHashes(id: string): Promise<{ sha256Base64?: string; doubleSha1Hex?: string }>;
  deleteDashboard(id: string): Promise<void>;
  deleteSavedSearch(id: string): Promise<void>;
  /** Silences an alert until `until` (ISO 8601), as someone in the API's UI would; `by` is the user's object id. */
  silenceAlert(id: string, until: string, by?: string): Promise<AlertSilence>;
  /** Lifts an alert's silence. */
  unsilenceAlert(id: string): Promise<void>;
  /**
   * Accepts an invitation as its user would (the real API has no such operation): the invited address joins the
   * organization as a member holding the invitation's roles, and the invitation is gone. Returns the new user id.
   */
  acceptInvitation(id: string, name?: string): Promise<string>;
}

// ---- stored state ----

export interface IpAccessEntry {
  source: string;
  description?: string;
}

export interface ServiceRecord {
  id: string;
  name: string;
  /** Whether the service is on a paid tier (memory cap 356 GB instead of 120 GB). */
  isPaid: boolean;
  /** "production" or "development": memory bounds apply to production services only. */
  tier: "production" | "development";
  cloudProvider: string;
  region: string;
  engineVersion: string;
  host: string;
  minReplicaMemoryGb: number;
  maxReplicaMemoryGb: number;
  numReplicas: number;
  /** Horizontal scaling (production wire): the replica band; absent while the service scales vertically. */
  horizontal?: { minReplicas: number; maxReplicas: number };
  idleScaling: boolean;
  idleTimeoutMinutes: number;
  ipAccessList: IpAccessEntry[];
  createdAt: string;
  privateEndpointIds: string[];
  dataWarehouseId: string;
  isPrimary: boolean;
  /** The state it is in, or is moving to when `stateSettlesAt` is set. */
  state: EmulatedServiceState;
  /** Epoch ms when a transitional state (provisioning, awaking, starting, stopping, terminating) settles. */
  stateSettlesAt?: number;
  /*
   * The fields below came with the service's create and PATCH; state files of older emulators lack them, and a
   * service without them reads as the fixture's services do (no tags, the default release channel, ...).
   */
  tags?: ServiceTag[];
  releaseChannel?: string;
  enableCoreDumps?: boolean;
  isReadonly?: boolean;
  /** Whether the MySQL endpoint is enabled; it is unless a create or PATCH disabled it. */
  mysqlEndpoint?: boolean;
  profile?: string;
  complianceType?: string;
  byocId?: string;
  encryptionKey?: string;
  encryptionAssumedRoleIdentifier?: string;
  hasTransparentDataEncryption?: boolean;
  transparentDataEncryptionKeyId?: string;
  /** Its backups: absent, the defaults of a new service (every 24 hours, kept 24 hours). */
  backup?: { periodInHours: number; retentionPeriodInHours: number; startTime: string | null };
  /** The default user's password: its SHA-256 (base64) and, for the MySQL protocol, its double SHA-1 (hex). */
  password?: { sha256Base64: string; doubleSha1Hex?: string };
  /** Its query API endpoint; absent until one is created, and again once deleted. */
  queryEndpoint?: QueryEndpointRecord;
  /** Its weekly upgrade window (a primary service's only); absent while none is configured. */
  upgradeWindow?: { weekday: number; startHourUtc: number };
  /** The ClickHouse settings set explicitly (PATCH .../clickhouseSettings), name to value as the API reports it. */
  clickhouseSettings?: Record<string, string>;
  /** Its scaling schedule's entries (POST .../scalingSchedule); absent, or empty, when it has none. */
  scalingSchedule?: ScalingScheduleEntryRecord[];
}

export interface QueryEndpointRecord {
  id: string;
  roles: string[];
  openApiKeys: string[];
  allowedOrigins: string;
}

/** One weekly window of a scaling schedule, as stored: the request's fields, its id, and the mode it runs in. */
export interface ScalingScheduleEntryRecord {
  id: string;
  name: string;
  weekdays: number[];
  startHourUtc: number;
  endHourUtc: number;
  autoscalingMode: "vertical" | "horizontal";
  minReplicaMemoryGb?: number;
  maxReplicaMemoryGb?: number;
  /** The replica count: a vertical entry's fixed count is stored as an equal band. */
  minReplicas?: number;
  maxReplicas?: number;
  idleScaling?: boolean;
  idleTimeoutMinutes?: number;
}

export interface ServiceTag {
  key: string;
  value?: string;
}

/**
 * The service states the emulator models: a subset of the real API's. A terminating service is gone (404) once
 * its state settles.
 */
export type EmulatedServiceState =
  "provisioning" | "running" | "idle" | "awaking" | "starting" | "stopping" | "stopped" | "terminating";

export interface OrganizationPrivateEndpoint {
  id: string;
  description: string;
  cloudProvider: string;
  region: string;
}

export interface OrganizationRecord {
  id: string;
  name: string;
  createdAt: string;
  privateEndpoints: OrganizationPrivateEndpoint[];
  /** BASIC, SCALE or ENTERPRISE; state files of older emulators lack it and hold SCALE organizations. */
  tier?: "BASIC" | "SCALE" | "ENTERPRISE";
  /** Whether its services may collect crash reports; absent (in state files of older emulators) means enabled. */
  enableCoreDumps?: boolean;
}

/** A policy of a role: what it allows or denies on which resources. */
export interface PolicyRecord {
  id: string;
  allowDeny: PolicyEffect;
  permissions: string[];
  resources: string[];
  tags?: { grants?: string[]; roleV2?: PolicySqlConsoleRole };
}

/**
 * A role of the organization. Its `actors` (`user/<user id>`, `apiKey/<key id>`) are the one record of who holds it:
 * a member's and a key's roles are read from them.
 */
export interface RoleRecord {
  id: string;
  name: string;
  type: RoleType;
  actors: string[];
  policies: PolicyRecord[];
  createdAt: string;
  updatedAt: string;
}

export interface MemberRecord {
  userId: string;
  name: string;
  /** Lower case. */
  email: string;
  /** The deprecated organization role, as it was before the organization moved to custom roles. */
  role: LegacyMemberRole;
  joinedAt: string;
}

export interface InvitationRecord {
  id: string;
  /** Lower case. */
  email: string;
  /** The deprecated organization role, when the create sent one. */
  role?: LegacyMemberRole;
  /** The roles its user will hold on joining. */
  assignedRoleIds: string[];
  createdAt: string;
  expireAt: string;
}

export interface ReversePrivateEndpointRecord {
  id: string;
  serviceId: string;
  description: string | null;
  type: ReversePrivateEndpointType;
  vpcEndpointServiceName: string | null;
  vpcResourceConfigurationId: string | null;
  vpcResourceShareArn: string | null;
  mskClusterArn: string | null;
  mskAuthentication: string | null;
  /** The GCP PSC service attachment (type GCP_PSC_SERVICE_ATTACHMENT); absent in state files written before it. */
  gcpServiceAttachment?: string | null;
  /** The custom private DNS names, as sent (production wire); absent in state files written before them: none. */
  customPrivateDnsMappings?: { privateDnsName: string }[];
  endpointId: string;
  dnsNames: string[];
  privateDnsNames: string[];
  /** Epoch ms when Provisioning ends. */
  readyAt: number;
  /** The status the endpoint settles in when Provisioning ends (Ready unless settings or the control path say otherwise). */
  outcome: ReversePrivateEndpointStatus;
  /** Epoch ms when a deleted endpoint disappears; absent until DELETE. */
  goneAt?: number;
}

/** A ClickPipe as stored: what the API shows of it, and when its state changes next. */
export interface ClickPipeRecord {
  id: string;
  serviceId: string;
  name: string;
  family: ClickPipeSourceFamily;
  /** The family's source as the API shows it: the create's fields without credentials, with what the API fills in. */
  source: Record<string, unknown>;
  /** The destination as the API shows it (without the roles a create may send). */
  destination: Record<string, unknown>;
  fieldMappings: { sourceField: string; destinationField: string }[];
  /** Streaming and object storage pipes only; database pipes scale through the service's CDC scaling. */
  scaling: { replicas: number; replicaCpuMillicores: number; replicaMemoryGb: number } | null;
  /** The settings a request set, by key. */
  settings: Record<string, number | boolean>;
  /** The states the pipe passes through before `settled`, each until its epoch ms, in order. */
  phases: { state: ClickPipeState; until: number }[];
  /** The state the pipe stays in once its phases are over. */
  settled: ClickPipeState;
  /** How many times credentials were sent (create and updates): what tests read to see a credential sent again. */
  credentialsSent: number;
  createdAt: string;
  updatedAt: string;
}

/** Sample messages of a Kafka topic (`kafka`, by topic) or a Kinesis stream (`kinesis`, by stream name). */
export interface StreamSampleRecord {
  family: "kafka" | "kinesis";
  name: string;
  messages: Record<string, unknown>[];
}

/** A service's database pipes' compute, once a database pipe made it exist. */
export interface ClickPipesCdcScalingRecord {
  serviceId: string;
  replicaCpuMillicores: number;
  replicaMemoryGb: number;
}

export interface ApiKeyRecord {
  id: string;
  name: string;
  roles: ApiKeyRole[];
  state: ApiKeyState;
  keySuffix: string;
  createdAt: string;
  expireAt: string | null;
  usedAt: string | null;
  ipAccessList: IpAccessEntry[];
  /** sha256 hex of the key id and of the secret: the secret itself is never stored. */
  keyIdHash: string;
  keySecretHash: string;
}

/**
 * A tile of a dashboard. Its place and config are absent in state files of older emulators, which knew tiles by id
 * and name only.
 */
export interface TileRecord extends NamedId {
  x?: number;
  y?: number;
  w?: number;
  h?: number;
  config?: Record<string, unknown>;
  containerId?: string;
  tabId?: string;
}

export interface DashboardRecord {
  id: string;
  name: string;
  tiles: TileRecord[];
  tags?: string[];
  filters?: Record<string, unknown>[];
  savedQuery?: string | null;
  savedQueryLanguage?: string | null;
  savedFilterValues?: Record<string, unknown>[];
  containers?: Record<string, unknown>[];
}

/** A webhook; `headers` and `queryParams` are kept but never shown. Fields after the name may be absent in older state. */
export interface WebhookRecord extends NamedId {
  service?: string;
  url?: string;
  description?: string;
  body?: string;
  headers?: Record<string, string>;
  queryParams?: Record<string, string>;
  createdAt?: string;
  updatedAt?: string;
}

export interface SavedSearchRecord extends NamedId {
  sourceId?: string;
  select?: string;
  where?: string;
  whereLanguage?: string;
  orderBy?: string;
  tags?: string[];
  filters?: Record<string, unknown>[];
  createdAt?: string;
  updatedAt?: string;
}

/** A source as its create or PUT gave it (each kind has fields of its own), with its id. */
export interface SourceRecord extends NamedId {
  kind?: string;
  [field: string]: unknown;
}

/** A silence of an alert: notifications stop until `until`. */
export interface AlertSilence {
  /** The user who set it (an object id); absent when the control API set it without one. */
  by?: string;
  at: string;
  until: string;
}

export interface AlertRecord {
  id: string;
  /** null when not given, as the API stores it (absent in state files of older emulators). */
  name?: string | null;
  message?: string | null;
  threshold: number;
  interval: string;
  thresholdType: string;
  source: string;
  state: string;
  channel: { type: string; webhookId?: string };
  team: string;
  tileId?: string;
  dashboard?: string;
  savedSearch?: string;
  groupBy?: string;
  /** Production wire only, as the fields below (absent in state files of older emulators). */
  channels?: { type: string; webhookId?: string }[];
  thresholdMax?: number;
  note?: string | null;
  numConsecutiveWindows?: number | null;
  scheduleOffsetMinutes?: number;
  scheduleStartAt?: string | null;
  /** Set while silenced (state files of older emulators hold `false`). */
  silenced?: AlertSilence | boolean;
  createdAt: string;
  updatedAt: string;
}

export interface EmulatorState {
  organization: OrganizationRecord;
  services: ServiceRecord[];
  reversePrivateEndpoints: ReversePrivateEndpointRecord[];
  keys: ApiKeyRecord[];
  teamId: string;
  dashboards: DashboardRecord[];
  savedSearches: SavedSearchRecord[];
  webhooks: WebhookRecord[];
  sources: SourceRecord[];
  /** The ClickHouse connections sources read from (absent in state files of older emulators). */
  connections?: NamedId[];
  alerts: AlertRecord[];
  /** Who may do what (absent in state files of older emulators, whose organization has no roles or members). */
  roles?: RoleRecord[];
  members?: MemberRecord[];
  invitations?: InvitationRecord[];
  /** ClickPipes and the database pipes' compute (absent in state files of older emulators: none). */ clickPipes?: ClickPipeRecord[];
  clickPipesCdcScaling?: ClickPipesCdcScalingRecord[];
  /** Messages a Kafka topic or Kinesis stream holds, for schema discovery (set through the control API). */
  streamSamples?: StreamSampleRecord[];
}
