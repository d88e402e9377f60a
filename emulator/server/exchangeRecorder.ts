/**
 * Records the management API's exchanges, one JSON line each, for `npm run check:openapi` to judge against ClickHouse
 * Cloud's published OpenAPI: the dialect, method, URL, who sent it (this package's provider, or anything else: a test
 * probing the emulator), the parsed request body, the status and the answer as sent. It records nothing that
 * authenticates: no header at all, and every field whose name says it holds a secret or a password replaced by a
 * fixed marker, in the request and the answer alike.
 */
import { appendFileSync } from "node:fs";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ApiDialect } from "../../schemas/dialects";
import { flavorOf } from "./errors";
import type { FaultKind } from "../state/types";

/** The environment variable that turns recording on: the file to append to. */
export const exchangeRecordingVariable = "CHC_RECORD_EXCHANGES";

/** What stands in a recording for a redacted value; the checker takes it as a valid string. */
export const redactedMarker = "[redacted]";

/** Key secrets, service passwords and their hashes: names that hold one of these words. */
const secretFieldName = /secret|password/i;

/**
 * The product token the package's REST transport puts first in its User-Agent (`pulumi-clickhouse-cloud/<version>`):
 * the provider's requests must be exactly what the API defines, where a test may send anything to see it refused.
 */
const providerProduct = "pulumi-clickhouse-cloud/";

export type ExchangeClient = "provider" | "other";

/** One line of a recording. */
export interface RecordedExchange {
  dialect: ApiDialect;
  method: string;
  /** As requested: path and query string. */
  url: string;
  client: ExchangeClient;
  /** The parsed JSON body; absent when the request had none, or was refused before its body was read. */
  requestBody?: unknown;
  status: number;
  /** The answer when it is JSON. */
  responseBody?: unknown;
  /** The answer when it is not JSON (a gateway's HTML page). */
  responseText?: string;
  /** A fault the test injected: the answer is the fault's, not the API's. */
  fault?: FaultKind;
}

/** The file named by the environment, if recording is on. */
export function exchangeRecordingFile(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const file = env[exchangeRecordingVariable];
  return file === undefined || file === "" ? undefined : file;
}

/** A copy of a JSON value with the value of every secret-named field, at any depth, replaced by the marker. */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, field]) => [
      name,
      secretFieldName.test(name) ? redactedMarker : redactSecrets(field),
    ]),
  );
}

function answerFields(payload: unknown): Pick<RecordedExchange, "responseBody" | "responseText"> {
  const text =
    typeof payload === "string" ? payload : Buffer.isBuffer(payload) ? payload.toString("utf8") : "";
  if (text === "") return {};
  try {
    return { responseBody: redactSecrets(JSON.parse(text)) };
  } catch {
    return { responseText: text };
  }
}

/**
 * Appends each management exchange of `app` to `file`, which must be writable: it is created at once, so a bad path
 * fails the emulator's start rather than every request. Lines are written synchronously, one write each, so that a
 * process that exits at once (mocha's `--exit`) loses none and processes sharing the file do not interleave them.
 */
export function recordExchanges(app: FastifyInstance, dialect: ApiDialect, file: string): void {
  appendFileSync(file, "");
  app.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (flavorOf(request.url) !== "management") return payload;
    const exchange: RecordedExchange = {
      dialect,
      method: request.method,
      url: request.url,
      client: request.headers["user-agent"]?.startsWith(providerProduct) ? "provider" : "other",
      ...(request.body === undefined ? {} : { requestBody: redactSecrets(request.body) }),
      status: reply.statusCode,
      ...answerFields(payload),
      ...(request.fault ? { fault: request.fault } : {}),
    };
    appendFileSync(file, `${JSON.stringify(exchange)}\n`);
    return payload;
  });
}
