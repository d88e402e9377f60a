/**
 * The connection to the Redis that keeps the shared budgets of every runner naming it: one per URL per process,
 * serving both APIs' budgets. Its failures come in two kinds. A Redis that cannot be reached (down at the start,
 * lost in the middle of a run, not answering) makes the store "lost" for the rest of the process, with one warning
 * line: the budgets then fall back on what this machine has, and the run goes on. A Redis that answers but refuses
 * the connection (a wrong password or user, a database it does not have, a host name that does not exist) is a
 * mistake in the setting: every request fails with an error naming the setting, never the password.
 *
 * The client library (@redis/client, node-redis's core) is loaded on first use: a process that shares no budget
 * through Redis never loads it. Its socket does not keep a finished process alive; each command holds a timer
 * of its own while it waits for its answer.
 */
import { createHash } from "node:crypto";
import type * as RedisModule from "@redis/client";
import { withoutPassword } from "../../settings/sharedBudget";

/** How long connecting, and then each command, may take before Redis counts as lost. */
const REDIS_TIMEOUT_MS = 3_000;

/** A Redis reply that says the setting is wrong: the user, the password or the database. */
const REFUSED_REPLY = /^(WRONGPASS|NOAUTH|NOPERM|ERR (AUTH|invalid password|DB index|invalid DB))/i;

/** The client's errors for a connection that ended. */
const CLOSED_ERRORS = new Set(["ClientClosedError", "ClientOfflineError", "SocketClosedUnexpectedlyError"]);

/** The error of a request whose shared budget's setting is wrong; the message names the setting. */
export class SharedBudgetSettingError extends Error {
  override readonly name = "SharedBudgetSettingError";
}

/** What the store uses of a client. */
interface Client {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  unref(): void;
  destroy(): void;
}

export class RedisStore {
  private client: Promise<Client> | undefined;
  /** Why the store was given up, once it was; every later command fails at once with it. */
  private lostBecause: string | undefined;
  private refused: SharedBudgetSettingError | undefined;

  constructor(
    private readonly url: string,
    /** How users name the setting: `clickhouse:sharedBudget (or PULUMI_CLICKHOUSE_CLOUD_SHARED_BUDGET)`. */
    private readonly settingName: string,
    private readonly warn: (line: string) => void,
    /** How long connecting, and then each command, may take before Redis counts as lost. */
    private readonly timeoutMs: number = REDIS_TIMEOUT_MS,
  ) {}

  /** True once Redis was found unreachable: the budgets go local for the rest of the process. */
  get lost(): boolean {
    return this.lostBecause !== undefined;
  }

  /**
   * Runs a Lua script. Rejects with SharedBudgetSettingError when Redis refuses the connection, and with any
   * other error when Redis cannot be reached (the store is then lost, and has said so once).
   */
  async run(script: string, keys: string[], args: string[]): Promise<unknown> {
    if (this.refused !== undefined) throw this.refused;
    if (this.lostBecause !== undefined) throw new Error(this.lostBecause);
    try {
      const client = await this.connected();
      return await withTimeout(client.eval(script, { keys, arguments: args }), "the command", this.timeoutMs);
    } catch (error) {
      throw this.classify(error);
    }
  }

  private connected(): Promise<Client> {
    this.client ??= this.connect();
    return this.client;
  }

  private async connect(): Promise<Client> {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy load is a require where first used
    const redis = require("@redis/client") as typeof RedisModule;
    const client = redis.createClient({
      url: this.url,
      // A lost connection is not waited for: the budgets go local at once, and stay so.
      socket: { connectTimeout: this.timeoutMs, reconnectStrategy: false },
      disableOfflineQueue: true,
    });
    // Without a listener, a socket error would end the process; the failing command reports it instead.
    client.on("error", () => undefined);
    try {
      await withTimeout(client.connect(), "connecting", this.timeoutMs);
    } catch (error) {
      closeQuietly(client);
      throw error;
    }
    client.unref();
    return client;
  }

  /** What a failure of connecting or of a command means: a refused setting, or a lost Redis. */
  private classify(error: unknown): Error {
    const message = error instanceof Error ? error.message : String(error);
    const code = (error as NodeJS.ErrnoException).code;
    if (REFUSED_REPLY.test(message) || code === "ENOTFOUND") {
      const reason = code === "ENOTFOUND" ? "its host name does not resolve" : `it answered: ${message}`;
      this.refused = new SharedBudgetSettingError(
        `${this.settingName}: the Redis at ${withoutPassword(this.url)} refused the connection, ${reason}. ` +
          "Check the URL's user, password, host and database.",
      );
      return this.refused;
    }
    if (this.lostBecause === undefined) {
      const closed = error instanceof Error && CLOSED_ERRORS.has(error.constructor.name);
      this.lostBecause = closed ? "the connection was lost" : `${code ?? message}`;
      const redis = `the Redis at ${withoutPassword(this.url)} (${this.settingName})`;
      this.warn(
        `shared rate-limit budget: ${redis} cannot be reached (${this.lostBecause}); ` +
          "this process goes on with this machine's budget and its own throttle",
      );
      void this.client?.then(closeQuietly, () => undefined);
    }
    return error instanceof Error ? error : new Error(message);
  }
}

/** Closes a client whose connection failed or was lost; one that is closed already throws, which is no news. */
function closeQuietly(client: Client): void {
  try {
    client.destroy();
  } catch {
    // Closed already.
  }
}

/** `promise`, or a rejection after `timeoutMs`; the timer keeps the process alive while it waits. */
function withTimeout<T>(promise: Promise<T>, what: string, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${timeoutMs / 1000} s`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The stores by a hash of their URL, which may hold a password. */
const stores = new Map<string, RedisStore>();

/** The process's store for this URL, made on first use. */
export function redisStore(url: string, settingName: string, warn: (line: string) => void): RedisStore {
  const key = createHash("sha256").update(url).digest("hex");
  let store = stores.get(key);
  if (store === undefined) {
    store = new RedisStore(url, settingName, warn);
    stores.set(key, store);
  }
  return store;
}
