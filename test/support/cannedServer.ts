/**
 * A loopback HTTP server that answers with prepared responses, for bodies the emulator never sends (a
 * malformed success, an `{"error": ...}` observability body) and for timing the throttle.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { bodyOf, LoopbackServer } from "./loopback";

export interface CannedResponse {
  status: number;
  body: string;
  headers?: Record<string, string>;
  /** Close the connection instead of answering, as a reply lost on its way does. */
  drop?: boolean;
}

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  receivedAt: number;
  /** The request body as text, once the request has ended. */
  body?: string;
}

export class CannedServer extends LoopbackServer {
  readonly received: ReceivedRequest[] = [];

  /** `respond` picks the answer to each request; it gets the request's position (0-based). */
  constructor(private readonly respond: (index: number, request: IncomingMessage) => CannedResponse) {
    super();
  }

  protected handle(request: IncomingMessage, response: ServerResponse): void {
    const index = this.received.length;
    this.received.push({
      method: request.method ?? "",
      url: request.url ?? "",
      headers: request.headers,
      receivedAt: Date.now(),
    });
    void bodyOf(request).then((body) => {
      this.received[index].body = body.toString("utf8");
      const canned = this.respond(index, request);
      if (canned.drop) {
        request.socket.destroy();
        return;
      }
      response.writeHead(canned.status, { "content-type": "application/json", ...canned.headers });
      response.end(canned.body);
    });
  }
}
