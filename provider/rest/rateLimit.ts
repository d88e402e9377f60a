/**
 * How long a 429 asks us to wait. The management API sends `X-RateLimit-Reset` (seconds until the window
 * resets); the observability API sends the IETF draft's `RateLimit-Reset` (seconds) and `Retry-After`
 * (seconds or an HTTP date). A value that looks like a Unix timestamp is read as one.
 */
export type HeaderBag = Readonly<Record<string, unknown>>;

const RESET_HEADERS = ["x-ratelimit-reset", "ratelimit-reset", "retry-after"] as const;
/** Anything above this many seconds is an epoch timestamp, not a delay (about 30 years). */
const EPOCH_SECONDS_THRESHOLD = 1_000_000_000;

export function rateLimitResetMs(headers: HeaderBag, nowMs: number): number | undefined {
  for (const name of RESET_HEADERS) {
    const raw = headerValue(headers, name);
    if (raw === undefined) continue;
    const parsed = parseReset(raw, nowMs);
    if (parsed !== undefined) return parsed;
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
