/** Real HTTP against an in-process emulator, for the conformance tests. */
import { expect } from "chai";
import type { EmulatorOptions, Fixture, RunningEmulator } from "../../emulator";
import { tileAlertBody } from "./alertBodies";
import { useEmulator } from "./emulator";

/** Bodies are checked field by field in the tests; a precise type for each would add nothing. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface HttpResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON when the reply is JSON, the text otherwise. */
  body: Json;
  text: string;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Sent as JSON unless it is a string, which is sent as is. */
  body?: unknown;
}

export async function send(url: string, method: string, options: RequestOptions = {}): Promise<HttpResponse> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (typeof options.body === "string") body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const response = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  const isJson = response.headers.get("content-type")?.startsWith("application/json") ?? false;
  return { status: response.status, headers: response.headers, text, body: isJson ? JSON.parse(text) : text };
}

export function basicAuth(keyId: string, keySecret: string): string {
  return `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`;
}

/** One emulator for a test file, reset to its fixture before each test. */
export class EmulatorHarness {
  private suite: { readonly emulator: RunningEmulator } | undefined;

  constructor(private readonly options: EmulatorOptions = {}) {}

  get emulator(): RunningEmulator {
    if (!this.suite) throw new Error("The emulator is not started; call harness.install() in the describe");
    return this.suite.emulator;
  }

  get fixture(): Fixture {
    return this.emulator.fixture;
  }

  get orgPath(): string {
    return `/v1/organizations/${this.fixture.organizationId}`;
  }

  servicePath(service: keyof Fixture["services"] = "production"): string {
    return `${this.orgPath}/services/${this.fixture.services[service]}`;
  }

  /** Registers the mocha hooks that start, reset and stop the emulator. */
  install(): this {
    this.suite = useEmulator(this.options);
    return this;
  }

  /** A management API call with the fixture's key unless `headers.authorization` says otherwise. */
  management(method: string, path: string, options: RequestOptions = {}): Promise<HttpResponse> {
    const authorization = basicAuth(this.fixture.tokenKey, this.fixture.tokenSecret);
    return send(`${this.emulator.url}${path}`, method, {
      ...options,
      headers: { authorization, ...options.headers },
    });
  }

  /** An observability API call with the fixture's token unless `headers.authorization` says otherwise. */
  observability(method: string, path: string, options: RequestOptions = {}): Promise<HttpResponse> {
    const authorization = `Bearer ${this.fixture.observabilityToken}`;
    return send(`${this.emulator.url}${path}`, method, {
      ...options,
      headers: { authorization, ...options.headers },
    });
  }

  /** Creates a tile alert on the fixture's first dashboard; returns the API's alert object. */
  async createTileAlert(): Promise<Json> {
    const response = await this.observability("POST", "/api/v2/alerts", {
      body: tileAlertBody(this.fixture),
    });
    expect(response.status, response.text).to.equal(200);
    return response.body.data;
  }

  control(method: string, path: string, options: RequestOptions = {}): Promise<HttpResponse> {
    return send(`${this.emulator.url}/__emulator${path}`, method, options);
  }
}

const uuidV4Pattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function expectManagementSuccess(response: HttpResponse): Json {
  expect(response.status, response.text).to.equal(200);
  expect(Object.keys(response.body).sort()).to.deep.equal(["requestId", "result", "status"]);
  expect(response.body.status).to.equal(200);
  expect(response.body.requestId).to.match(uuidV4Pattern);
  return response.body.result;
}

/** Asserts the management error body and that its message names each of `mentions`. */
export function expectManagementError(
  response: HttpResponse,
  status: number,
  code: string,
  ...mentions: string[]
) {
  expect(response.status, response.text).to.equal(status);
  expect(Object.keys(response.body).sort()).to.deep.equal(["error", "requestId", "status"]);
  expect(response.body.status).to.equal(status);
  expect(response.body.requestId).to.match(uuidV4Pattern);
  expect(response.body.error).to.match(new RegExp(`^${code}: `));
  for (const mention of mentions) expect(response.body.error).to.include(mention);
}

/** Asserts an observability 400 and that its message names each of `mentions`. */
export function expectObservabilityInvalid(response: HttpResponse, ...mentions: string[]) {
  expect(response.status, response.text).to.equal(400);
  expect(Object.keys(response.body)).to.deep.equal(["message"]);
  expect(response.body.message).to.match(/^Body validation failed: /);
  for (const mention of mentions) expect(response.body.message).to.include(mention);
}

export const uuidV4 = uuidV4Pattern;
export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
