/** Free TCP ports on loopback, for servers the tests and benchmarks start (never a fixed port). */
import { createServer } from "node:net";

/** A TCP port nothing listens on (it was free a moment ago). */
export async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no TCP port");
  return address.port;
}
