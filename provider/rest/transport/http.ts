/**
 * The HTTP core both API clients share: one axios instance per API and credential, with authentication, a
 * User-Agent, a timeout, request validation, retries (axios-retry), a throttle wrapped around the
 * transport so retries are throttled too, envelope unwrapping, lenient response validation and ApiError
 * conversion.
 */
import type { AxiosError, AxiosInstance, AxiosResponse, InternalAxiosRequestConfig } from "axios";
import { checkBaseUrl } from "../../settings/baseUrl";
import { systemClock, type Clock } from "../../clock";
import { readErrorBody } from "../errors/errorBodies";
import { ApiError, UNEXPECTED_RESPONSE, type ApiProfile, type HttpMethod } from "../errors/apiError";
import { isOwnNotFoundAnswer } from "../errors/notFound";
import { pauseBounds, serverPause, type ServerPause } from "../budget/rateLimit";
import { Redactor } from "./redact";
import {
  DEFAULT_RETRY_SETTINGS,
  RetryTracker,
  mayHaveBeenProcessed,
  type RetryEvent,
  type RetrySettings,
} from "./retry";
import { httpLibrary } from "./httpLibrary";
import type { SharedBudgetSetting } from "../../settings/sharedBudget";
import { assertPathSegmentsSafe } from "./pathSegment";
import { sharedBudgetFor } from "../budget/sharedBudgetSetting";
import { Throttle, type ThrottleSettings } from "../budget/throttle";
import { userAgent } from "./userAgent";
import { asWrite } from "../coalescing/writeGeneration";
import {
  assertValid,
  describeProblems,
  validate,
  type SchemaName,
  type ValidationProblem,
} from "../../validation/validate";

export const DEFAULT_TIMEOUT_MS = 30_000;
/**
 * The largest response body read, in bytes. Every answer of these APIs is far smaller (a page of 1,000 alerts is
 * well under 1 MiB); a larger body is a fault in front of the API, and reading it whole would hold it in memory.
 */
export const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

/** Tuning of a client; every field has a production default, tests shrink them. */
export interface HttpOptions {
  /** Time limit of one attempt, in milliseconds (default 30 000). */
  readonly timeoutMs?: number;
  readonly retry?: Partial<RetrySettings>;
  /** Overrides of the API's published limit, or "off" to send without a client-side throttle. */
  readonly throttle?: Partial<ThrottleSettings> | "off";
  readonly clock?: Clock;
  /** Source of jitter, [0, 1). */
  readonly random?: () => number;
  /** Receives a line for each retry and rate-limit pause. Lines never contain credentials. */
  readonly log?: (line: string) => void;
  /**
   * Receives the warnings of the rate-limit handling (a 429's pause not believed, a shared budget that cannot be
   * used); `log` when not given.
   */
  readonly warn?: (line: string) => void;
  /** Where the key's budget is shared (clickhouse:sharedBudget); the environment variable's value when not given. */
  readonly sharedBudget?: SharedBudgetSetting;
}

/** An API as the core needs to know it. */
export interface ClientProfile extends ApiProfile {
  /** The settings key holding the base URL, named when the URL is refused. */
  readonly urlSettingKey: string;
  /** Where successful responses put their payload: `result` (management) or `data` (observability). */
  readonly envelopeField: "result" | "data";
  readonly throttle: ThrottleSettings;
}

export interface Connection {
  readonly baseUrl: string;
  /** The complete Authorization header value. */
  readonly authorization: string;
  /** Every credential value, removed from anything the core reports. */
  readonly secrets: readonly string[];
}

export interface RequestSpec {
  readonly method: HttpMethod;
  /** Path below the base URL, path parameters already encoded. */
  readonly path: string;
  /** What the request is about, for messages: "reverse private endpoint 4f1c...". */
  readonly subject: string;
  readonly body?: unknown;
  /** Schema the body must satisfy before it is sent. */
  readonly requestSchema?: SchemaName;
  /**
   * A POST that only reads (a query): repeating it changes nothing, so it is retried like a GET and its failures
   * never leave an outcome unknown.
   */
  readonly readOnly?: boolean;
}

export interface ResultSpec extends RequestSpec {
  /** Schema of the unwrapped result (of each element when `many`). */
  readonly responseSchema: SchemaName;
  readonly many?: boolean;
  /** Result fields holding secrets (a new key's keySecret); kept out of error messages. */
  readonly secretFields?: readonly string[];
  /**
   * The id the result must carry (compared without regard to case): a read of one object by its id must not take
   * another object, such as the organization a mangled key path would return, as the one asked for.
   */
  readonly expectedId?: string;
  /** The result's field that holds its id, `id` unless said (a member's is `userId`). */
  readonly idField?: string;
}

export class HttpCore {
  readonly baseUrl: string;
  private readonly instance: AxiosInstance;
  /** Absent when the throttle is off. */
  private readonly throttle: Throttle | undefined;
  private readonly redactor: Redactor;
  private readonly retrySettings: RetrySettings;
  private readonly timeoutMs: number;
  /** The client's time: its retries, its throttle and the age of the lists it shares between reads. */
  readonly clock: Clock;
  private readonly random: () => number;
  private readonly log: (line: string) => void;
  private readonly warn: (line: string) => void;
  /** Whether a 429's pause too long to believe has been reported (once per client). */
  private reportedIgnoredPause = false;

  constructor(
    readonly profile: ClientProfile,
    connection: Connection,
    options: HttpOptions = {},
  ) {
    // Refuses plain http to anything but loopback before a connection can be made.
    this.baseUrl = checkBaseUrl(connection.baseUrl, profile.urlSettingKey);
    this.redactor = new Redactor(connection.secrets);
    const { windowMs, marginMs } = profile.throttle;
    this.retrySettings = {
      ...DEFAULT_RETRY_SETTINGS,
      serverPause: pauseBounds(windowMs, marginMs),
      ...options.retry,
    };
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    const log = options.log;
    this.log = log === undefined ? () => undefined : (line) => log(this.redactor.apply(line));
    const warn = options.warn;
    this.warn = warn === undefined ? this.log : (line) => warn(this.redactor.apply(line));
    this.throttle = options.throttle === "off" ? undefined : this.newThrottle(options, connection);
    const { axios, axiosRetry } = httpLibrary();
    this.instance = axios.create({
      baseURL: this.baseUrl,
      // Every request goes to the checked base URL, whatever its path looks like.
      allowAbsoluteUrls: false,
      timeout: this.timeoutMs,
      headers: {
        Authorization: connection.authorization,
        "User-Agent": userAgent(),
        Accept: "application/json",
      },
      // Bodies stay text so error pages that are not JSON can be summarized; JSON is parsed below.
      responseType: "text",
      transformResponse: [(data: unknown) => data],
      // A redirect is never part of these APIs, and following one could carry the credentials elsewhere.
      maxRedirects: 0,
      maxContentLength: MAX_RESPONSE_BYTES,
      transitional: { clarifyTimeoutError: true },
      adapter: (config) =>
        this.throttle === undefined ? this.transmit(config) : this.throttle.run(() => this.transmit(config)),
    });
    axiosRetry(this.instance);
  }

  /** Sends the request and returns its validated result, unwrapped from the envelope. */
  async fetchResult<T>(spec: ResultSpec): Promise<T> {
    const response = await this.exchange(spec);
    return this.unwrap<T>(spec, response);
  }

  /**
   * One page of a paged list: its items, validated as `fetchResult` validates a list, and the list's total as the
   * API reports it (`meta.total` in the body, else the `X-Total-Count` header); undefined from an API that does not
   * page.
   */
  async fetchPage<T>(spec: ResultSpec): Promise<{ items: T[]; total: number | undefined }> {
    const response = await this.exchange(spec);
    const items = this.unwrap<T[]>({ ...spec, many: true }, response);
    return { items, total: listTotal(response) };
  }

  /** Sends a request whose success carries nothing needed (a DELETE). */
  async send(spec: RequestSpec): Promise<void> {
    await this.exchange(spec);
  }

  private async exchange(spec: RequestSpec): Promise<AxiosResponse<string>> {
    assertPathSegmentsSafe(spec.path);
    if (spec.requestSchema !== undefined) {
      assertValid(spec.requestSchema, spec.body, `the body of ${spec.method} ${spec.path}`);
    }
    const retriedAs: HttpMethod = spec.readOnly ? "GET" : spec.method;
    const tracker = new RetryTracker(retriedAs, this.retrySettings, this.clock, this.random, (event) =>
      this.logRetry(spec, event),
    );
    const send = () =>
      this.instance.request<string>({
        method: spec.method,
        url: spec.path,
        data: spec.body,
        "axios-retry": tracker.axiosRetryOptions(),
      });
    try {
      // A write makes every list this process keeps for its reads too old to answer them (writeGeneration.ts).
      return await (retriedAs === "GET" ? send() : asWrite(send));
    } catch (error) {
      throw httpLibrary().axios.isAxiosError(error) ? this.toApiError(error, spec, tracker) : error;
    }
  }

  /**
   * The error of an object the API does not have, as its own not-found answer gives it: for a read answered from a
   * list that does not hold the object, or a kind whose "gone" answer is not the API's usual one.
   */
  objectNotFound(
    request: { method: HttpMethod; path: string; subject: string },
    detail: string,
    requestId?: string,
  ): ApiError {
    return new ApiError(this.profile, {
      ...request,
      status: 404,
      code: "NOT_FOUND",
      detail,
      requestId,
      attempts: 1,
      elapsedMs: 0,
      outcomeUnknown: false,
      objectNotFound: true,
    });
  }

  private newThrottle(options: HttpOptions, connection: Connection): Throttle {
    const settings = { ...this.profile.throttle, ...(options.throttle as Partial<ThrottleSettings>) };
    // Shared with other processes on real time only: a simulated clock's times mean nothing to another process.
    const shared =
      options.clock === undefined
        ? sharedBudgetFor(
            this.baseUrl,
            connection.authorization,
            {
              ...settings,
              maxPauseMs: this.retrySettings.serverPause.capMs,
              leaseMs: this.timeoutMs + settings.windowMs + settings.marginMs,
            },
            this.clock,
            this.warn,
            options.sharedBudget,
          )
        : undefined;
    return new Throttle(settings, this.clock, shared);
  }

  /** The real transport, behind the throttle; a 429 pauses every request of this client until its reset. */
  private async transmit(config: InternalAxiosRequestConfig): Promise<AxiosResponse> {
    try {
      return await httpLibrary().httpAdapter(config);
    } catch (error) {
      if (httpLibrary().axios.isAxiosError(error) && error.response?.status === 429) {
        const pause = this.serverPause(error.response.headers);
        this.throttle?.pauseFor(pause.ms);
        this.logTooManyRequests(pause);
      }
      throw error;
    }
  }

  private serverPause(headers: AxiosResponse["headers"]): ServerPause {
    return serverPause(headers, this.clock.now(), this.retrySettings.serverPause);
  }

  private logTooManyRequests(pause: ServerPause): void {
    const how = pause.ms === undefined ? "briefly" : `for ${(pause.ms / 1000).toFixed(1)} s`;
    const line = `${this.profile.title} answered 429 Too Many Requests; pausing its requests ${how}`;
    if (pause.ignored === undefined || this.reportedIgnoredPause) return this.log(line);
    this.reportedIgnoredPause = true;
    this.warn(`${line} (ignoring "${pause.ignored}": far longer than the API's window)`);
  }

  private unwrap<T>(spec: ResultSpec, response: AxiosResponse<string>): T {
    const field = this.profile.envelopeField;
    const envelope = parseJson(response.data);
    const requestId = stringField(envelope, "requestId") ?? headerRequestId(response);
    if (typeof envelope !== "object" || envelope === null || !(field in envelope)) {
      const shape = envelope === undefined ? "a body that is not JSON" : `JSON without a "${field}" field`;
      throw this.unexpected(spec, `expected the ${field} envelope, got ${shape}`, requestId, response.status);
    }
    const result = (envelope as Record<string, unknown>)[field];
    const problems = spec.many
      ? validateList(spec.responseSchema, result, field)
      : prefixProblems(validate(spec.responseSchema, result), field);
    if (problems.length > 0) {
      const redactor = this.redactor.with(secretValues(result, spec.secretFields ?? []));
      const detail = redactor.apply(describeProblems(problems));
      throw this.unexpected(spec, detail, requestId, response.status);
    }
    const id = stringField(result, spec.idField ?? "id");
    if (spec.expectedId !== undefined && id?.toLowerCase() !== spec.expectedId.toLowerCase()) {
      const got = id === undefined ? "an object without an id" : `an object with id ${id}`;
      throw this.unexpected(spec, `asked for ${spec.expectedId}, got ${got}`, requestId, response.status);
    }
    return result as T;
  }

  private unexpected(
    spec: RequestSpec,
    detail: string,
    requestId: string | undefined,
    status: number,
  ): ApiError {
    return new ApiError(this.profile, {
      method: spec.method,
      path: spec.path,
      status,
      code: UNEXPECTED_RESPONSE,
      detail,
      requestId,
      subject: spec.subject,
      attempts: 1,
      elapsedMs: 0,
      outcomeUnknown: false,
    });
  }

  private toApiError(error: AxiosError, spec: RequestSpec, tracker: RetryTracker): ApiError {
    const common = {
      method: spec.method,
      path: spec.path,
      subject: spec.subject,
      attempts: tracker.attempts,
      elapsedMs: tracker.elapsedMs(),
      outcomeUnknown: spec.method === "POST" && !spec.readOnly && mayHaveBeenProcessed(error),
    };
    const response = error.response;
    if (response === undefined) {
      const code = error.code ?? "ERR_NETWORK";
      return new ApiError(this.profile, { ...common, code, detail: this.describeNetworkFailure(error) });
    }
    const body = typeof response.data === "string" ? response.data : "";
    const contentType = response.headers["content-type"] as string | undefined;
    const info = readErrorBody(response.status, body, contentType);
    return new ApiError(this.profile, {
      ...common,
      url: `${this.baseUrl}/${spec.path.replace(/^\/+/, "")}`,
      objectNotFound: response.status === 404 && isOwnNotFoundAnswer(this.profile.api, body),
      status: response.status,
      code: info.code,
      detail: this.redactor.apply(info.detail),
      requestId: info.requestId ?? headerRequestId(response),
      retryAfterMs: response.status === 429 ? this.serverPause(response.headers).ms : undefined,
    });
  }

  private describeNetworkFailure(error: AxiosError): string {
    const host = new URL(this.baseUrl).host;
    switch (error.code) {
      case "ECONNREFUSED":
        return `connection refused by ${host}`;
      case "ECONNRESET":
      case "EPIPE":
        return `the connection to ${host} closed before a response arrived`;
      case "ETIMEDOUT":
        return `no response from ${host} within ${formatMs(this.timeoutMs)}`;
      case "ENOTFOUND":
        return `the host name ${new URL(this.baseUrl).hostname} could not be resolved`;
      case "ERR_BAD_RESPONSE":
        if (/maxContentLength/.test(error.message))
          return `the response of ${host} was larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MiB and was not read further`;
        return this.redactor.apply(error.message);
      case "EAI_AGAIN":
        return `the host name ${new URL(this.baseUrl).hostname} could not be resolved right now (DNS)`;
      default:
        return this.redactor.apply(error.message);
    }
  }

  private logRetry(spec: RequestSpec, event: RetryEvent): void {
    const status = event.error.response?.status;
    const failure =
      status === undefined ? `failed with ${event.error.code ?? "a network error"}` : `got ${status}`;
    this.log(
      `${this.profile.title}: ${spec.method} ${spec.path} ${failure}; retrying in ${formatMs(event.delayMs)} ` +
        `(attempt ${event.nextAttempt} of ${event.maxAttempts})`,
    );
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function stringField(value: unknown, field: string): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const fieldValue = (value as Record<string, unknown>)[field];
  return typeof fieldValue === "string" ? fieldValue : undefined;
}

function listTotal(response: AxiosResponse<string>): number | undefined {
  const meta: unknown = (parseJson(response.data) as { meta?: unknown } | undefined)?.meta;
  const fromMeta =
    typeof meta === "object" && meta !== null ? (meta as { total?: unknown }).total : undefined;
  const header: unknown = response.headers["x-total-count"];
  const total = typeof fromMeta === "number" ? fromMeta : typeof header === "string" ? Number(header) : NaN;
  return Number.isInteger(total) && total >= 0 ? total : undefined;
}

function headerRequestId(response: AxiosResponse): string | undefined {
  const value: unknown = response.headers["x-request-id"];
  return typeof value === "string" && value !== "" ? value : undefined;
}

function prefixProblems(problems: ValidationProblem[], prefix: string): ValidationProblem[] {
  return problems.map((p) => ({
    property:
      p.property === ""
        ? prefix
        : p.property.startsWith("[")
          ? `${prefix}${p.property}`
          : `${prefix}.${p.property}`,
    reason: p.reason,
  }));
}

function validateList(schema: SchemaName, value: unknown, field: string): ValidationProblem[] {
  if (!Array.isArray(value)) return [{ property: field, reason: `${field} must be an array` }];
  return value.flatMap((item, index) => prefixProblems(validate(schema, item), `${field}[${index}]`));
}

function secretValues(result: unknown, fields: readonly string[]): string[] {
  return fields.map((field) => stringField(result, field)).filter((v): v is string => v !== undefined);
}

function formatMs(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}
