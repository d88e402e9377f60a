/**
 * The `clickhouse:sharedBudget` setting: where the processes that use one API key share its rate-limit budget.
 * `local` (the default) shares it between the processes of this machine through files; `off` leaves each process
 * to throttle only itself; a `redis://` or `rediss://` URL shares it between every machine that names the same
 * Redis (user, password and database in the URL, as Redis clients take them).
 */

/** Where the budget is shared: nowhere, on this machine, or through the Redis at `redisUrl`. */
export type SharedBudgetSetting = "off" | "local" | { readonly redisUrl: string };

const WRITTEN_FORM = '"local", "off", or a Redis URL, redis[s]://[[user]:password@]host[:port][/database]';

/**
 * Reads the written form; returns a sentence saying what is wrong instead when it cannot. The sentence never
 * holds the URL's password.
 */
export function parseSharedBudgetSetting(text: string): SharedBudgetSetting | { readonly problem: string } {
  const trimmed = text.trim();
  const lower = trimmed.toLowerCase();
  if (lower === "off" || lower === "local") return lower;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { problem: `must be ${WRITTEN_FORM}; got "${withoutPassword(trimmed)}"` };
  }
  const shown = withoutPassword(trimmed);
  if (url.protocol !== "redis:" && url.protocol !== "rediss:") {
    return { problem: `must be ${WRITTEN_FORM}; got "${shown}", whose scheme is not redis or rediss` };
  }
  if (url.hostname === "") return { problem: `names no host: "${shown}"` };
  if (!/^\/?(\d{1,5})?$/.test(url.pathname)) {
    return {
      problem: `must name the database as a number after the host (redis://host:6379/0); got "${shown}"`,
    };
  }
  if (url.search !== "" || url.hash !== "") {
    return { problem: `takes no query or fragment; got "${shown}"` };
  }
  return { redisUrl: trimmed };
}

/** The URL with its password, if any, replaced by `***`: what messages show. */
export function withoutPassword(text: string): string {
  try {
    const url = new URL(text);
    if (url.password === "") return text;
    url.password = "***";
    return url.toString();
  } catch {
    // Not a URL: a password can still sit between the last ':' and '@' of what looks like user info.
    return text.replace(/(\/\/[^/@:]*:)[^/@]*@/, "$1***@");
  }
}

/** What tells clients of different shared budgets apart, for a cache of clients (which hashes it). */
export function sharedBudgetKey(setting: SharedBudgetSetting | undefined): string {
  if (setting === undefined) return "from the environment";
  return typeof setting === "string" ? setting : setting.redisUrl;
}
