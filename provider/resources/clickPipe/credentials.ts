/**
 * A pipe's credentials: which fields of the `credentials` input its source family and authentication take, where
 * the request carries them, and the fingerprint by which a later run tells whether they changed without keeping them
 * in the outputs. The API never shows credentials, so nothing read from it can say they changed.
 */
import { createHash, randomBytes } from "node:crypto";
import type { ClickPipeCreateSchema } from "../../rest/schemaTypes";
import { isPlainObject } from "../../propertyBags";
import type { ValidationProblem } from "../../validation/validate";

export type Credentials = Readonly<Record<string, string>>;

/** The credential fields a family and authentication take: each alternative lists every field it needs. */
interface CredentialNeed {
  /** The alternatives, each a set of fields (none: the pipe takes no credentials). */
  readonly fields: readonly (readonly string[])[];
  /** Why, for the message: "Kafka PLAIN". */
  readonly because: string;
}

const usernameAndPassword = ["username", "password"];
const accessKey = ["accessKeyId", "secretKey"];

/** What the source named in `source` needs; undefined when the source names no typed family. */
export function credentialNeed(source: unknown): CredentialNeed | undefined {
  if (!isPlainObject(source)) return undefined;
  if (isPlainObject(source.kafka)) {
    const { authentication, type } = source.kafka;
    const because = `Kafka authentication ${String(authentication ?? "(none)")}`;
    switch (authentication) {
      case "PLAIN":
        return type === "azureeventhub"
          ? { fields: [["connectionString"]], because: "Kafka PLAIN on azureeventhub" }
          : { fields: [usernameAndPassword], because };
      case "SCRAM-SHA-256":
      case "SCRAM-SHA-512":
        return { fields: [usernameAndPassword], because };
      case "IAM_USER":
        return { fields: [accessKey], because };
      case "MUTUAL_TLS":
        return { fields: [["certificate", "privateKey"]], because };
      default:
        return { fields: [], because };
    }
  }
  if (isPlainObject(source.objectStorage)) {
    const { authentication } = source.objectStorage;
    const because = `object storage authentication ${String(authentication ?? "(none: public files)")}`;
    switch (authentication) {
      case "IAM_USER":
        return { fields: [accessKey], because };
      case "CONNECTION_STRING":
        return { fields: [["connectionString"]], because };
      case "SERVICE_ACCOUNT":
        return { fields: [["serviceAccountKey"]], because };
      default:
        return { fields: [], because };
    }
  }
  for (const [family, name] of [
    ["postgres", "Postgres"],
    ["mysql", "MySQL"],
  ] as const) {
    const fields = source[family];
    if (!isPlainObject(fields)) continue;
    const { authentication } = fields;
    return authentication === "IAM_ROLE"
      ? { fields: [], because: `${name} authentication IAM_ROLE` }
      : {
          fields: [usernameAndPassword],
          because: `${name} authentication ${String(authentication ?? "basic")}`,
        };
  }
  if (isPlainObject(source.kinesis)) {
    const { authentication } = source.kinesis;
    const because = `Kinesis authentication ${String(authentication)}`;
    return authentication === "IAM_USER" ? { fields: [accessKey], because } : { fields: [], because };
  }
  if (isPlainObject(source.pubsub)) {
    return { fields: [["serviceAccountKey"]], because: "Pub/Sub authentication SERVICE_ACCOUNT" };
  }
  if (isPlainObject(source.bigquery)) return { fields: [["serviceAccountKey"]], because: "BigQuery" };
  if (isPlainObject(source.mongodb)) return { fields: [usernameAndPassword], because: "MongoDB" };
  return undefined;
}

/** The rule of the `credentials` input: exactly the fields the source's family and authentication take. */
export function credentialsFitSource(
  inputs: Readonly<Record<string, unknown>>,
  _previous?: Readonly<Record<string, unknown>>,
  notKnown?: ReadonlySet<string>,
): ValidationProblem[] {
  if (notKnown?.has("source") || notKnown?.has("credentials")) return [];
  const need = credentialNeed(inputs.source);
  if (need === undefined) return [];
  const given = isPlainObject(inputs.credentials) ? Object.keys(inputs.credentials).sort() : [];
  const fits = need.fields.some(
    (fields) =>
      fields.length === given.length && [...fields].sort().every((field, index) => field === given[index]),
  );
  if (fits || (need.fields.length === 0 && given.length === 0)) return [];
  const expected =
    need.fields.length === 0
      ? "no credentials"
      : need.fields.map((fields) => `credentials.${fields.join(" and credentials.")}`).join(", or ");
  return [
    {
      property: "credentials",
      reason: `${need.because} takes ${expected}; got ${given.length === 0 ? "none" : given.join(", ")}`,
    },
  ];
}

/** The rule of `schemaRegistryCredentials`: given exactly when the Kafka source has a schema registry. */
export function schemaRegistryCredentialsFit(
  inputs: Readonly<Record<string, unknown>>,
  _previous?: Readonly<Record<string, unknown>>,
  notKnown?: ReadonlySet<string>,
): ValidationProblem[] {
  if (notKnown?.has("source") || notKnown?.has("schemaRegistryCredentials")) return [];
  const source = inputs.source;
  const kafka = isPlainObject(source) && isPlainObject(source.kafka) ? source.kafka : undefined;
  const registry = kafka !== undefined && isPlainObject(kafka.schemaRegistry);
  const given = inputs.schemaRegistryCredentials !== undefined && inputs.schemaRegistryCredentials !== null;
  if (registry === given) return [];
  return [
    {
      property: "schemaRegistryCredentials",
      reason: registry
        ? "schemaRegistryCredentials is required with source.kafka.schemaRegistry (its user name and password)"
        : "schemaRegistryCredentials is taken only with source.kafka.schemaRegistry",
    },
  ];
}

/** Puts the credentials where the request's source family takes them. */
export function withCredentials(
  request: ClickPipeCreateSchema,
  credentials: Credentials | undefined,
  schemaRegistryCredentials: Credentials | undefined,
): ClickPipeCreateSchema {
  const source: Record<string, unknown> = { ...request.source };
  const family = Object.keys(source).find((name) => isPlainObject(source[name]));
  if (family === undefined) return request;
  const fields = { ...(source[family] as Record<string, unknown>) };
  if (credentials !== undefined) Object.assign(fields, sourceCredentials(family, credentials));
  if (family === "kafka" && isPlainObject(fields.schemaRegistry) && schemaRegistryCredentials !== undefined) {
    fields.schemaRegistry = { ...fields.schemaRegistry, credentials: schemaRegistryCredentials };
  }
  source[family] = fields;
  return { ...request, source } as ClickPipeCreateSchema;
}

/**
 * The source's credential fields for a family: an access key (`accessKey`: object storage and Kinesis), a service
 * account (`serviceAccountKey`: Pub/Sub, as its JSON file; object storage, as the key), a connection string, or
 * `credentials` (Kafka's, the databases'; BigQuery's is its service account's file).
 */
export function sourceCredentials(family: string, credentials: Credentials): Record<string, unknown> {
  switch (family) {
    case "objectStorage":
      return objectStorageCredentials(credentials);
    case "kinesis":
      return { accessKey: { accessKeyId: credentials.accessKeyId, secretKey: credentials.secretKey } };
    case "pubsub":
      return { serviceAccountKey: { serviceAccountFile: credentials.serviceAccountKey } };
    case "bigquery":
      return { credentials: { serviceAccountFile: credentials.serviceAccountKey } };
    default:
      return { credentials };
  }
}

/** An object storage source's credential fields: an access key, a service account key or a connection string. */
export function objectStorageCredentials(credentials: Credentials): Record<string, unknown> {
  const { accessKeyId, secretKey, serviceAccountKey, connectionString } = credentials;
  return {
    ...(accessKeyId === undefined ? {} : { accessKey: { accessKeyId, secretKey } }),
    ...(serviceAccountKey === undefined ? {} : { serviceAccountKey }),
    ...(connectionString === undefined ? {} : { connectionString }),
  };
}

/**
 * The fingerprint of credentials: a salted SHA-256 of them, `<salt>:<digest>` in base64url. The salt is new for each
 * fingerprint, so equal credentials of two pipes give different fingerprints, and a fingerprint in state says
 * nothing about a guessed password without its salt; it is kept a secret output all the same.
 */
export function fingerprintOf(
  credentials: unknown,
  salt: string = randomBytes(16).toString("base64url"),
): string {
  const digest = createHash("sha256").update(salt).update(canonical(credentials)).digest("base64url");
  return `${salt}:${digest}`;
}

/**
 * Whether credentials `wanted` are those last sent, whose fingerprint is `fingerprint` (none when none were sent):
 * none wanted matches none sent.
 */
export function sameCredentials(fingerprint: unknown, wanted: unknown): boolean {
  const none = wanted === undefined || wanted === null;
  if (typeof fingerprint !== "string") return none;
  if (none) return false;
  const separator = fingerprint.indexOf(":");
  return separator > 0 && fingerprintOf(wanted, fingerprint.slice(0, separator)) === fingerprint;
}

/** JSON with the keys of every object sorted, so equal credentials give equal text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isPlainObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
