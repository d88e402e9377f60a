/** * The ClickPipe resource: a pipe that brings data into a service from a stream, object storage or a database, with its
 * run state, scaling and settings, and write-only credentials.
 */
import {
  clickPipeCredentialsInput,
  clickPipeSchemaRegistryCredentialsInput,
} from "../../../schemas/clickPipes";
import {
  adoptIdInput,
  organizationIdInput,
  outputOf,
  readyTimeoutInput,
  serviceIdInput,
  stringOutput,
} from "../fields/sharedFields";
import type { InputField, OutputField, ResourceDefinition } from "../definition";
import { credentialsFitSource, schemaRegistryCredentialsFit } from "./credentials";
import { databasePipeTakesNoTable, resyncOnlyForDatabasePipes, runStates, stateIsRunOrStop } from "./rules";

const inputTypes = "inputTypes/clickPipe";

/** An output that reads like the input of the same name: the value as the API shows it. */
function shown(description: string, type: "object" | "array", extra: Partial<OutputField> = {}): OutputField {
  return { description, schema: { type }, ...extra };
}

function secretInput(description: string, extra: Partial<InputField>): InputField {
  return { description, outsideBody: true, secret: true, change: "update", ...extra };
}

export const definition: ResourceDefinition<"clickPipeCreateInputs"> = {
  kind: "ClickPipe",
  module: "clickhouse",
  description:
    "A ClickPipe: a pipe that brings data into a service from Kafka (Confluent, MSK, Redpanda, Event Hubs and " +
    "others; MSK through a ReversePrivateEndpoint), object storage (S3, GCS, Azure Blob and S3-compatible stores), " +
    "Kinesis, Pub/Sub, or a database: Postgres, MySQL and MongoDB (CDC) or BigQuery (a snapshot), each typed field " +
    "by field. Create waits while the pipe is Provisioning (a database pipe also through its Setup); `state: " +
    "Stopped` stops it (a database pipe pauses), `Running` starts it again, and a pipe found Failed is started by " +
    "the next `up`. The name, the fields of each source that the API's update takes (authentication, endpoints, " +
    "certificates, a database pipe's connection, sync settings and tables: the pipe is paused while its tables " +
    "change), the destination's columns with the field mappings, the scaling and the settings change in place; any " +
    "other source or destination change replaces the pipe. Credentials are write-only secrets: the API never shows " +
    "them, so a change is seen by a salted fingerprint of the last ones sent, and a change made outside Pulumi is " +
    "not. A new `resyncTrigger` resyncs a Postgres or MySQL pipe. What the API fills in (a consumer group, default " +
    "settings) is an output, never a change; columns, field mappings and tables compare in any order. While the " +
    "service is idle the API refuses every ClickPipes call: the service is woken first, with a line saying so.",
  notes:
    "all eight source families typed field by field; `state` Running/Stopped; credentials write-only (compared by " +
    "a salted fingerprint); `resyncTrigger`; an idle service is woken first",
  id: "The pipe's uuid, as the API reports it.",
  requestSchema: "clickPipeCreateInputs",
  inputs: {
    serviceId: serviceIdInput("The service (uuid) the pipe writes into. Changing it replaces the pipe."),
    name: {
      description: "The pipe's name, 1 to 255 characters. Changes in place.",
      required: true,
      change: "update",
    },
    source: {
      description:
        "Where the pipe reads: exactly one of `kafka`, `objectStorage`, `kinesis`, `pubsub`, `postgres`, `mysql`, " +
        "`mongodb` and `bigquery`, without credentials (those are `credentials` and `schemaRegistryCredentials`). " +
        "In place: Kafka's `authentication`, `iamRole`, `caCertificate` and `reversePrivateEndpointIds`; object " +
        "storage's `authentication`, `iamRole`, `path`, `azureContainerName`, `skipInitialLoad` and `startAfter`; " +
        "Kinesis' `authentication` and `iamRole`; Pub/Sub's `ackDeadline`; a Postgres, MySQL or MongoDB pipe's " +
        "connection, `settings.syncIntervalSeconds`, `settings.pullBatchSize` (and MySQL's " +
        "`settings.useCompression`) and `tableMappings`. Any other change replaces the pipe (any BigQuery change " +
        "does). Fields left out are the API's to fill in, and are not compared.",
      required: true,
      change: "update",
      type: { name: "ClickPipeSourceArgs", from: inputTypes },
    },
    destination: {
      description:
        "Where the pipe writes: `database`, and but for a database pipe (whose table mappings name its tables) " +
        "`table` and its `columns`, with `managedTable` and `tableDefinition` for a table the pipe makes. The " +
        "columns change in place, in any order; any other change replaces the pipe. `roles` count at create only: " +
        "the API does not show them.",
      required: true,
      change: "update",
      type: { name: "ClickPipeDestinationArgs", from: inputTypes },
    },
    fieldMappings: {
      description:
        "Which source field fills which column; not for database pipes. Changes in place (with the columns); " +
        "order doesn't matter. Left out, the pipe's mappings are not managed.",
      change: "update",
      unsetMeansUnmanaged: true,
      type: { name: "ClickPipeFieldMappingArgs", from: inputTypes },
    },
    scaling: {
      description:
        "A streaming or object storage pipe's replicas (`replicas` 1 to 40, `replicaCpuMillicores` 125 to 2000, " +
        "`replicaMemoryGb` 0.5 to 8); not for database pipes (ClickPipesCdcScaling scales those). Changes in " +
        "place; fields left out are not managed.",
      change: "update",
      unsetMeansUnmanaged: true,
      type: { name: "ClickPipeScalingArgs", from: inputTypes },
    },
    settings: {
      description:
        "ClickPipes settings by their API names (`streaming_max_insert_wait_ms`, `clickhouse_max_threads`, ...), " +
        "each within its bounds. Changes in place; settings left out keep their values and are not compared.",
      change: "update",
      unsetMeansUnmanaged: true,
    },
    credentials: secretInput(
      "The source's credentials, a secret: `username` and `password` (Kafka PLAIN and SCRAM, Postgres, MySQL, MongoDB), " +
        "`accessKeyId` and `secretKey` (IAM_USER), `connectionString` (Event Hubs PLAIN, Azure Blob " +
        "CONNECTION_STRING), `certificate` and `privateKey` (Kafka MUTUAL_TLS) or `serviceAccountKey` (GCS " +
        "SERVICE_ACCOUNT; Pub/Sub and BigQuery: the key file, base64 encoded), as the source's authentication " +
        "requires. Sent, never read back: a change is sent in " +
        "place.",
      {
        schema: clickPipeCredentialsInput,
        type: { name: "ClickPipeCredentialsArgs", from: inputTypes },
        rule: credentialsFitSource,
      },
    ),
    schemaRegistryCredentials: secretInput(
      "The Kafka schema registry's `username` and `password`, a secret; required with " +
        "`source.kafka.schemaRegistry`. Sent, never read back; the API changes no registry in place, so a change " +
        "replaces the pipe.",
      {
        schema: clickPipeSchemaRegistryCredentialsInput,
        type: { name: "ClickPipeSchemaRegistryCredentialsArgs", from: inputTypes },
        change: "replace",
        rule: schemaRegistryCredentialsFit,
      },
    ),
    state: {
      description:
        "`Running` (the default) or `Stopped`: the run state the pipe is kept in. A database pipe stops by " +
        "pausing. A pipe found Failed shows as a change, and the next `up` starts it.",
      schema: { type: "string", enum: [...runStates] },
      outsideBody: true,
      change: "update",
      default: "Running",
      rule: stateIsRunOrStop,
    },
    resyncTrigger: {
      description:
        "Any text; a new value resyncs a Postgres or MySQL pipe (it copies its tables again, then goes on replicating). " +
        "Setting it on a new pipe does nothing more.",
      schema: { type: "string" },
      outsideBody: true,
      change: "update",
      unsetMeansUnmanaged: true,
      rule: resyncOnlyForDatabasePipes,
    },
    organizationId: organizationIdInput,
    adoptId: adoptIdInput(
      "Adopts the existing pipe with this id instead of creating one (the dynamic-provider classes cannot be " +
        "imported with `pulumi import`; with the native plugin, `pulumi import` works too). What its inputs change " +
        "in place is sent to it, credentials included; deleting the resource deletes the pipe.",
      "uuid",
    ),
    readyTimeoutSeconds: readyTimeoutInput(
      "How long a create or update waits for the pipe to settle (Provisioning, Setup, Stopping, Pausing), in " +
        "seconds.",
    ),
  },
  outputs: {
    serviceId: stringOutput("The service (uuid) the pipe writes into.", { alwaysSet: true }),
    organizationId: stringOutput("The organization (uuid) of the service.", { alwaysSet: true }),
    name: stringOutput("The pipe's name.", { alwaysSet: true }),
    source: shown(
      "The source as the API shows it (with what it filled in, such as Kafka's consumer group; never " +
        "credentials).",
      "object",
      { alwaysSet: true },
    ),
    destination: shown("The destination as the API shows it.", "object", { alwaysSet: true }),
    fieldMappings: shown("The field mappings as the API shows them.", "array", { alwaysSet: true }),
    scaling: shown("The replicas as the API shows them (none for a database pipe).", "object"),
    settings: shown("Every setting the pipe has, as the API shows them.", "object", { alwaysSet: true }),
    state: stringOutput(
      "`Running` or `Stopped` as the pipe is (a paused pipe is Stopped; one still provisioning, in its snapshot " +
        "or completed is Running), or `Failed` (also for the API's InternalError).",
      { alwaysSet: true },
    ),
    status: stringOutput(
      "The API's own state word (Provisioning, Running, Snapshot, Paused, Completed, ...).",
      {
        alwaysSet: true,
      },
    ),
    credentialsFingerprint: stringOutput(
      "A salted SHA-256 of the credentials last sent, by which a change is seen (a secret all the same).",
      { secret: true },
    ),
    schemaRegistryCredentialsFingerprint: stringOutput(
      "A salted SHA-256 of the schema registry credentials last sent (a secret all the same).",
      { secret: true },
    ),
    resyncTrigger: stringOutput("The resyncTrigger of the last `up`, when set."),
    createdAt: stringOutput("When the pipe was created."),
    updatedAt: stringOutput("When the pipe last changed."),
    adoptId: stringOutput("The adopted pipe's id, when the resource adopted one instead of creating it."),
    readyTimeoutSeconds: outputOf(
      "number",
      "How long create and update waited at most, in seconds, when set.",
    ),
  },
  rules: [databasePipeTakesNoTable],
};
