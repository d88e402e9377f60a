import { isIPv4 } from "node:net";

/** Raised when a configured base URL may not be used; the message names the setting. */
export class BaseUrlError extends Error {
  override readonly name = "BaseUrlError";
}

/**
 * True for hosts that never leave the machine: 127.0.0.0/8, `localhost` and ::1. A name under `.localhost` is
 * not one: only `localhost` itself is resolved to loopback by every resolver, so `x.localhost` may reach another
 * host through a proxy or a resolver that does not special-case it.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (host === "localhost") return true;
  if (host === "[::1]" || host === "::1") return true;
  return isIPv4(host) && host.startsWith("127.");
}

/**
 * Parses a base URL and refuses the ones that would put credentials at risk: anything but https, except plain
 * http to a loopback host (the emulator), and URLs carrying user info. Runs before any connection is made.
 * Returns the URL without a trailing slash so paths can be appended.
 */
export function checkBaseUrl(raw: string, settingName: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BaseUrlError(`${settingName} is not a valid URL: "${raw}"`);
  }
  if (url.username !== "" || url.password !== "") {
    throw new BaseUrlError(
      `${settingName} must not contain a user name or password; credentials belong in their own settings`,
    );
  }
  if (url.search !== "" || url.hash !== "") {
    throw new BaseUrlError(`${settingName} must not contain a query string or fragment: "${url.origin}"`);
  }
  if (url.protocol === "http:" && !isLoopbackHost(url.hostname)) {
    throw new BaseUrlError(
      `${settingName} uses plain http:// to ${url.hostname}, which would send credentials unencrypted; ` +
        "use https://, or http:// only to a loopback address (127.0.0.0/8, localhost, ::1)",
    );
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new BaseUrlError(`${settingName} must be an https:// URL; got ${url.protocol}//`);
  }
  return url.href.replace(/\/+$/, "");
}
