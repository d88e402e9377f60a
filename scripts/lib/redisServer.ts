/**
 * A real Redis for the tests and the benchmark of the budget shared through it: Debian's `redis-server` (installed
 * by scripts/ensure-redis.sh, which scripts/bootstrap.sh runs), started on a free loopback port with no
 * persistence, and stopped or killed by its caller.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { unusedPort } from "./ports";

/** The redis-server binary, or an error saying how to install it. */
function redisServerBinary(): string {
  const found = spawnSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" }).stdout.trim();
  if (found === "") {
    throw new Error(
      "redis-server is not installed: run `bash scripts/ensure-redis.sh` (npm test and npm run setup do, " +
        "through scripts/bootstrap.sh)",
    );
  }
  return found;
}

export interface RedisServerOptions {
  /** The password of the default user (`requirepass`); none by default. */
  readonly password?: string;
}

export class RedisServer {
  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {}

  /** Starts a server on a free loopback port and waits until it accepts connections. */
  static async start(options: RedisServerOptions = {}): Promise<RedisServer> {
    const binary = redisServerBinary();
    for (let attempt = 1; ; attempt++) {
      const port = await unusedPort();
      const args = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"];
      if (options.password !== undefined) args.push("--requirepass", options.password);
      const child = spawn(binary, args, { stdio: ["ignore", "pipe", "ignore"] });
      const ready = await readyOrExit(child);
      if (ready) return new RedisServer(child, port);
      // Another process took the port between our probe and the server's bind: try another.
      if (attempt >= 3) throw new Error(`redis-server did not start on a free port in ${attempt} attempts`);
    }
  }

  /** The URL a client names this server by, with `auth` (`user:password`) when given. */
  url(auth?: string, database = 0): string {
    return `redis://${auth === undefined ? "" : `${auth}@`}127.0.0.1:${this.port}/${database}`;
  }

  /** Kills the server at once (SIGKILL), as a crash or a lost host would end it. */
  async kill(): Promise<void> {
    await this.signal("SIGKILL");
  }

  /** Stops the server. */
  async stop(): Promise<void> {
    await this.signal("SIGTERM");
  }

  private async signal(signal: NodeJS.Signals): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once("exit", () => resolve()));
    this.child.kill(signal);
    await exited;
  }
}

/** True once the server logs that it accepts connections; false when it exits first (its port was taken). */
function readyOrExit(child: ChildProcess): Promise<boolean> {
  return new Promise((resolve) => {
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if (output.includes("Ready to accept connections")) resolve(true);
    });
    child.once("exit", () => resolve(false));
  });
}
