/**
 * A loopback HTTP proxy in front of another server that keeps every request it forwards, body included: for
 * tests that must show what a client sent over the wire (and what it did not).
 */
import { request as forward, type IncomingMessage, type ServerResponse } from "node:http";
import { bodyOf, LoopbackServer } from "./loopback";

export interface ForwardedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export class RecordingProxy extends LoopbackServer {
  readonly requests: ForwardedRequest[] = [];
  private readonly target: URL;

  constructor(target: string) {
    super();
    this.target = new URL(target);
  }

  protected handle(incoming: IncomingMessage, outgoing: ServerResponse): void {
    const { hostname, port } = this.target;
    void bodyOf(incoming).then((body) => {
      const { method = "GET", url = "/", headers } = incoming;
      this.requests.push({ method, url, headers, body: body.toString("utf8") });
      const upstream = forward({ hostname, port, method, path: url, headers }, (reply) => {
        outgoing.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(outgoing);
      });
      upstream.on("error", () => outgoing.destroy());
      upstream.end(body);
    });
  }

  /** Every byte sent through the proxy so far, headers and bodies, as text. */
  everythingSent(): string {
    return this.requests
      .map((r) => `${r.method} ${r.url}\n${JSON.stringify(r.headers)}\n${r.body}`)
      .join("\n");
  }
}
