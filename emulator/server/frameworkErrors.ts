/**
 * Refusals made before a route runs, in the shape of the API addressed rather than fastify's:
 * - a path that cannot be percent-decoded (fastify's FST_ERR_BAD_URL) is answered after the API's
 *   authentication, as any other request is (the real observability server decodes path parameters only once
 *   its token check has passed): a 401 without valid credentials, a 400 otherwise;
 * - requests the HTTP parser refuses (headers over Node's 16 KiB limit, a malformed request line, a timeout)
 *   never reach fastify. The observability API is a Node server, so it answers as Node does: the status line
 *   and no body. The management API answers in its error envelope, and the control path with `{"error": ...}`.
 */
import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { ConnectionError, FastifyReply, FastifyRequest } from "fastify";
import { authenticateApiKey, authenticateBearerToken } from "./auth";
import type { EmulatorContext } from "./context";
import { flavorOf, managementCode, sendApiError, toApiError } from "./errors";

/** fastify's `frameworkErrors` option. */
export function frameworkErrorHandler(context: EmulatorContext) {
  return (error: Error, request: FastifyRequest, reply: FastifyReply): void => {
    const flavor = flavorOf(request.url);
    let refusal: unknown = error;
    try {
      if (flavor === "management") authenticateApiKey(context, request);
      if (flavor === "observability") authenticateBearerToken(context, request);
    } catch (authError) {
      refusal = authError;
    }
    void sendApiError(request, reply, toApiError(refusal, flavor));
  };
}

/** fastify's `clientErrorHandler` option: answers on the raw socket, then closes it. */
export function clientErrorHandler(error: ConnectionError, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const status =
    error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
  if (socket.writable) socket.write(rawResponse(status, requestPath(error.rawPacket)));
  socket.destroy();
}

function rawResponse(status: number, path: string): string {
  const statusLine = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n`;
  const flavor = flavorOf(path);
  if (flavor === "observability") return `${statusLine}\r\n`;
  const message = parserRefusals[status];
  const body = JSON.stringify(
    flavor === "management"
      ? { status, error: `${managementCode(status)}: ${message}`, requestId: randomUUID() }
      : { error: message },
  );
  return (
    `${statusLine}Content-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

const parserRefusals: Record<number, string> = {
  400: "The request is not valid HTTP",
  408: "The request was not received in time",
  431: "The request headers are larger than the 16 KiB the server accepts",
};

/**
 * The path of the request line ("GET /v1/... HTTP/1.1") in what the parser had read, or "" when it did not get
 * that far. Node hands that over as a Buffer (fastify's type describes its JSON form).
 */
function requestPath(rawPacket: unknown): string {
  const requestLine = Buffer.isBuffer(rawPacket) ? rawPacket.toString("latin1").split("\r\n", 1)[0] : "";
  return requestLine.split(" ")[1] ?? "";
}
