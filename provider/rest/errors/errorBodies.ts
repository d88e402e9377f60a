/**
 * Reads the error bodies both APIs (and the proxies in front of them) send: the management API's
 * `{"status":400,"error":"BAD_REQUEST: msg","requestId":"..."}` and `{"error":"TOO_MANY_REQUESTS"}`, the
 * observability API's `{"message":"..."}` and `{"error":"..."}`, a plain-text `Unauthorized`, and HTML pages
 * from load balancers, which are summarized by their title rather than dumped.
 */
import { STATUS_CODES } from "node:http";

export interface ErrorBodyInfo {
  readonly code: string;
  readonly detail: string;
  readonly requestId?: string;
}

const MAX_DETAIL_LENGTH = 300;
/**
 * Only the start of an error body is read: what explains an error (a JSON error, a page's title) comes first, and
 * a bound on the text keeps every pattern below cheap whatever a proxy sends.
 */
export const MAX_ERROR_BODY_CHARS = 16 * 1024;
const CODE_PREFIX = /^([A-Z][A-Z0-9_]*[A-Z0-9])(?::\s*([\s\S]*))?$/;

/** Extracts code, explanation and request id from an error response; never returns the raw body of a page. */
export function readErrorBody(status: number, body: string, contentType: string | undefined): ErrorBodyInfo {
  const defaults = { code: defaultCode(status), detail: STATUS_CODES[status] ?? `HTTP ${status}` };
  const text = body.slice(0, MAX_ERROR_BODY_CHARS).trim();
  if (text === "") return defaults;
  // A cut JSON body no longer parses: it is then summarized as text, which is what it is to a reader.
  const json = parseJsonObject(text);
  if (json !== undefined) return { ...defaults, ...fromJson(json) };
  if (isHtml(text, contentType)) return { ...defaults, detail: summarizeHtml(text) };
  return { ...defaults, detail: truncate(collapseWhitespace(text)) };
}

/** The conventional code for a status whose body names none. */
export function defaultCode(status: number): string {
  const reason = STATUS_CODES[status];
  return reason === undefined ? `HTTP_${status}` : reason.toUpperCase().replace(/[^A-Z0-9]+/g, "_");
}

function fromJson(body: Record<string, unknown>): Partial<ErrorBodyInfo> {
  const info: { code?: string; detail?: string; requestId?: string } = {};
  const error = nonEmptyString(body.error);
  const message = nonEmptyString(body.message);
  if (error !== undefined) {
    const coded = CODE_PREFIX.exec(error);
    if (coded) {
      info.code = coded[1];
      const rest = nonEmptyString(coded[2]);
      if (rest !== undefined) info.detail = truncate(rest);
    } else {
      info.detail = truncate(error);
    }
  }
  // {"message": ...} is the observability API's shape; it also explains a bare {"error": "CODE"}.
  if (message !== undefined && info.detail === undefined) info.detail = truncate(message);
  const requestId = nonEmptyString(body.requestId);
  if (requestId !== undefined) info.requestId = requestId;
  return info;
}

/** The JSON object `text` holds, or undefined when it holds something else. */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  if (!text.startsWith("{")) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An HTML page: a document, or markup labelled HTML. A sentence without markup stays a sentence even labelled
 * HTML: Express labels every string it sends text/html, the observability API's 429 included.
 */
function isHtml(text: string, contentType: string | undefined): boolean {
  const labelledHtml = (contentType ?? "").toLowerCase().includes("html");
  // `[^<>]` rather than `[^>]`: a run of `<` without `>` then fails at the next `<`, in linear time.
  return /^<(!doctype|html|head|body)\b/i.test(text) || (labelledHtml && /<[a-z!/][^<>]*>/i.test(text));
}

function summarizeHtml(html: string): string {
  const heading = elementText(html, "title") ?? elementText(html, "h1");
  const title = heading === undefined ? "" : collapseWhitespace(heading.replace(/<[^<>]*>/g, " "));
  const named = title === "" ? "" : ` ("${truncate(title, 120)}")`;
  return `an HTML page${named} instead of an API response, probably from a proxy or load balancer in front of the API`;
}

/** The text of the first `<tag ...>...</tag>` element, found by searching, not by a backtracking pattern. */
function elementText(html: string, tag: string): string | undefined {
  const lower = html.toLowerCase();
  const open = new RegExp(`<${tag}[\\s>]`).exec(lower);
  if (open === null) return undefined;
  const start = lower.indexOf(">", open.index);
  const end = lower.indexOf(`</${tag}>`, start);
  return start === -1 || end === -1 ? undefined : html.slice(start + 1, end);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function truncate(text: string, max = MAX_DETAIL_LENGTH): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
