import { createHash } from "node:crypto";

/**
 * Clients live once per process per API, base URL, credential and throttle, so that every resource using the same
 * credential shares one connection pool and one throttle (a stack that sets `clickhouse:throttle` gets a client
 * of its own). The key is a hash: the cache never holds a secret as a readable key.
 */
export class ClientCache<T> {
  private readonly clients = new Map<string, T>();

  getOrCreate(api: string, baseUrl: string, credential: string, throttle: string, create: () => T): T {
    const key = createHash("sha256").update(`${api}\n${baseUrl}\n${credential}\n${throttle}`).digest("hex");
    let client = this.clients.get(key);
    if (client === undefined) {
      client = create();
      this.clients.set(key, client);
    }
    return client;
  }
}
