import { expect } from "chai";
import type { AlertCreateRequest } from "../../provider/rest/observability";
import { observabilityClientFor } from "../support/clients";
import { useEmulator } from "../support/emulator";
import { apiErrorOf, loggedRequests, testOptions } from "./harness";

describe("observability client against the emulator", () => {
  const setup = useEmulator();
  const logs: string[] = [];
  const client = () => observabilityClientFor(setup.emulator.fixture, testOptions(logs));

  function tileAlert(): AlertCreateRequest {
    const { dashboards, webhooks } = setup.emulator.fixture;
    return {
      name: "p95 latency",
      threshold: 250,
      interval: "5m",
      source: "tile",
      thresholdType: "above",
      channel: { type: "webhook", webhookId: webhooks[0]!.id },
      dashboardId: dashboards[0]!.id,
      tileId: dashboards[0]!.tileIds[0]!,
    };
  }

  it("creates, lists, gets, replaces and deletes an alert, unwrapping data", async () => {
    const alerts = client().alerts;
    const created = await alerts.create(tileAlert());
    expect(created).to.include({ name: "p95 latency", threshold: 250, source: "tile", state: "inactive" });
    expect(created.dashboard).to.equal(setup.emulator.fixture.dashboards[0]!.id);
    expect((await alerts.list()).map((a) => a.id)).to.deep.equal([created.id]);
    expect((await alerts.get(created.id)).id).to.equal(created.id);
    const search = setup.emulator.fixture.savedSearches[0]!.id;
    const replaced = await alerts.replace(created.id, {
      threshold: 3,
      interval: "1h",
      source: "search",
      thresholdType: "below",
      channel: tileAlert().channel,
      savedSearchId: search,
    });
    expect(replaced).to.include({ id: created.id, source: "search", savedSearch: search, threshold: 3 });
    await alerts.delete(created.id);
    expect(await loggedRequests(setup.emulator)).to.deep.equal([
      "POST /api/v2/alerts 200",
      "GET /api/v2/alerts 200",
      `GET /api/v2/alerts/${created.id} 200`,
      `PUT /api/v2/alerts/${created.id} 200`,
      `DELETE /api/v2/alerts/${created.id} 200`,
    ]);
  });

  it("queries chart series and returns the rows", async () => {
    const sources = setup.emulator.fixture.sources;
    const endTime = Date.UTC(2026, 0, 1, 12);
    const rows = await client().charts.querySeries({
      series: [
        { sourceId: sources[0]!.id, aggFn: "count", where: "", groupBy: [] },
        {
          sourceId: sources[1]!.id,
          aggFn: "quantile",
          level: 0.95,
          field: "Duration",
          where: "service = 'api'",
          whereLanguage: "sql",
          groupBy: [],
        },
      ],
      startTime: endTime - 3_600_000,
      endTime,
      granularity: "5m",
    });
    expect(rows.length).to.be.within(12, 13);
    for (const row of rows) {
      expect(row.ts_bucket % 300_000).to.equal(0);
      expect(row["series_0.data"]).to.be.a("number");
      expect(row["series_1.data"]).to.be.a("number");
    }
  });

  it("reports the {message} body of a 400 and of a 404", async () => {
    const bad = await apiErrorOf(
      client().alerts.create({ ...tileAlert(), dashboardId: "0123456789abcdef01234567" }),
    );
    expect(bad).to.include({ status: 400, code: "BAD_REQUEST", api: "observability" });
    expect(bad.detail).to.equal("Dashboard not found");
    const missing = await apiErrorOf(client().alerts.get("0123456789abcdef01234567"));
    expect(missing).to.include({ status: 404, code: "NOT_FOUND", detail: "Alert not found" });
    expect(missing.message).to.contain("alert 0123456789abcdef01234567 was not found");
  });

  it("reports the plain-text 401 with the token setting to fix", async () => {
    const wrong = observabilityClientFor(
      { ...setup.emulator.fixture, observabilityToken: "wrong-token" },
      testOptions(logs),
    );
    const error = await apiErrorOf(wrong.alerts.list());
    expect(error).to.include({ status: 401, code: "UNAUTHORIZED", detail: "Unauthorized" });
    expect(error.message).to.contain("observability:apiToken").and.contain("OBSERVABILITY_API_TOKEN");
    expect(error.message).not.to.contain("wrong-token");
  });
});
