import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect } from "chai";
import { ObservabilityClient } from "../../../provider/rest/observability";
import { CannedServer } from "../../support/cannedServer";
import { managementClientFor } from "../../support/clients";
import { useEmulator } from "../../support/emulator";
import { loggedRequests } from "../../support/restHarness";

const run = promisify(execFile);
const emptyAlertList = { status: 200, body: JSON.stringify({ data: [] }) };

/** The largest number of requests received within any `windowMs` span. */
function busiestWindow(receivedAt: number[], windowMs: number): number {
  const sorted = [...receivedAt].sort((a, b) => a - b);
  return Math.max(...sorted.map((start) => sorted.filter((t) => t >= start && t < start + windowMs).length));
}

describe("throttle", () => {
  describe("with a small window", () => {
    let server: CannedServer;
    beforeEach(async () => {
      server = await new CannedServer(() => emptyAlertList).start();
    });
    afterEach(async () => {
      await server.stop();
    });

    // Bounds on elapsed time below are behaviour, not speed: each upper bound is a fraction of the wait that the
    // behaviour it rules out would cost (a window of seconds), so a loaded machine cannot cross it.
    it("sends a full burst at once, then keeps every sliding window at the limit", async function () {
      this.timeout(20_000);
      const throttle = { limit: 3, windowMs: 2_000, marginMs: 150 };
      const client = new ObservabilityClient({ apiUrl: server.url, apiToken: "t0ken" }, { throttle });
      const started = Date.now();
      await Promise.all(Array.from({ length: 9 }, () => client.alerts.list()));
      const times = server.received.map((r) => r.receivedAt);
      expect(times).to.have.length(9);
      expect(busiestWindow(times, throttle.windowMs)).to.equal(3);
      // The first three went out together; the last three waited two windows.
      expect(Math.max(...times.slice(0, 3)) - started).to.be.below(throttle.windowMs);
      expect(Date.now() - started).to.be.at.least(2 * (throttle.windowMs + throttle.marginMs));
    });

    it("keeps separate clients (credentials) in separate budgets", async function () {
      this.timeout(90_000);
      // A shared budget would hold the third and fourth requests for the whole minute.
      const throttle = { limit: 2, windowMs: 60_000, marginMs: 0 };
      const first = new ObservabilityClient({ apiUrl: server.url, apiToken: "token-a" }, { throttle });
      const second = new ObservabilityClient({ apiUrl: server.url, apiToken: "token-b" }, { throttle });
      const started = Date.now();
      await Promise.all([
        first.alerts.list(),
        first.alerts.list(),
        second.alerts.list(),
        second.alerts.list(),
      ]);
      expect(Date.now() - started).to.be.below(30_000);
    });
  });

  describe("process lifetime", () => {
    let server: CannedServer;
    before(async () => {
      server = await new CannedServer(() => emptyAlertList).start();
    });
    after(async () => {
      await server.stop();
    });

    /** Runs `requests` list calls in a child process with a 1-per-window throttle; returns its run time. */
    async function childRun(requests: number, windowMs: number): Promise<{ ms: number; output: string }> {
      const clientModule = join(__dirname, "..", "..", "..", "provider", "rest", "observability");
      const script = `
        const { ObservabilityClient } = require(${JSON.stringify(clientModule)});
        const client = new ObservabilityClient({ apiUrl: ${JSON.stringify(server.url)}, apiToken: "t0ken" },
          { throttle: { limit: 1, windowMs: ${windowMs}, marginMs: 0 } });
        Promise.all(Array.from({ length: ${requests} }, () => client.alerts.list()))
          .then((lists) => console.log("done " + lists.length));`;
      const started = Date.now();
      const { stdout } = await run(process.execPath, ["-e", script], { timeout: 45_000 });
      return { ms: Date.now() - started, output: stdout.trim() };
    }

    it("does not keep a finished program alive for the rest of its last window", async function () {
      this.timeout(60_000);
      // Kept alive, the program would live out its 10-minute window and be killed at the 45 s run timeout.
      const result = await childRun(1, 600_000);
      expect(result.output).to.equal("done 1");
      expect(result.ms).to.be.below(30_000);
    });

    it("keeps the program alive while requests wait for a slot", async () => {
      const result = await childRun(2, 1_000);
      expect(result.output).to.equal("done 2");
      expect(result.ms).to.be.at.least(1_000);
    });
  });

  describe("against the emulator's real management rate limit", () => {
    const setup = useEmulator({ rateLimits: true });

    it("gets a burst of 30 requests through 10 per 10 s with no 429", async function () {
      this.timeout(45_000);
      const { fixture } = setup.emulator;
      // One attempt only: a 429 would fail the request instead of being retried away.
      const client = managementClientFor(fixture, { retry: { maxAttempts: 1, maxRateLimitedAttempts: 1 } });
      const results = await Promise.all(
        Array.from({ length: 30 }, () =>
          client.services.get(fixture.organizationId, fixture.services.production),
        ),
      );
      expect(results).to.have.length(30);
      const statuses = (await loggedRequests(setup.emulator)).map((line) => line.split(" ")[2]);
      expect(statuses).to.have.length(30);
      expect(statuses.filter((s) => s !== "200")).to.deep.equal([]);
    });
  });
});
