/**
 * A bounded burst of requests with autocannon, run as its own process so that the memory measured in the
 * emulator's process is the emulator's. Usage: `node loadGenerator.js '<LoadPlan JSON>'`; prints one JSON line of
 * counts.
 */
import autocannon from "autocannon";

export interface LoadPlan {
  url: string;
  /** Requests in total, across all connections. */
  amount: number;
  connections: number;
  /** The sequence each connection cycles through. */
  requests: autocannon.Request[];
}

export interface LoadResult {
  sent: number;
  statusCounts: Record<string, number>;
  serverErrors: number;
  /** Connection errors and timeouts. */
  errors: number;
  timeouts: number;
  latencyP99Ms: number;
  durationSeconds: number;
}

async function main(): Promise<void> {
  const plan = JSON.parse(process.argv[2] ?? "") as LoadPlan;
  const result = await autocannon({
    url: plan.url,
    amount: plan.amount,
    connections: plan.connections,
    requests: plan.requests,
    timeout: 10,
  });
  const statusCounts = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [status, stats.count ?? 0]),
  );
  const summary: LoadResult = {
    sent: result.requests.sent,
    statusCounts,
    serverErrors: result["5xx"],
    errors: result.errors,
    timeouts: result.timeouts,
    latencyP99Ms: result.latency.p99,
    durationSeconds: result.duration,
  };
  console.log(JSON.stringify(summary));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
