import { expect } from "chai";
import { startEmulator, type FaultPlan, type RunningEmulator } from "../../../emulator";
import { managementClientFor, observabilityClientFor } from "../../support/clients";
import { useEmulator } from "../../support/emulator";
import {
  SimulatedClock,
  apiErrorOf,
  loggedRequests,
  testOptions,
  unusedPort,
} from "../../support/restHarness";

const SERVICE_ROUTE = "GET /v1/organizations/:organizationId/services/:serviceId";
const KEYS_ROUTE = "POST /v1/organizations/:organizationId/keys";

describe("retries against the emulator", () => {
  const setup = useEmulator();
  let logs: string[];
  beforeEach(() => {
    logs = [];
  });

  const fixture = () => setup.emulator.fixture;
  const script = (route: string, ...kinds: NonNullable<FaultPlan["script"]>[number]["kinds"]) =>
    setup.emulator.control.setFaults({ script: [{ route, kinds }] });
  const keyNames = async () => {
    const client = managementClientFor(fixture(), testOptions([]));
    return (await client.keys.list(fixture().organizationId)).map((k) => k.name);
  };

  it("retries a 503 on GET and returns the eventual success", async () => {
    await script(SERVICE_ROUTE, "503");
    const clock = new SimulatedClock();
    const client = managementClientFor(fixture(), testOptions(logs, { clock }));
    const service = await client.services.get(fixture().organizationId, fixture().services.production);
    expect(service.id).to.equal(fixture().services.production);
    const path = `/v1/organizations/${fixture().organizationId}/services/${fixture().services.production}`;
    expect(await loggedRequests(setup.emulator)).to.deep.equal([`GET ${path} 503 503`, `GET ${path} 200`]);
    expect(clock.sleeps).to.have.length(1);
    expect(logs.join("\n")).to.match(/GET .* got 503; retrying in .* \(attempt 2 of 4\)/);
  });

  it("retries 502 on PUT, an HTML 504 on PATCH and a dropped connection on DELETE", async () => {
    const { organizationId, services } = fixture();
    const management = managementClientFor(fixture(), testOptions(logs));
    const observability = observabilityClientFor(fixture(), testOptions(logs));
    const key = await management.keys.create(organizationId, { name: "short-lived", roles: ["developer"] });
    const { dashboards, webhooks } = fixture();
    const alert = await observability.alerts.create({
      threshold: 1,
      interval: "1m",
      source: "tile",
      thresholdType: "above",
      channel: { type: "webhook", webhookId: webhooks[0]!.id },
      dashboardId: dashboards[0]!.id,
      tileId: dashboards[0]!.tileIds[0]!,
    });
    await setup.emulator.control.setFaults({
      script: [
        { route: "PUT /api/v2/alerts/:id", kinds: ["502"] },
        {
          route: "PATCH /v1/organizations/:organizationId/services/:serviceId/replicaScaling",
          kinds: ["504html"],
        },
        { route: "DELETE /v1/organizations/:organizationId/keys/:keyId", kinds: ["drop"] },
      ],
    });
    await setup.emulator.control.clearRequests();
    const replaced = await observability.alerts.replace(alert.id, {
      threshold: 2,
      interval: "1m",
      source: "search",
      thresholdType: "below",
      channel: { type: "webhook", webhookId: webhooks[0]!.id },
      savedSearchId: fixture().savedSearches[0]!.id,
    });
    expect(replaced.threshold).to.equal(2);
    const scaled = await management.services.updateReplicaScaling(organizationId, services.production, {
      numReplicas: 5,
    });
    expect(scaled.numReplicas).to.equal(5);
    await management.keys.delete(organizationId, key.key.id);
    const statuses = (await loggedRequests(setup.emulator)).map((line) => line.replace(/^(\w+) \S+ /, "$1 "));
    expect(statuses).to.deep.equal([
      "PUT 502 502",
      "PUT 200",
      "PATCH 504 504html",
      "PATCH 200",
      "DELETE 0 drop",
      "DELETE 200",
    ]);
  });

  it("retries a GET that timed out", async () => {
    await setup.emulator.control.setFaults({
      script: [{ route: SERVICE_ROUTE, kinds: ["slow"] }],
      slowMs: 1_000,
    });
    const client = managementClientFor(fixture(), testOptions(logs, { timeoutMs: 250 }));
    const service = await client.services.get(fixture().organizationId, fixture().services.production);
    expect(service.id).to.equal(fixture().services.production);
    expect(logs.join("\n")).to.contain("failed with ETIMEDOUT; retrying");
  });

  it("does not repeat a POST whose connection dropped after the server processed it", async () => {
    await script(KEYS_ROUTE, "dropAfterProcessing");
    const client = managementClientFor(fixture(), testOptions(logs));
    const error = await apiErrorOf(
      client.keys.create(fixture().organizationId, { name: "once", roles: ["admin"] }),
    );
    expect(error).to.include({ code: "ECONNRESET", status: undefined, attempts: 1, outcomeUnknown: true });
    expect(error.message)
      .to.contain("may have been processed")
      .and.contain('check whether a new API key "once"');
    const posts = (await loggedRequests(setup.emulator)).filter((line) => line.startsWith("POST"));
    expect(posts).to.deep.equal([
      `POST /v1/organizations/${fixture().organizationId}/keys 0 dropAfterProcessing`,
    ]);
    expect((await keyNames()).filter((name) => name === "once")).to.have.length(1);
  });

  it("does not repeat a POST answered with 503", async () => {
    await script(KEYS_ROUTE, "503");
    const client = managementClientFor(fixture(), testOptions(logs));
    const error = await apiErrorOf(
      client.keys.create(fixture().organizationId, { name: "maybe", roles: ["admin"] }),
    );
    expect(error).to.include({ status: 503, attempts: 1, outcomeUnknown: true });
    expect(await loggedRequests(setup.emulator)).to.have.length(1);
  });

  it("retries a POST refused with 429 after waiting for X-RateLimit-Reset, and pauses the client meanwhile", async () => {
    await setup.emulator.control.setFaults({
      script: [{ route: KEYS_ROUTE, kinds: ["429"] }],
      retryAfterSeconds: 7,
    });
    const clock = new SimulatedClock();
    const client = managementClientFor(fixture(), testOptions(logs, { clock }));
    const created = await client.keys.create(fixture().organizationId, {
      name: "after-reset",
      roles: ["developer"],
    });
    expect(created.key.name).to.equal("after-reset");
    expect(clock.sleeps).to.have.length(1);
    expect(clock.sleeps[0]).to.be.at.least(7_000).and.at.most(7_100);
    expect(logs.join("\n")).to.contain("answered 429 Too Many Requests; pausing its requests for 7.0 s");
    expect((await keyNames()).filter((name) => name === "after-reset")).to.have.length(1);
  });

  it("holds back the client's other requests until a 429's reset has passed", async () => {
    await setup.emulator.control.setFaults({
      script: [{ route: SERVICE_ROUTE, kinds: ["429"] }],
      retryAfterSeconds: 5,
    });
    const { organizationId, services } = fixture();
    let other: Promise<unknown> | undefined;
    const clock: SimulatedClock = new SimulatedClock(async () => {
      // While the rate-limited request waits out its reset, a second request of the same client starts.
      if (other === undefined) {
        other = client.organizations.get(organizationId);
        await other;
      }
    });
    const client = managementClientFor(fixture(), testOptions(logs, { clock }));
    await client.services.get(organizationId, services.production);
    await other;
    // The second request slept through the pause (about 5 s) before it was sent; then the first one's wait ran.
    expect(clock.sleeps).to.have.length(2);
    expect(clock.sleeps[1]).to.be.within(4_900, 5_000);
    expect((await loggedRequests(setup.emulator)).map((line) => line.split(" ")[2])).to.deep.equal([
      "429",
      "200",
      "200",
    ]);
  });

  it("honours the observability API's RateLimit-Reset on a POST", async () => {
    await setup.emulator.control.setFaults({
      script: [{ route: "POST /api/v2/charts/series", kinds: ["429"] }],
      retryAfterSeconds: 3,
    });
    const clock = new SimulatedClock();
    const client = observabilityClientFor(fixture(), testOptions(logs, { clock }));
    const now = Date.UTC(2026, 0, 1);
    const rows = await client.charts.querySeries({
      series: [{ sourceId: fixture().sources[0]!.id, aggFn: "count", where: "", groupBy: [] }],
      startTime: now - 600_000,
      endTime: now,
    });
    expect(rows.length).to.be.greaterThan(0);
    expect(clock.sleeps[0]).to.be.at.least(3_000).and.at.most(3_100);
  });

  it("repeats the series query, a POST that only reads, after a 500 and a dropped connection", async () => {
    await script("POST /api/v2/charts/series", "500", "drop");
    const client = observabilityClientFor(fixture(), testOptions(logs, { clock: new SimulatedClock() }));
    const now = Date.UTC(2026, 0, 1);
    const rows = await client.charts.querySeries({
      series: [{ sourceId: fixture().sources[0]!.id, aggFn: "count", where: "", groupBy: [] }],
      startTime: now - 600_000,
      endTime: now,
    });
    expect(rows.length).to.be.greaterThan(0);
    expect(
      (await loggedRequests(setup.emulator)).map((line) => line.split(" ").slice(2).join(" ")),
    ).to.deep.equal(["500 500", "0 drop", "200"]);
  });

  it("gives up after the configured number of attempts", async () => {
    await script(SERVICE_ROUTE, "503", "503", "503", "503");
    const client = managementClientFor(
      fixture(),
      testOptions(logs, { retry: { maxAttempts: 3, baseDelayMs: 10 } }),
    );
    const error = await apiErrorOf(
      client.services.get(fixture().organizationId, fixture().services.production),
    );
    expect(error).to.include({ status: 503, code: "SERVICE_UNAVAILABLE", attempts: 3 });
    expect(error.message).to.contain("3 attempts").and.contain("retry later");
    expect(await loggedRequests(setup.emulator)).to.have.length(3);
  });

  it("retries 429s past the attempts other failures get, up to their own limit: the API processed none of them", async () => {
    await script(SERVICE_ROUTE, "429", "429", "429", "429", "429");
    const clock = new SimulatedClock();
    const client = managementClientFor(
      fixture(),
      testOptions(logs, { clock, retry: { maxAttempts: 2, maxRateLimitedAttempts: 8 } }),
    );
    const service = await client.services.get(fixture().organizationId, fixture().services.production);
    expect(service.id).to.equal(fixture().services.production);
    expect(await loggedRequests(setup.emulator)).to.have.length(6);
    expect(logs.filter((line) => line.includes("retrying")).at(-1)).to.contain("(attempt 6 of 8)");

    await script(SERVICE_ROUTE, "503", "503");
    const error = await apiErrorOf(
      client.services.get(fixture().organizationId, fixture().services.production),
    );
    expect(error).to.include({ status: 503, attempts: 2 });
  });

  it("says the API is rate limiting when 429s outlast the attempts", async () => {
    await script(SERVICE_ROUTE, "429", "429");
    const client = managementClientFor(
      fixture(),
      testOptions(logs, { retry: { maxAttempts: 2, maxRateLimitedAttempts: 2 } }),
    );
    const error = await apiErrorOf(
      client.services.get(fixture().organizationId, fixture().services.production),
    );
    expect(error).to.include({ status: 429, code: "TOO_MANY_REQUESTS", attempts: 2, retryAfterMs: 1_000 });
    expect(error.message).to.contain("rate limiting").and.contain("--parallel");
  });

  it("does not start a wait that would end beyond the time budget", async () => {
    await setup.emulator.control.setFaults({
      script: [{ route: SERVICE_ROUTE, kinds: ["429"] }],
      retryAfterSeconds: 8,
    });
    const clock = new SimulatedClock();
    const client = managementClientFor(fixture(), testOptions(logs, { clock, retry: { maxTotalMs: 5_000 } }));
    const error = await apiErrorOf(
      client.services.get(fixture().organizationId, fixture().services.production),
    );
    expect(error).to.include({ status: 429, attempts: 1 });
    expect(error.message).to.contain("resets in 8.0 s");
    expect(clock.sleeps).to.deep.equal([]);
  });

  describe("a POST whose connection was refused", () => {
    let late: RunningEmulator | undefined;
    after(async () => {
      await late?.close();
    });

    it("is retried, and reaches the server once it listens", async () => {
      const port = await unusedPort();
      // The same seed gives the same credentials, so the client can be built before the server exists.
      const probe = await startEmulator({ seed: 41 });
      const seeded = probe.fixture;
      await probe.close();
      const url = `http://127.0.0.1:${port}`;
      const clock = new SimulatedClock(async () => {
        late ??= await startEmulator({ seed: 41, port });
      });
      const client = managementClientFor({ ...seeded, managementUrl: url }, testOptions(logs, { clock }));
      const created = await client.keys.create(seeded.organizationId, { name: "late", roles: ["developer"] });
      expect(created.key.name).to.equal("late");
      expect(logs.join("\n")).to.contain("failed with ECONNREFUSED; retrying");
      expect(await loggedRequests(late!)).to.deep.equal([
        `POST /v1/organizations/${seeded.organizationId}/keys 200`,
      ]);
    });
  });
});
