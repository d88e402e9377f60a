/**
 * A loopback HTTP server that answers with prepared responses, for bodies the emulator never sends (a
 * malformed success, an `{"error": ...}` observability body) and for timing the throttle.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import { closeServer, listenOnLoopback } from "../support/loopback";

export interface CannedResponse {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  receivedAt: number;
  /** The request body as text, once the request has ended. */
  body?: string;
}

export class CannedServer {
  readonly received: ReceivedRequest[] = [];
  private readonly server: Server;
  private url_ = "";

  /** `respond` picks the answer to each request; it gets the request's position (0-based). */
  constructor(private readonly respond: (index: number, request: IncomingMessage) => CannedResponse) {
    this.server = createServer((request, response) => {
      const index = this.received.length;
      this.received.push({
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        receivedAt: Date.now(),
      });
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        this.received[index].body = Buffer.concat(chunks).toString("utf8");
        const canned = this.respond(index, request);
        response.writeHead(canned.status, { "content-type": "application/json", ...canned.headers });
        response.end(canned.body);
      });
    });
  }

  get url(): string {
    return this.url_;
  }

  async start(): Promise<this> {
    this.url_ = await listenOnLoopback(this.server);
    return this;
  }

  stop(): Promise<void> {
    return closeServer(this.server);
  }
}
