/** The small HTTP servers tests put on loopback (canned answers, proxies): start, stop, URL and request bodies. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

export abstract class LoopbackServer {
  private readonly server: Server = createServer((request, response) => this.handle(request, response));
  private url_ = "";

  /** Answers one request. */
  protected abstract handle(request: IncomingMessage, response: ServerResponse): void;

  /** The server's base URL once started. */
  get url(): string {
    return this.url_;
  }

  /** Listens on a free loopback port. */
  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    const address = this.server.address();
    if (address === null || typeof address === "string") throw new Error("no TCP address");
    this.url_ = `http://127.0.0.1:${address.port}`;
    return this;
  }

  /** Closes the server and every connection still open to it. */
  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The whole body of a request, once it has ended. */
export function bodyOf(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}
