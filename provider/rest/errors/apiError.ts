/**
 * The one error type of the REST layer. Its message is written for the person running `pulumi up`: what went
 * wrong, where (method, path, request id) and what to do next. It never carries credentials, request bodies or
 * the underlying axios error (whose config holds the Authorization header).
 */
export type ApiName = "management" | "observability";
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** What an API's error messages need to know about it. */
export interface ApiProfile {
  readonly api: ApiName;
  /** "management API" */
  readonly title: string;
  /** Tells a user with rejected credentials which settings to fix and how. */
  readonly credentialHint: string;
  /** Tells a user who cannot reach the API which setting holds its URL. */
  readonly urlHint: string;
  /** Added to 403 messages. */
  readonly permissionHint: string;
  /** Added to 404 messages. */
  readonly notFoundHint: string;
}

export interface ApiErrorInit {
  readonly method: HttpMethod;
  readonly path: string;
  /** The full URL requested (base URL and path), named when the answer did not come from the API itself. */
  readonly url?: string;
  /** HTTP status; undefined when no response arrived (connection refused, reset, timeout). */
  readonly status?: number;
  /** API error code (NOT_FOUND, TOO_MANY_REQUESTS, ...), a network code (ECONNREFUSED, ETIMEDOUT, ...) or UNEXPECTED_RESPONSE. */
  readonly code: string;
  /** The server's own explanation, or a description of the network failure. */
  readonly detail: string;
  readonly requestId?: string;
  /** The object the request was about, e.g. "reverse private endpoint 4f1c..."; used in 404 messages. */
  readonly subject: string;
  readonly attempts: number;
  readonly elapsedMs: number;
  /** True when the request may have been processed although no success arrived (e.g. a POST whose connection dropped). */
  readonly outcomeUnknown: boolean;
  /** How long the server asked us to wait, when it said so (429). */
  readonly retryAfterMs?: number;
  /**
   * True for a 404 whose body is the API's own answer that the object does not exist; false for a 404 from
   * something in front of the API (a proxy's HTML page, plain text, JSON of another shape).
   */
  readonly objectNotFound?: boolean;
}

export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly api: ApiName;
  readonly method: HttpMethod;
  readonly path: string;
  readonly status: number | undefined;
  readonly code: string;
  readonly detail: string;
  readonly requestId: string | undefined;
  readonly attempts: number;
  readonly outcomeUnknown: boolean;
  readonly retryAfterMs: number | undefined;
  readonly objectNotFound: boolean;

  constructor(profile: ApiProfile, init: ApiErrorInit) {
    super(composeMessage(profile, init));
    this.api = profile.api;
    this.method = init.method;
    this.path = init.path;
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
    this.requestId = init.requestId;
    this.attempts = init.attempts;
    this.outcomeUnknown = init.outcomeUnknown;
    this.retryAfterMs = init.retryAfterMs;
    this.objectNotFound = init.objectNotFound ?? false;
  }
}

/**
 * True when `error` is the API's own 404 answer: the object does not exist (any more). A 404 of another shape (a
 * proxy's or gateway's page for a route it does not know) is not: it says nothing about the object.
 */
export function isNotFound(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 404 && error.objectNotFound;
}

export const UNEXPECTED_RESPONSE = "UNEXPECTED_RESPONSE";

function composeMessage(profile: ApiProfile, init: ApiErrorInit): string {
  const where = `${init.method} ${init.path}`;
  if (init.code === UNEXPECTED_RESPONSE) {
    return `unexpected response from ${where}: ${init.detail}${requestIdSuffix(init)}`;
  }
  const context = describeContext(init, where);
  const text = headline(profile, init, context);
  return init.outcomeUnknown ? `${text} ${outcomeUnknownNote(init)}` : text;
}

function headline(profile: ApiProfile, init: ApiErrorInit, context: string): string {
  const { title } = profile;
  const status = init.status;
  if (status === undefined) {
    const hint = isConnectFailure(init.code)
      ? `Check ${profile.urlHint} and that the host is reachable.`
      : "The API or the network may be overloaded; retry later.";
    return `could not complete the request for ${init.subject} to the ${title}: ${init.detail} (${context}). ${hint}`;
  }
  if (status === 401) {
    return `the ${title} rejected the credentials: ${init.detail} (${context}). ${profile.credentialHint}`;
  }
  if (status === 403) {
    return `the ${title} refused the request for ${init.subject}: ${init.detail} (${context}). ${profile.permissionHint}`;
  }
  if (status === 404 && init.objectNotFound) {
    return `${init.subject} was not found: ${init.detail} (${context}). ${profile.notFoundHint}`;
  }
  if (status === 404) {
    return (
      `${init.method} ${init.url ?? init.path} answered 404 (${init.detail}${contextDetails(init, ", ")}), ` +
      `which is not the ${title}'s own not-found answer, so it does not show whether ${init.subject} exists. ` +
      `A proxy or gateway in front of the API answers so for a route it does not know: check ${profile.urlHint} ` +
      "and the network path to the API, then retry."
    );
  }
  if (status === 429) {
    const resets =
      init.retryAfterMs === undefined ? "" : ` The limit resets in ${formatSeconds(init.retryAfterMs)}.`;
    return (
      `the ${title} is rate limiting these requests and retrying did not get through (${context}).${resets} ` +
      "Retry later, or lower the concurrency (pulumi up --parallel)."
    );
  }
  if (status >= 500) {
    return `the ${title} failed on the request for ${init.subject}: ${init.detail} (${context}). This is usually temporary; retry later.`;
  }
  return `the ${title} rejected the request for ${init.subject}: ${init.detail} (${context})`;
}

function describeContext(init: ApiErrorInit, where: string): string {
  const status =
    init.status === undefined ? `${init.code} on ${where}` : `${init.status} ${init.code} from ${where}`;
  return `${status}${contextDetails(init, ", ")}`;
}

/** The request id and the attempts, each after `separator`; empty when there is neither. */
function contextDetails(init: ApiErrorInit, separator: string): string {
  const parts: string[] = [];
  if (init.requestId !== undefined) parts.push(`requestId ${init.requestId}`);
  if (init.attempts > 1) parts.push(`${init.attempts} attempts over ${formatSeconds(init.elapsedMs)}`);
  return parts.map((part) => `${separator}${part}`).join("");
}

function outcomeUnknownNote(init: ApiErrorInit): string {
  return (
    `The request may have been processed even so, and was not repeated to avoid a duplicate: ` +
    `check whether ${init.subject} exists before trying again.`
  );
}

function requestIdSuffix(init: ApiErrorInit): string {
  return init.requestId === undefined ? "" : ` (requestId ${init.requestId})`;
}

/** Failures where no connection to the server was made: the URL or the network is the problem. */
function isConnectFailure(code: string): boolean {
  return code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EHOSTUNREACH";
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s`;
}
