/**
 * How long a 429 asks us to wait. The management API sends `X-RateLimit-Reset` (seconds until the window
 * resets). The observability API sends the IETF draft headers of express-rate-limit: `RateLimit-Reset` (seconds;
 * draft 6), or the combined `RateLimit` header (`limit=100, remaining=0, reset=42` in draft 7, `"policy";r=0;t=42`
 * in draft 8), and `Retry-After`, which some releases set to the whole window rather than the time left: so the
 * reset headers come first. `RateLimit-Policy` (`100;w=60`) gives only the window, the longest wait there can be,
 * and is the last resort. A value that looks like a Unix timestamp is read as one.
 *
 * No server-given pause is taken at its word: a 429 can ask for no more than the rest of the API's window, so a
 * longer value is cut to one window, and a value far beyond it (`Retry-After: 999999999`, 31 years) is a bug or a
 * hostile server and is not believed at all: the 429 then counts as naming no reset.
 */
export type HeaderBag = Readonly<Record<string, unknown>>;

/** How long a server may make the client wait. */
export interface PauseBounds {
  /** A longer pause is cut to this: about one window of the API, the most a 429 can need. */
  readonly capMs: number;
  /** A pause longer than this is not believed at all. */
  readonly ignoreAboveMs: number;
}

/** Pauses beyond this many windows are ignored rather than cut. */
const IGNORED_BEYOND_WINDOWS = 10;

/** The bounds of the pauses an API with this window (and margin for the server's clock) may ask for. */
export function pauseBounds(windowMs: number, marginMs: number): PauseBounds {
  return { capMs: windowMs + marginMs, ignoreAboveMs: IGNORED_BEYOND_WINDOWS * windowMs };
}

/** A 429's pause as the client will honour it. */
export interface ServerPause {
  /** The wait within the bounds; undefined when the 429 named none that can be believed. */
  readonly ms: number | undefined;
  /** The header and value not believed (`retry-after: 999999999`), when there was one. */
  readonly ignored?: string;
}

/** The pause a 429's headers ask for, cut to `bounds.capMs`, or ignored beyond `bounds.ignoreAboveMs`. */
export function serverPause(headers: HeaderBag, nowMs: number, bounds: PauseBounds): ServerPause {
  const reset = findReset(headers, nowMs);
  if (reset === undefined) return { ms: undefined };
  if (reset.ms > bounds.ignoreAboveMs) return { ms: undefined, ignored: `${reset.header}: ${reset.value}` };
  return { ms: Math.min(reset.ms, bounds.capMs) };
}

/** Each header that can say when the limit resets, and how to find the seconds in its value; best first. */
const RESET_SOURCES: ReadonlyArray<
  readonly [header: string, seconds: (value: string) => string | undefined]
> = [
  ["x-ratelimit-reset", (value) => value],
  ["ratelimit-reset", (value) => value],
  ["ratelimit", (value) => parameter(value, "reset") ?? parameter(value, "t")],
  ["retry-after", (value) => value],
  ["ratelimit-policy", (value) => parameter(value, "w")],
];
/** Anything above this many seconds is an epoch timestamp, not a delay (about 30 years). */
const EPOCH_SECONDS_THRESHOLD = 1_000_000_000;

/** The wait the headers ask for, as they say it (unbounded: see serverPause). */
export function rateLimitResetMs(headers: HeaderBag, nowMs: number): number | undefined {
  return findReset(headers, nowMs)?.ms;
}

function findReset(
  headers: HeaderBag,
  nowMs: number,
): { header: string; value: string; ms: number } | undefined {
  for (const [name, seconds] of RESET_SOURCES) {
    const raw = headerValue(headers, name);
    const value = raw === undefined ? undefined : seconds(raw);
    if (value === undefined) continue;
    const parsed = parseReset(value, nowMs);
    if (parsed !== undefined) return { header: name, value: raw!, ms: parsed };
  }
  return undefined;
}

/**
 * The value of `name` among a header's parameters, whichever way the drafts separate them: `reset=42` in
 * `limit=100, remaining=0, reset=42`, `t=42` in `"default";r=0;t=42`, `w=60` in `100;w=60`.
 */
function parameter(value: string, name: string): string | undefined {
  for (const part of value.split(/[;,]/)) {
    const [key, found] = part.split("=").map((piece) => piece.trim());
    if (key.toLowerCase() === name && found !== undefined) return found;
  }
  return undefined;
}

function parseReset(raw: string, nowMs: number): number | undefined {
  if (/^\d+(\.\d+)?$/.test(raw)) {
    const seconds = Number(raw);
    const ms = seconds > EPOCH_SECONDS_THRESHOLD ? seconds * 1000 - nowMs : seconds * 1000;
    return Math.max(0, Math.round(ms));
  }
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

function headerValue(headers: HeaderBag, name: string): string | undefined {
  // axios lower-cases header names, but a plain object from elsewhere may not.
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  if (key === undefined) return undefined;
  const value = headers[key];
  const first = Array.isArray(value) ? (value[0] as unknown) : value;
  return typeof first === "string" || typeof first === "number" ? String(first).trim() : undefined;
}
