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
const CODE_PREFIX = /^([A-Z][A-Z0-9_]*[A-Z0-9])(?::\s*([\s\S]*))?$/;

/** Extracts code, explanation and request id from an error response; never returns the raw body of a page. */
export function readErrorBody(status: number, body: string, contentType: string | undefined): ErrorBodyInfo {
  const defaults = { code: defaultCode(status), detail: STATUS_CODES[status] ?? `HTTP ${status}` };
  const text = body.trim();
  if (text === "") return defaults;
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
  return /^<(!doctype|html|head|body)\b/i.test(text) || (labelledHtml && /<[a-z!/][^>]*>/i.test(text));
}

function summarizeHtml(html: string): string {
  const heading = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html) ?? /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(html);
  const title = heading ? collapseWhitespace(heading[1]!.replace(/<[^>]*>/g, " ")) : "";
  const named = title === "" ? "" : ` ("${truncate(title, 120)}")`;
  return `an HTML page${named} instead of an API response, probably from a proxy or load balancer in front of the API`;
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
