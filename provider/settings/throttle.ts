/**
 * The `clickhouse:throttle` and `observability:throttle` settings: how fast this process may send to an API.
 * The written form is `off` or `<requests>/<seconds>s` (e.g. `10/10s`, `100/60s`); the default is the API's
 * published limit. A stricter value leaves room for other clients of the same key; `off` suits a private
 * endpoint or an emulator that enforces no limit (the benchmarks use it to measure the provider alone).
 */

/** A client-side limit: at most `limit` requests in any window of `windowMs`; or no throttle at all. */
export type ThrottleSetting = "off" | { readonly limit: number; readonly windowMs: number };

const limitPattern = /^(\d+)\s*\/\s*(\d+(?:\.\d+)?)\s*s$/i;

/**
 * Reads the written form; returns a sentence saying what is wrong instead when it cannot, so the caller can
 * report it as a configuration problem next to others.
 */
export function parseThrottleSetting(text: string): ThrottleSetting | { readonly problem: string } {
  const trimmed = text.trim();
  if (trimmed.toLowerCase() === "off") return "off";
  const match = limitPattern.exec(trimmed);
  const limit = match === null ? NaN : Number(match[1]);
  const windowMs = match === null ? NaN : Math.round(Number(match[2]) * 1000);
  if (!(limit >= 1 && windowMs >= 1)) {
    return {
      problem: `must be "off" or <requests>/<seconds>s with both numbers above 0, e.g. "10/10s"; got "${trimmed}"`,
    };
  }
  return { limit, windowMs };
}
