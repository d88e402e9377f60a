/**
 * A loopback HTTP proxy in front of the emulator that rewrites JSON response bodies, to show how the provider
 * copes with responses shaped differently from the emulator's (fields added, nulls dropped) through the real
 * engine.
 */
import { createServer, type Server } from "node:http";
import { closeServer, listenOnLoopback } from "./loopback";

export type BodyRewrite = (body: unknown) => unknown;

export class RewritingProxy {
  private readonly server: Server;
  private url_ = "";

  constructor(
    private readonly target: string,
    private readonly rewrite: BodyRewrite,
  ) {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const headers = Object.fromEntries(
          Object.entries(request.headers).flatMap(([name, value]) =>
            typeof value === "string" && !["host", "content-length", "connection"].includes(name)
              ? [[name, value]]
              : [],
          ),
        );
        const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
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
