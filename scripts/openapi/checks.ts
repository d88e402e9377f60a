/**
 * The checks of one recorded exchange against the document: the operation exists; the request body is one the
 * operation takes, valid and (the provider's) without fields the schemas do not declare; the answer is one of the
 * operation's responses for its status and valid against its schema (an error status the operation does not list is
 * judged by the error schema it gives for that class of status). Answers are judged without their null-valued fields.
 *
 * The provider's requests must be exactly what the document defines. Tests also send requests of their own to see the
 * emulator refuse them. So an operation the document lacks is a mismatch when the provider sent it, whatever the
 * answer (the emulator's "no route" 404 has the API's not-found shape, which the provider takes for "gone"), or when
 * the emulator served it; a body the document refuses is a mismatch unless the emulator answered 400. Refused so, the
 * emulator agrees with the document, and the exchange is counted as excused.
 */
import type { ErrorObject } from "ajv";
import type { RecordedExchange } from "../../emulator/server/exchangeRecorder";
import type { MediaTypeObject, OpenApiDocument, RequestBodyObject, ResponseObject } from "./document";
import { landingPointer, pointerToken, resolvePointer } from "./document";
import type { FoundOperation, OperationIndex } from "./operations";
import { withoutNullFields } from "./schemaTransforms";
import type { OperationValidators } from "./validators";

export const checkNames = [
  "operation",
  "request body",
  "request field",
  "response status",
  "response body",
  "error body",
] as const;
export type CheckName = (typeof checkNames)[number];

export interface Mismatch {
  method: string;
  /** The operation's path template; for an unknown operation, the path with its ids as `{id}`. */
  path: string;
  status: number;
  check: CheckName;
  /** Where in the body, as ajv's instance path ("" for the body itself). */
  instancePath: string;
  message: string;
  /** How the answer was judged when not by its own status's response (an error status the operation leaves out). */
  note?: string;
}

/** Why an exchange that breaks the document is no mismatch: the emulator refused it as the document would. */
export type Excuse = "refused unknown operation" | "refused invalid body";

export interface Verdict {
  mismatches: Mismatch[];
  excuses: Excuse[];
}

export interface SpecUnderCheck {
  document: OpenApiDocument;
  operations: OperationIndex;
  validators: OperationValidators;
}

const jsonMediaType = /^application\/(?:[\w.+-]*\+)?json\b/;

/** Path segments that are ids (uuids, object ids, numbers) replaced by `{id}`, so reports group unknown paths. */
export function pathWithIdPlaceholders(path: string): string {
  return path
    .split("/")
    .map((segment) =>
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(segment) ||
      /^[0-9a-f]{24}$/i.test(segment) ||
      /^\d+$/.test(segment)
        ? "{id}"
        : segment,
    )
    .join("/");
}

/** The name of the field an ajv error is about, for the errors that name one in their params. */
function errorDetail(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const named =
    params.unevaluatedProperty ?? params.additionalProperty ?? params.allowedValues ?? params.allowedValue;
  return named === undefined ? "" : `: ${JSON.stringify(named)}`;
}

function jsonContent(
  content: Record<string, MediaTypeObject> | undefined,
): [string, MediaTypeObject] | undefined {
  return Object.entries(content ?? {}).find(([mediaType]) => jsonMediaType.test(mediaType));
}

function requestVerdict(
  spec: SpecUnderCheck,
  found: FoundOperation,
  exchange: RecordedExchange,
  base: Omit<Mismatch, "check" | "instancePath" | "message">,
): Verdict {
  const mismatch = (check: CheckName, instancePath: string, message: string): Mismatch => ({
    ...base,
    check,
    instancePath,
    message,
  });
  const mismatches = bodyMismatches(spec, found, exchange, mismatch);
  // A 400 is the API refusing the request: a body the document refuses too is the two agreeing.
  if (mismatches.length > 0 && exchange.status === 400)
    return { mismatches: [], excuses: ["refused invalid body"] };
  return { mismatches, excuses: [] };
}

function bodyMismatches(
  spec: SpecUnderCheck,
  found: FoundOperation,
  exchange: RecordedExchange,
  mismatch: (check: CheckName, instancePath: string, message: string) => Mismatch,
): Mismatch[] {
  const bodyPointer =
    found.operation.requestBody === undefined
      ? undefined
      : landingPointer(spec.document, `${found.pointer}/requestBody`);
  const requestBody =
    bodyPointer === undefined ? undefined : (resolvePointer(spec.document, bodyPointer) as RequestBodyObject);
  if (exchange.requestBody === undefined) {
    return requestBody?.required === true
      ? [mismatch("request body", "", "the operation requires a body; none was sent")]
      : [];
  }
  if (requestBody === undefined || bodyPointer === undefined) {
    return [mismatch("request body", "", "the operation takes no request body; one was sent")];
  }
  const json = jsonContent(requestBody.content);
  if (json === undefined || json[1].schema === undefined) {
    const types = Object.keys(requestBody.content ?? {}).join(", ") || "none";
    return [mismatch("request body", "", `the operation takes no JSON body (its media types: ${types})`)];
  }
  const schemaPointer = `${bodyPointer}/content/${pointerToken(json[0])}/schema`;
  const errors =
    exchange.client === "provider"
      ? spec.validators.closed(schemaPointer, exchange.requestBody)
      : spec.validators.sent(schemaPointer, exchange.requestBody);
  return errors.map((error) => {
    const unknownField =
      error.keyword === "unevaluatedProperties" || error.keyword === "additionalProperties";
    return unknownField
      ? mismatch(
          "request field",
          error.instancePath,
          `sends a field the spec does not define${errorDetail(error)}`,
        )
      : mismatch(
          "request body",
          error.instancePath,
          `${error.message ?? error.keyword}${errorDetail(error)}`,
        );
  });
}

/** The response that judges a status: its own, its class's (`4XX`), `default`, or for an error the class's error. */
function responseFor(
  responses: Record<string, ResponseObject>,
  status: number,
): { key: string; note?: string } | undefined {
  const own = String(status);
  const range = `${own[0]}XX`;
  for (const key of [own, range, range.toLowerCase(), "default"]) {
    if (key in responses) return { key };
  }
  if (status < 400) return undefined;
  const errorKeys = Object.keys(responses).filter((key) => /^[45]/.test(key));
  const sameClass = errorKeys.find((key) => key[0] === own[0]);
  const key = sameClass ?? errorKeys[0];
  return key === undefined
    ? undefined
    : { key, note: `status ${status} is not listed: judged by the ${key} answer's error schema` };
}

function answerMismatches(
  spec: SpecUnderCheck,
  found: FoundOperation,
  exchange: RecordedExchange,
  base: Omit<Mismatch, "check" | "instancePath" | "message">,
): Mismatch[] {
  // A fault the test injected answered for the API (a proxy's page, a dropped connection): nothing of the API's to judge.
  if (exchange.fault !== undefined || exchange.status === 0) return [];
  const check: CheckName = exchange.status >= 400 ? "error body" : "response body";
  const responses = found.operation.responses ?? {};
  const judged = responseFor(responses, exchange.status);
  if (judged === undefined) {
    const listed = Object.keys(responses).join(", ") || "none";
    return [
      {
        ...base,
        check: "response status",
        instancePath: "",
        message: `not among the operation's responses (${listed})`,
      },
    ];
  }
  const withNote = (mismatch: Mismatch): Mismatch =>
    judged.note ? { ...mismatch, note: judged.note } : mismatch;
  const responsePointer = landingPointer(
    spec.document,
    `${found.pointer}/responses/${pointerToken(judged.key)}`,
  );
  const response =
    responsePointer === undefined
      ? undefined
      : (resolvePointer(spec.document, responsePointer) as ResponseObject);
  const json = jsonContent(response?.content);
  if (responsePointer === undefined || json === undefined || json[1].schema === undefined) return [];
  if (exchange.responseBody === undefined) {
    const what =
      exchange.responseText === undefined
        ? "the answer has no body"
        : `the answer is not JSON: ${JSON.stringify(exchange.responseText.slice(0, 60))}`;
    return [withNote({ ...base, check, instancePath: "", message: what })];
  }
  const schemaPointer = `${responsePointer}/content/${pointerToken(json[0])}/schema`;
  return spec.validators.published(schemaPointer, withoutNullFields(exchange.responseBody)).map((error) =>
    withNote({
      ...base,
      check,
      instancePath: error.instancePath,
      message: `${error.message ?? error.keyword}${errorDetail(error)}`,
    }),
  );
}

/** The mismatches of one exchange (none when it conforms), and what was excused. */
export function checkExchange(spec: SpecUnderCheck, exchange: RecordedExchange): Verdict {
  const path = exchange.url.split("?")[0];
  const method = exchange.method.toUpperCase();
  const found = spec.operations.find(method, path);
  if (found === undefined) {
    if (exchange.client !== "provider" && exchange.status >= 400) {
      return { mismatches: [], excuses: ["refused unknown operation"] };
    }
    const template = spec.operations.templateOf(path);
    const message =
      template === undefined
        ? "no path of the spec fits this path"
        : `the spec defines no ${method} on this path`;
    const mismatch: Mismatch = {
      method,
      path: template ?? pathWithIdPlaceholders(path),
      status: exchange.status,
      check: "operation",
      instancePath: "",
      message,
    };
    return { mismatches: [mismatch], excuses: [] };
  }
  const base = { method, path: found.template, status: exchange.status };
  const request = requestVerdict(spec, found, exchange, base);
  return {
    mismatches: [...request.mismatches, ...answerMismatches(spec, found, exchange, base)],
    excuses: request.excuses,
  };
}
