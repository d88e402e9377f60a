/**
 * The control path has no authentication and hands out the fixture's credentials, so only this machine may use it:
 * a request must name a loopback host, and a browser request must come from a loopback page. That stops a web page
 * from reaching it through DNS rebinding (a foreign Host) or a cross-site form or fetch (a foreign Origin), and an
 * emulator bound to every interface from serving it to other machines.
 */
import { isIP } from "node:net";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ApiError, flavorOf, sendApiError } from "./errors";

/** True for `localhost`, 127.0.0.0/8 and ::1, the names that cannot point elsewhere. */
export function isLoopbackName(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "");
  if (host === "localhost" || host === "::1") return true;
  return isIP(host) === 4 && host.startsWith("127.");
}

/** The host name of a Host header value (`name:port`, `[::1]:port`), or undefined when it has none. */
function hostnameOf(hostHeader: string | undefined): string | undefined {
  if (hostHeader === undefined || hostHeader === "") return undefined;
  try {
    return new URL(`http://${hostHeader}`).hostname;
  } catch {
    return undefined;
  }
}

function isLoopbackOrigin(origin: string): boolean {
  try {
    return isLoopbackName(new URL(origin).hostname);
  } catch {
    return false;
  }
}

/** Why a control request is refused, or undefined when it may go on. */
export function controlRefusal(headers: FastifyRequest["headers"]): string | undefined {
  const host = hostnameOf(headers.host);
  if (host === undefined || !isLoopbackName(host)) {
    return "the control path answers only requests addressed to a loopback host (localhost, 127.0.0.1, [::1])";
  }
  const origin = headers.origin;
  if (origin !== undefined && !isLoopbackOrigin(origin)) {
    return "the control path refuses requests from web pages of other origins";
  }
  if (headers["sec-fetch-site"] === "cross-site") {
    return "the control path refuses cross-site requests";
  }
  return undefined;
}

/** An onRequest hook: refuses control requests that do not come from this machine's own clients. */
export async function guardControlPath(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  if (flavorOf(request.url) !== "control") return undefined;
  const refusal = controlRefusal(request.headers);
  return refusal === undefined ? undefined : sendApiError(request, reply, new ApiError(403, refusal));
}
