import { expect } from "chai";
import { startEmulator } from "../../../emulator";
import { EmulatorHarness, expectManagementSuccess, uuidV4 } from "../../support/httpRequests";

describe("emulator: control API and fixture", () => {
  const harness = new EmulatorHarness().install();

  it("the fixture names both URLs, the credentials and every seeded object", async () => {
    const fixture = harness.fixture;
    expect(fixture.managementUrl)
      .to.equal(harness.emulator.url)
      .and.match(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(fixture.observabilityUrl).to.equal(harness.emulator.url);
    expect(fixture.organizationId).to.match(uuidV4);
    for (const id of Object.values(fixture.services)) expect(id).to.match(uuidV4);
    expect(fixture.dashboards.length).to.be.greaterThan(0);
    expect(fixture.dashboards[0].tileIds.length).to.be.greaterThan(0);
    for (const list of [fixture.savedSearches, fixture.webhooks, fixture.sources]) {
      expect(list.length).to.be.greaterThan(0);
      for (const item of list) expect(item.id).to.match(/^[0-9a-f]{24}$/);
    }
    expect((await harness.control("GET", "/fixture")).body).to.deep.equal(fixture);
  });

  it("the same seed gives the same fixture", async () => {
    const first = await startEmulator({ seed: 7 });
    const second = await startEmulator({ seed: 7 });
    try {
      const { managementUrl: _a, observabilityUrl: _b, ...one } = first.fixture;
      const { managementUrl: _c, observabilityUrl: _d, ...two } = second.fixture;
      expect(one).to.deep.equal(two);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it("logs API requests (not control requests) with route, status, duration and start time", async () => {
    await harness.management("GET", harness.orgPath);
    await harness.observability("GET", "/api/v2/nothing");
    const entries = (await harness.control("GET", "/requests")).body;
    expect(entries).to.have.length(2);
    expect(entries[0]).to.include({
      method: "GET",
      path: harness.orgPath,
      route: "GET /v1/organizations/:organizationId",
      status: 200,
    });
    expect(entries[0].id).to.match(uuidV4);
    expect(entries[0].durationMs).to.be.a("number");
    expect(Date.parse(entries[0].startedAt)).to.be.a("number").and.not.NaN;
    expect(entries[1]).to.include({ status: 404 }).and.not.have.property("route");
    expect((await harness.control("DELETE", "/requests")).status).to.equal(204);
    expect((await harness.control("GET", "/requests")).body).to.deep.equal([]);
  });

  it("POST /reset puts the store back to the fixture", async () => {
    await harness.management("POST", `${harness.orgPath}/keys`, {
      body: { name: "extra", roles: ["admin"] },
    });
    expect((await harness.control("POST", "/reset")).status).to.equal(204);
    const keys = expectManagementSuccess(await harness.management("GET", `${harness.orgPath}/keys`));
    expect(keys).to.have.length(1);
  });

  it("settings can be read and changed, and bad settings are refused", async () => {
    const defaults = {
      rateLimits: false,
      provisioningDelayMs: 0,
      reversePrivateEndpointOutcome: "Ready",
      awakeningDelayMs: 100,
      clockOffsetMs: 0,
      scheduledUpgrades: true,
    };
    expect((await harness.control("GET", "/settings")).body).to.deep.equal(defaults);
    const changed = await harness.control("PUT", "/settings", {
      body: {
        provisioningDelayMs: 25,
        reversePrivateEndpointOutcome: "PendingAcceptance",
        awakeningDelayMs: 5,
        clockOffsetMs: -90_000,
        scheduledUpgrades: false,
      },
    });
    expect(changed.body).to.deep.equal({
      rateLimits: false,
      provisioningDelayMs: 25,
      reversePrivateEndpointOutcome: "PendingAcceptance",
      awakeningDelayMs: 5,
      clockOffsetMs: -90_000,
      scheduledUpgrades: false,
    });
    await harness.control("PUT", "/settings", { body: defaults });
    for (const body of [
      { provisioningDelayMs: -1 },
      { rateLimits: "yes" },
      { speed: 1 },
      { reversePrivateEndpointOutcome: "Provisioning" },
      { reversePrivateEndpointOutcome: "Deleting" },
      { awakeningDelayMs: 1.5 },
      { clockOffsetMs: 1.5 },
      { clockOffsetMs: "-1m" },
      { scheduledUpgrades: "no" },
    ]) {
      const refused = await harness.control("PUT", "/settings", { body });
      expect(refused.status, JSON.stringify(body)).to.equal(400);
      expect(refused.body).to.have.property("error");
    }
  });

  it("clockOffsetMs sets the emulator's clock off this machine's for the createdAt it writes", async () => {
    const expectDatedWith = async (clockOffsetMs: number) => {
      await harness.control("PUT", "/settings", { body: { clockOffsetMs } });
      const sentAt = Date.now();
      const response = await harness.management("POST", `${harness.orgPath}/keys`, {
        body: { name: `clock ${clockOffsetMs}`, roles: ["developer"] },
      });
      const answeredAt = Date.now();
      const created = expectManagementSuccess(response) as { key: { createdAt: string } };
      // Dated between the send and the answer, moved by the offset.
      expect(Date.parse(created.key.createdAt)).to.be.within(
        sentAt + clockOffsetMs,
        answeredAt + clockOffsetMs,
      );
    };
    try {
      await expectDatedWith(-600_000);
      await expectDatedWith(0);
    } finally {
      await harness.control("PUT", "/settings", { body: { clockOffsetMs: 0 } });
    }
  });

  it("an emulator bound to every IPv4 address gives a loopback URL", async () => {
    const emulator = await startEmulator({ host: "0.0.0.0" });
    try {
      expect(emulator.url).to.match(/^http:\/\/127\.0\.0\.1:\d+$/);
    } finally {
      await emulator.close();
    }
  });

  it("deleting an unknown dashboard, saved search or alert silence is a 404 naming it", async () => {
    const refusals = [
      [await harness.control("DELETE", "/dashboards/nope"), "Dashboard nope not found"],
      [await harness.control("DELETE", "/saved-searches/nope"), "Saved search nope not found"],
      [await harness.control("DELETE", "/alerts/nope/silence"), "Alert nope not found"],
    ] as const;
    for (const [response, error] of refusals)
      expect([response.status, response.body]).to.deep.equal([404, { error }]);
  });

  it("deleting a dashboard or saved search deletes only that one", async () => {
    for (const [path, list] of [
      ["/dashboards", harness.fixture.dashboards],
      ["/saved-searches", harness.fixture.savedSearches],
    ] as const) {
      expect(list.length, path).to.be.greaterThan(1);
      const [first, second] = list.map((object) => object.id);
      expect((await harness.control("DELETE", `${path}/${first}`)).status).to.equal(204);
      expect((await harness.control("DELETE", `${path}/${first}`)).status).to.equal(404);
      // The other one is still there to delete.
      expect((await harness.control("DELETE", `${path}/${second}`)).status).to.equal(204);
    }
  });
});
