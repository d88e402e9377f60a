/**
 * Errors in the real APIs' shapes. Handlers throw `ApiError`; the app's error handler renders it (and every
 * framework error: bad JSON, wrong content type, oversized body) in the body shape of the API the path
 * belongs to:
 * - management: `{"status":N,"error":"CODE: message","requestId":uuid}`, and `{"error":"TOO_MANY_REQUESTS"}`
 *   for a 429;
 * - observability (an Express app): `{"message":...}`, plain text `Unauthorized` for a 401, and for a 429 the
 *   rate limiter's sentence sent as text/html (Express's type for a string body); malformed JSON is
 *   `{"message":"Invalid JSON payload"}` and a path that cannot be percent-decoded `{"message":"Something went
 *   wrong :("}`, the texts of its error middleware;
 * - the control path: `{"error":...}`.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { describeProblems, type Problem } from "../model/problems";

export type ApiFlavor = "management" | "observability" | "control";

const managementPrefix = "/v1";
const observabilityPrefix = "/api/v2";
export const controlPrefix = "/__emulator";

export function flavorOf(url: string): ApiFlavor {
  if (url === managementPrefix || url.startsWith(`${managementPrefix}/`)) return "management";
  if (url === observabilityPrefix || url.startsWith(`${observabilityPrefix}/`)) return "observability";
  return "control";
}

const codes: Record<number, string> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  408: "REQUEST_TIMEOUT",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  414: "URI_TOO_LONG",
  415: "UNSUPPORTED_MEDIA_TYPE",
  424: "FAILED_DEPENDENCY",
  429: "TOO_MANY_REQUESTS",
  431: "REQUEST_HEADER_FIELDS_TOO_LARGE",
  500: "INTERNAL_SERVER_ERROR",
  502: "BAD_GATEWAY",
  503: "SERVICE_UNAVAILABLE",
  504: "GATEWAY_TIMEOUT",
};

/** The code that starts a management error text ("BAD_REQUEST: ..."). */
export function managementCode(status: number): string {
  return codes[status] ?? "ERROR";
}

/** Where the rejected values were: the observability API says "Body validation failed" or "Params ...". */
export type ProblemLocation = "Body" | "Params";

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly problemLocation?: ProblemLocation,
  ) {
    super(message);
  }

  static invalid(problems: Problem[], location: ProblemLocation = "Body"): ApiError {
    return new ApiError(400, describeProblems(problems), location);
  }
}

export const notFound = (message: string) => new ApiError(404, message);

function messageFor(flavor: ApiFlavor, error: ApiError): string {
  if (flavor === "observability" && error.problemLocation) {
    return `${error.problemLocation} validation failed: ${error.message}`;
  }
  return error.message;
}

/** Renders an error in the body shape of the API that `request` addressed. */
export function sendApiError(request: FastifyRequest, reply: FastifyReply, error: ApiError): FastifyReply {
  const flavor = flavorOf(request.url);
  const status = error.statusCode;
  reply.code(status);
  if (flavor === "management") {
    if (status === 429) return reply.send({ error: "TOO_MANY_REQUESTS" });
    const code = managementCode(status);
    return reply.send({ status, error: `${code}: ${messageFor(flavor, error)}`, requestId: request.id });
  }
  if (flavor === "observability") {
    if (status === 401) return reply.type("text/plain; charset=utf-8").send("Unauthorized");
    if (status === 429) {
      return reply.type("text/html; charset=utf-8").send("Too many requests, please try again later.");
    }
    return reply.send({ message: messageFor(flavor, error) });
  }
  return reply.send({ error: messageFor(flavor, error) });
}

interface FrameworkError {
  statusCode?: number;
  code?: string;
  message: string;
  validation?: unknown;
}

/**
 * Turns anything thrown into an ApiError worded for the API addressed; unexpected failures become a 500 without
 * internal details.
 */
export function toApiError(error: unknown, flavor: ApiFlavor): ApiError {
  if (error instanceof ApiError) return error;
  const framework = error as FrameworkError;
  const status = framework.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    const message = flavor === "observability" ? observabilityMessage(framework.code) : undefined;
    return new ApiError(status, message ?? frameworkMessage(framework, status));
  }
  return new ApiError(500, "The emulator failed to handle the request");
}

/** The observability server's own texts for what its framework refuses. */
function observabilityMessage(code: string | undefined): string | undefined {
  switch (code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return "Invalid JSON payload";
    case "FST_ERR_BAD_URL":
      return "Something went wrong :(";
  }
  return undefined;
}

function frameworkMessage(error: FrameworkError, status: number): string {
  switch (error.code) {
    case "FST_ERR_BAD_URL":
      return "The request path is not valid: a % must be followed by two hexadecimal digits";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "The request body must be sent as application/json";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "The request body is larger than the limit of 1 MiB";
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return "The request body is not valid JSON";
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return "The Content-Length header does not match the body";
  }
  return error.message.length > 0 ? error.message : `Request failed with status ${status}`;
}
