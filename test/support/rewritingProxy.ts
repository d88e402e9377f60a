/**
 * A loopback HTTP proxy in front of the emulator that rewrites JSON response bodies, to show how the provider
 * copes with responses shaped differently from the emulator's (fields added, nulls dropped) through the real
 * engine.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { bodyOf, LoopbackServer } from "./loopback";

export type BodyRewrite = (body: unknown) => unknown;

export class RewritingProxy extends LoopbackServer {
  constructor(
    private readonly target: string,
    private readonly rewrite: BodyRewrite,
  ) {
    super();
  }

  protected handle(request: IncomingMessage, response: ServerResponse): void {
    const headers = Object.fromEntries(
      Object.entries(request.headers).flatMap(([name, value]) =>
        typeof value === "string" && !["host", "content-length", "connection"].includes(name)
          ? [[name, value]]
          : [],
      ),
    );
    void bodyOf(request).then((received) => {
      const body = received.length > 0 ? received : undefined;
      fetch(`${this.target}${request.url ?? "/"}`, { method: request.method, headers, body })
        .then(async (upstream) => {
          const contentType = upstream.headers.get("content-type") ?? "";
          let text = await upstream.text();
          if (contentType.startsWith("application/json") && text !== "") {
            text = JSON.stringify(this.rewrite(JSON.parse(text)));
          }
          response.writeHead(upstream.status, { "content-type": contentType });
          response.end(text);
        })
        .catch((error: Error) => {
          response.writeHead(502, { "content-type": "text/plain" });
          response.end(`proxy: ${error.message}`);
        });
    });
  }
}
