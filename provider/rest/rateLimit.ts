/**
 * How long a 429 asks us to wait. The management API sends `X-RateLimit-Reset` (seconds until the window
 * resets). The observability API sends the IETF draft headers of express-rate-limit: `RateLimit-Reset` (seconds;
 * draft 6), or the combined `RateLimit` header (`limit=100, remaining=0, reset=42` in draft 7, `"policy";r=0;t=42`
 * in draft 8), and `Retry-After`, which some releases set to the whole window rather than the time left: so the
 * reset headers come first. `RateLimit-Policy` (`100;w=60`) gives only the window, the longest wait there can be,
 * and is the last resort. A value that looks like a Unix timestamp is read as one.
 */
export type HeaderBag = Readonly<Record<string, unknown>>;

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

export function rateLimitResetMs(headers: HeaderBag, nowMs: number): number | undefined {
  for (const [name, seconds] of RESET_SOURCES) {
    const raw = headerValue(headers, name);
    const value = raw === undefined ? undefined : seconds(raw);
    if (value === undefined) continue;
    const parsed = parseReset(value, nowMs);
    if (parsed !== undefined) return parsed;
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
