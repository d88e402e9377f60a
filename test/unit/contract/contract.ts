/**
 * The API contract as a table: each case is a request, the response the real API gives to it, and the source
 * that says so (a line of the API specification, the real service's code or documentation). The same table is
 * checked two ways: the emulator must answer each request as the table says (emulator.test.ts), and the
 * provider's client must make the right thing of each response when it is replayed to it (clientReplay.test.ts).
 *
 * Response bodies are written as the real API would send them, with placeholders where a value varies:
 * `ANY_UUID`, `ANY_STRING`, `ANY_OBJECT_ID`, `ANY_DATE_TIME`, `like(pattern, example)` for a string, or
 * `numeric(example)` for a number the API may send as a string. The emulator's reply
 * matches when it has every field of the example with a matching value (objects may carry more fields, arrays
 * must be as long); the replay sends the example with each placeholder replaced by a sample value.
 */
import type { Fixture } from "../../../emulator";
import type { ApiDialect } from "../../../schemas/dialects";
import type { schemas } from "../../../schemas";
import type { EmulatorHarness } from "../../support/httpRequests";

export const ANY_UUID = Symbol("any uuid");
export const ANY_STRING = Symbol("any string");
export const ANY_OBJECT_ID = Symbol("any object id");
export const ANY_DATE_TIME = Symbol("any date-time");
export type Placeholder = typeof ANY_UUID | typeof ANY_STRING | typeof ANY_OBJECT_ID | typeof ANY_DATE_TIME;

/** A string that varies: the reply must match `pattern`; the replay sends `example`. */
export class Like {
  constructor(
    readonly pattern: RegExp,
    readonly example: string,
  ) {
    if (!pattern.test(example))
      throw new Error(`example ${JSON.stringify(example)} does not match ${pattern}`);
  }
}

export const like = (pattern: RegExp, example: string) => new Like(pattern, example);

/**
 * A value that varies and is a number, though the real API may quote it (it sends 64-bit integers as strings):
 * the reply may be either; the replay sends `example` as given.
 */
export class Numeric {
  constructor(readonly example: number | string) {}
}

export const numeric = (example: number | string) => new Numeric(example);

/** A JSON value that may hold placeholders or Like patterns in place of strings. */
export type Template =
  Placeholder | Like | Numeric | string | number | boolean | null | Template[] | { [key: string]: Template };

export type ApiName = "management" | "observability";

/**
 * How the request authenticates: the fixture's credentials (default), none, or an Authorization value (literal, or
 * made from the ids, e.g. the fixture's token under another scheme).
 */
export type Authentication = "valid" | "none" | { authorization: string | ((ids: CaseIds) => string) };

export interface ContractRequest {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Path below the API's base URL; `ids` holds the fixture's ids and whatever `arrange` returned. */
  path: (ids: CaseIds) => string;
  body?: unknown | ((ids: CaseIds) => unknown);
  /** Sent as is instead of `body`, e.g. malformed JSON. */
  rawBody?: string;
  headers?: Record<string, string>;
  auth?: Authentication;
}

export interface ContractResponse {
  status: number;
  /** The body as the real API sends it: JSON (a Template) or, for text and HTML replies, a string or Like. */
  body: Template;
  /** Matched against the reply's Content-Type; replayed as the Content-Type. Default application/json. */
  contentType?: string;
  /** Headers the reply must carry (value matched as a RegExp, replayed as the example given). */
  headers?: Record<string, { pattern: RegExp; example: string }>;
}

/** What the provider's client must make of the response. */
export type ClientOutcome =
  /**
   * The call succeeds; with `resultSchema` (a name in schemas/), the client also reads the result with it, as
   * the resource that sends this request does (`many` for a list).
   */
  | { outcome: "ok"; resultSchema?: keyof typeof schemas; many?: boolean }
  /** The object does not exist: a refresh drops it, a delete is done. */
  | { outcome: "gone" }
  /** An error the user sees: its message must match. */
  | { outcome: "error"; message: RegExp };

export interface CaseIds extends Fixture {
  /** Ids made by `arrange`, e.g. of an alert or key created for the case. */
  made: Record<string, string>;
}

export interface ContractCase {
  /** The behaviour, as a sentence. */
  behaviour: string;
  /** Why we hold the real API behaves so: the API's documented operation or limit, or a file or page of the real service. */
  source: string;
  api: ApiName;
  /**
   * The wire the case is about: `spec` (the default), answered by the emulator's `--dialect spec`; `production`, the
   * real services' wire, by `--dialect production`.
   */
  dialect?: ApiDialect;
  /** Puts the emulator in the state the case needs, through its API or control path; returns ids it made. */
  arrange?: (harness: EmulatorHarness) => Promise<Record<string, string>>;
  /** Puts back what `arrange` changed that a reset of the store does not (its settings); runs after the case. */
  restore?: (harness: EmulatorHarness) => Promise<void>;
  request: ContractRequest;
  response: ContractResponse;
  /** Omitted where the provider never sends this request. */
  client?: ClientOutcome;
}
