/**
 * A loopback HTTP proxy in front of another server that keeps every request it forwards, body included: for
 * tests that must show what a client sent over the wire (and what it did not).
 */
import { createServer, request as forward, type Server } from "node:http";
import { closeServer, listenOnLoopback } from "./loopback";

export interface ForwardedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export class RecordingProxy {
  readonly requests: ForwardedRequest[] = [];
  private readonly server: Server;
  private url_ = "";

  constructor(target: string) {
    const { hostname, port } = new URL(target);
    this.server = createServer((incoming, outgoing) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () => {
        const body = Buffer.concat(chunks);
        const { method = "GET", url = "/", headers } = incoming;
        this.requests.push({ method, url, headers, body: body.toString("utf8") });
        const upstream = forward({ hostname, port, method, path: url, headers }, (reply) => {
          outgoing.writeHead(reply.statusCode ?? 502, reply.headers);
          reply.pipe(outgoing);
        });
        upstream.on("error", () => outgoing.destroy());
        upstream.end(body);
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

  /** Every byte sent through the proxy so far, headers and bodies, as text. */
  everythingSent(): string {
    return this.requests
      .map((r) => `${r.method} ${r.url}\n${JSON.stringify(r.headers)}\n${r.body}`)
      .join("\n");
  }
}
