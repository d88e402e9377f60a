/** The Service resource: a ClickHouse Cloud service of the organization, made, changed, stopped and deleted. */
import { limits } from "../../../schemas";
import type { InputField, OutputField, ResourceDefinition } from "../definition";
import { organizationIdInput, outputOf, stringOutput } from "../fields/sharedFields";
import { ipAccessSourcesAreAddresses } from "../apiKey/rules";
import { backupSettingsAreValid } from "./backups";
import { horizontalBand } from "../replicaScaling/rules";
import {
  mysqlEndpointIsBoolean,
  passwordIsText,
  regionOfProvider,
  stateIsDesired,
  tagsAreValid,
  waitTimeoutIsPositive,
} from "./rules";

const schemas = "../schemas";

/** How long a service may take to settle: the official Terraform provider waits up to 90 minutes for a create. */
export const defaultWaitMinutes = 90;

/** A field of the create only: the API has no PATCH for it, so a change replaces the service. */
function fixedAtCreate(description: string, extra: Partial<InputField> = {}): InputField {
  return {
    description: `${description} Set at create only: changing it replaces the service.`,
    change: "replace",
    unsetMeansUnmanaged: true,
    ...extra,
  };
}

/** A scaling setting: sent with the create, then changed in place by the replica-scaling PATCH. */
function scalingSetting(description: string, extra: Partial<InputField> = {}): InputField {
  return {
    description:
      `${description} Changes in place. Leave it out to leave it to the API's default or to a ReplicaScaling ` +
      "resource on this service: a ReplicaScaling that sets a setting this Service sets is refused at its check.",
    change: "update",
    unsetMeansUnmanaged: true,
    ...extra,
  };
}

/** A field the basic-details PATCH changes in place; left out, it is the API's to choose and is not watched. */
function changesInPlace(description: string, extra: Partial<InputField> = {}): InputField {
  return {
    description: `${description} Changes in place.`,
    change: "update",
    unsetMeansUnmanaged: true,
    ...extra,
  };
}

function numberOutput(description: string): OutputField {
  return outputOf("number", description);
}

export const definition: ResourceDefinition<"serviceCreate"> = {
  kind: "Service",
  module: "clickhouse",
  description:
    "A ClickHouse Cloud service. Create sends the service and waits while it is `provisioning` (up to " +
    "`waitTimeoutMinutes`, with a progress line every poll); the password the API generates is the secret output " +
    "`password`, unless the program sets its own `password` (a secret input: only its SHA-256 and double SHA-1 " +
    "hashes are sent, after the create). name, ipAccessList, tags, releaseChannel, mysqlEndpoint, enableCoreDumps, " +
    "transparentDataEncryptionKeyId and the backup settings change in place (the IP access list and the tags by adding and removing " +
    "entries, compared as sets, so their order never shows as a change); the scaling settings change in place " +
    "through the replica-scaling PATCH; `state` starts (`running`) or stops (`stopped`) the service; a new " +
    "`password` or `passwordRotationTrigger` sets or regenerates the password without replacing the service. " +
    "provider, region and the other fields the API sets only at create replace the service.\n\n" +
    "Fields the program leaves out are not sent and not watched. A read never wakes an idle service, and an idle " +
    "service counts as `running`. Delete stops the service, waits until it is `stopped`, sends the DELETE again " +
    "while the API answers 409 (the service still settling), and waits until the service is gone. A create " +
    "interrupted during its wait (a killed `pulumi up`) is taken over by the next `up` instead of made twice: " +
    "see `waitTimeoutMinutes`.",
  notes:
    "waits for `provisioning` to end; the generated `password` is a secret output, or set your own (only hashes " +
    "are sent); IP list and tags are sets; `state` starts and stops it; delete stops it first",
  id: "The service's uuid, as the API reports it.",
  requestSchema: "serviceCreate",
  inputs: {
    name: {
      description: `The service's name, 1 to ${limits.service.nameMaxLength} characters. Changes in place.`,
      required: true,
      change: "update",
    },
    provider: {
      description: "The cloud provider: aws, gcp or azure. Changing it replaces the service.",
      type: { name: "ServiceCloudProvider", from: schemas },
      required: true,
      change: "replace",
    },
    region: {
      description:
        "The region, in its cloud's own naming (aws `us-east-1`, gcp `us-east1`, azure `eastus`); it must be a " +
        "region of `provider`. Changing it replaces the service.",
      type: { name: "ServiceRegion", from: schemas },
      required: true,
      change: "replace",
    },
    tier: fixedAtCreate(
      "The tier of organizations on the legacy plans (`development`, `production`, `dedicated_*`); the API " +
        "deprecates it for BASIC, SCALE and ENTERPRISE organizations, whose services are sized by the scaling " +
        "settings. Azure has no development tier.",
      { type: { name: "ServiceTier", from: schemas } },
    ),
    ipAccessList: changesInPlace(
      "Addresses (IPv4 or IPv6 address or CIDR range, with an optional description) allowed to connect; compared " +
        "as a set, by source. An empty list allows none.",
      { type: { name: "ServiceIpAccessEntry", from: "resources/service/settings" } },
    ),
    tags: changesInPlace(
      `Tags, key to value: at most ${limits.service.maxTags}; keys of 1 to ${limits.service.tagKeyMaxLength} and ` +
        `values of up to ${limits.service.tagValueMaxLength} letters, digits, dots, dashes and underscores; an ` +
        "empty value is a tag without a value. Compared as a map, so order never matters.",
      {
        schema: { type: "object", additionalProperties: { type: "string" } },
        type: { name: "ServiceTags", from: "resources/service/settings" },
        outsideBody: true,
        rule: null,
      },
    ),
    minReplicaMemoryGb: scalingSetting(
      "Minimum auto-scaling memory of one replica, in GB: a multiple of 4 between 8 and 356.",
    ),
    maxReplicaMemoryGb: scalingSetting(
      "Maximum auto-scaling memory of one replica, in GB: a multiple of 4 between 8 and 356 (at most 120 off a " +
        "paid tier).",
    ),
    numReplicas: scalingSetting(
      "Number of replicas, 1 to 20; the first service of a warehouse needs at least 2.",
    ),
    idleScaling: scalingSetting(
      "Whether the service may scale down to zero when idle (the API's default: true).",
    ),
    idleTimeoutMinutes: scalingSetting(
      "Minimum idle time before scaling to zero, in whole minutes, at least 5.",
    ),
    autoscalingMode: scalingSetting(
      "`vertical` (a fixed replica count, memory scales) or `horizontal` (a fixed memory per replica, the count " +
        "scales between minReplicas and maxReplicas).",
      { type: { name: "AutoscalingMode", from: schemas } },
    ),
    minReplicas: scalingSetting("Fewest replicas of horizontal autoscaling, 1 to 20; set with maxReplicas."),
    maxReplicas: scalingSetting("Most replicas of horizontal autoscaling, 1 to 20; set with minReplicas."),
    releaseChannel: changesInPlace(
      "`slow`, `default` or `fast`: how soon the service gets new ClickHouse releases (production services).",
      { type: { name: "ServiceReleaseChannel", from: schemas } },
    ),
    mysqlEndpoint: changesInPlace("Whether the service's MySQL-protocol endpoint is enabled.", {
      schema: { type: "boolean" },
      outsideBody: true,
      rule: mysqlEndpointIsBoolean,
    }),
    enableCoreDumps: changesInPlace(
      "Whether the service's infrastructure collects core dumps (the API's default: true).",
    ),
    transparentDataEncryptionKeyId: changesInPlace(
      "The transparent data encryption key to rotate to (a service made with hasTransparentDataEncryption).",
      { schema: { type: "string", minLength: 1 }, outsideBody: true },
    ),
    backupPeriodInHours: changesInPlace(
      "Hours between backups: 6, 8, 12, 16, 20, 24, 36 or 48. Cannot be set with backupStartTime. The primary " +
        "service of a warehouse only, not a development one.",
      { schema: { type: "number" }, outsideBody: true, rule: null },
    ),
    backupRetentionPeriodInHours: changesInPlace(
      "How long backups are kept, in hours: whole days (a multiple of 24) from 24 to 1080.",
      { schema: { type: "number" }, outsideBody: true, rule: null },
    ),
    backupStartTime: changesInPlace(
      'The full hour of the day, in UTC ("HH:00"), at which daily backups start: backups are then made once a ' +
        "day. Cannot be set with backupPeriodInHours.",
      { schema: { type: "string" }, outsideBody: true, rule: null },
    ),
    isReadonly: fixedAtCreate(
      "Whether the service is read-only; only in an existing warehouse (dataWarehouseId).",
    ),
    dataWarehouseId: fixedAtCreate(
      "The warehouse (uuid) to make the service in, sharing its storage with the warehouse's other services; " +
        "left out, the service starts a warehouse of its own.",
    ),
    backupId: fixedAtCreate(
      "A backup (uuid) to restore the new service from; region and tier must be the backup's.",
    ),
    encryptionKey: fixedAtCreate("A customer-provided disk encryption key."),
    encryptionAssumedRoleIdentifier: fixedAtCreate("The role to use for disk encryption."),
    byocId: fixedAtCreate("The id of a Bring Your Own Cloud region setup."),
    hasTransparentDataEncryption: fixedAtCreate(
      "Whether the service has transparent data encryption (ENTERPRISE organizations).",
    ),
    profile: fixedAtCreate("A custom instance profile (ENTERPRISE organizations).", {
      type: { name: "ServiceProfile", from: schemas },
    }),
    complianceType: fixedAtCreate("The regulatory compliance of the service: `hipaa` or `pci`.", {
      type: { name: "ServiceComplianceType", from: schemas },
    }),
    state: changesInPlace(
      "`running` starts a stopped service, `stopped` stops it; left out, the service's state is not watched. An " +
        "idle service (scaled to zero) counts as running and is not woken.",
      {
        schema: { enum: ["running", "stopped"] },
        type: { name: "DesiredServiceState", from: schemas },
        outsideBody: true,
        rule: stateIsDesired,
      },
    ),
    password: changesInPlace(
      "The default user's password: a secret. Only its SHA-256 (base64) and double SHA-1 hashes are sent, so the " +
        "plain text never leaves this machine; changing it sets the new one without replacing the service. Left " +
        "out, the API generates a password (the `password` output).",
      { schema: { type: "string" }, outsideBody: true, secret: true, rule: passwordIsText },
    ),
    passwordRotationTrigger: changesInPlace(
      "Any string; changing it has the API generate a new password (the `password` output), when the program " +
        "sets no `password`. Nothing else is sent.",
      { schema: { type: "string" }, outsideBody: true },
    ),
    waitTimeoutMinutes: {
      description:
        "How long create, start and stop wait for the service to settle, and delete for it to stop and go, in " +
        "minutes. A create interrupted during its wait is taken over by the next `up`: a service of the same " +
        "name, provider and region, with every field the create sends, made within this many minutes before, " +
        "is adopted (a warning names it) rather than made twice; two such services fail the create, naming both. " +
        "Changing it changes nothing remotely.",
      schema: { type: "number", exclusiveMinimum: 0 },
      outsideBody: true,
      change: "none",
      default: defaultWaitMinutes,
      rule: waitTimeoutIsPositive,
    },
    organizationId: organizationIdInput,
  },
  outputs: {
    organizationId: stringOutput("The organization (uuid) that owns the service.", { alwaysSet: true }),
    name: stringOutput("The service's name.", { alwaysSet: true }),
    provider: stringOutput("The cloud provider.", { alwaysSet: true }),
    region: stringOutput("The region.", { alwaysSet: true }),
    tier: stringOutput("The tier, when the API reports one."),
    state: stringOutput(
      "The state the API reports: `running`, `idle`, `stopped`, `provisioning`, ... (14 in all); never causes a " +
        "diff by itself.",
      { alwaysSet: true },
    ),
    clickhouseVersion: stringOutput("The ClickHouse version the service runs."),
    endpoints: {
      description:
        "The service's endpoints: protocol (`https`, `nativesecure`, `mysql`), host, port and username.",
      schema: { type: "array" },
      type: { name: "ServiceEndpoint", from: "resources/service/settings" },
      alwaysSet: true,
    },
    ipAccessList: {
      description: "Addresses allowed to connect, as the API reports them.",
      schema: { type: "array" },
      type: { name: "ServiceIpAccessEntry", from: "resources/service/settings" },
      alwaysSet: true,
    },
    tags: {
      description: "The service's tags, key to value (an empty value for a tag without one).",
      schema: { type: "object", additionalProperties: { type: "string" } },
      type: { name: "ServiceTags", from: "resources/service/settings" },
      alwaysSet: true,
    },
    minReplicaMemoryGb: numberOutput("Minimum auto-scaling memory of one replica, in GB."),
    maxReplicaMemoryGb: numberOutput("Maximum auto-scaling memory of one replica, in GB."),
    numReplicas: numberOutput("Number of replicas."),
    idleScaling: outputOf("boolean", "Whether the service may scale down to zero when idle."),
    idleTimeoutMinutes: numberOutput("Minimum idle time before scaling to zero, in minutes."),
    autoscalingMode: stringOutput("`vertical` or `horizontal`, when the API reports it."),
    minReplicas: numberOutput("Fewest replicas of horizontal autoscaling."),
    maxReplicas: numberOutput("Most replicas of horizontal autoscaling."),
    releaseChannel: stringOutput("The release channel."),
    mysqlEndpoint: outputOf("boolean", "Whether the MySQL-protocol endpoint is enabled.", {
      alwaysSet: true,
    }),
    enableCoreDumps: outputOf("boolean", "Whether core dumps are collected."),
    transparentDataEncryptionKeyId: stringOutput("The transparent data encryption key in use."),
    backupPeriodInHours: numberOutput("Hours between backups (24 when backups start at a set time)."),
    backupRetentionPeriodInHours: numberOutput("How long backups are kept, in hours."),
    backupStartTime: stringOutput("The hour of the day (UTC) at which daily backups start, when one is set."),
    isReadonly: outputOf("boolean", "Whether the service is read-only."),
    dataWarehouseId: stringOutput("The warehouse (uuid) the service belongs to."),
    isPrimary: outputOf("boolean", "Whether the service is its warehouse's primary (first) service."),
    backupId: stringOutput("The backup the service was restored from, as the program set it."),
    encryptionKey: stringOutput("The customer-provided disk encryption key."),
    encryptionAssumedRoleIdentifier: stringOutput("The role used for disk encryption."),
    byocId: stringOutput("The Bring Your Own Cloud region setup."),
    hasTransparentDataEncryption: outputOf("boolean", "Whether the service has transparent data encryption."),
    profile: stringOutput("The custom instance profile."),
    complianceType: stringOutput("The regulatory compliance type."),
    iamRole: stringOutput("The IAM role the service uses to read object storage."),
    privateEndpointIds: {
      description: "The private endpoints attached to the service (PrivateEndpoint resources attach them).",
      schema: { type: "array", items: { type: "string" } },
      alwaysSet: true,
    },
    createdAt: stringOutput("When the service was made (ISO 8601)."),
    password: {
      description:
        "The default user's password: the program's `password`, or the one the API generated at create or on a " +
        "new passwordRotationTrigger; a secret. Undefined for an imported service without a `password` input (the " +
        "API answers a password only when it generates one).",
      schema: { type: "string" },
      secret: true,
    },
    passwordRotationTrigger: stringOutput("The trigger the current generated password was made for."),
    waitTimeoutMinutes: numberOutput("The wait timeout, in minutes."),
  },
  rules: [regionOfProvider, tagsAreValid, ipAccessSourcesAreAddresses, backupSettingsAreValid],
  dialectRules: { production: [horizontalBand], spec: [horizontalBand] },
};
