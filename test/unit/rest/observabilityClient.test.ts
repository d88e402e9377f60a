import { expect } from "chai";
import {
  SeriesSourceNotFoundError,
  type AlertCreateRequest,
  type SeriesQueryRequest,
} from "../../../provider/rest/observability";
import { observabilityClientFor } from "../../support/clients";
import { useEmulator } from "../../support/emulator";
import { CannedServer, type CannedResponse } from "../../support/cannedServer";
import { apiErrorOf, loggedRequests, testOptions } from "../../support/restHarness";

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
    expect(bad.message).to.contain('rejected the request for a new alert "p95 latency": Dashboard not found');
    const unnamed: AlertCreateRequest = { ...tileAlert(), dashboardId: "0123456789abcdef01234567" };
    delete unnamed.name;
    const badUnnamed = await apiErrorOf(client().alerts.create(unnamed));
    expect(badUnnamed.message).to.contain("rejected the request for a new alert: Dashboard not found");
    const missing = await apiErrorOf(client().alerts.get("0123456789abcdef01234567"));
    expect(missing).to.include({ status: 404, code: "NOT_FOUND", detail: "Alert not found" });
    expect(missing.message).to.contain("alert 0123456789abcdef01234567 was not found");
  });

  it("names the series whose source the API does not have, as a SeriesSourceNotFoundError", async () => {
    const sources = setup.emulator.fixture.sources;
    const missing = "0123456789abcdef01234567";
    const endTime = Date.UTC(2026, 0, 1, 12);
    const error = await client()
      .charts.querySeries({
        series: [
          { sourceId: sources[0]!.id, aggFn: "count", where: "", groupBy: [] },
          { sourceId: missing, aggFn: "count", where: "", groupBy: [] },
        ],
        startTime: endTime - 3_600_000,
        endTime,
      })
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(SeriesSourceNotFoundError);
    expect(String(error)).to.equal(
      `SeriesSourceNotFoundError: series[1].sourceId "${missing}" names a source the observability API does not ` +
        'have: "Source not found for series 1" (404 from POST /api/v2/charts/series). Check the source\'s id; ' +
        "the source may have been deleted.",
    );
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

describe("observability client: 404s of the series query the emulator does not send", () => {
  let server: CannedServer;
  let next: CannedResponse;
  beforeEach(async () => {
    server = await new CannedServer(() => next).start();
  });
  afterEach(async () => {
    await server.stop();
  });
  const query: SeriesQueryRequest = {
    series: [{ sourceId: "65f5e4a3b9e77c001a123456", aggFn: "count", where: "", groupBy: [] }],
    startTime: 1_740_960_000_000,
    endTime: 1_741_046_400_000,
  };
  const querySeries = () =>
    observabilityClientFor(server.url, testOptions([], { retry: { maxAttempts: 1 } })).charts.querySeries(
      query,
    );

  it("a 404 that names no series, or more after its number, stays the API error it is", async () => {
    for (const body of [{ message: "Not Found" }, { error: "Source not found for series 0; see the logs" }]) {
      next = { status: 404, body: JSON.stringify(body) };
      const error = await querySeries().catch((e: unknown) => e);
      expect(error).not.to.be.instanceOf(SeriesSourceNotFoundError);
      expect(error).to.include({ name: "ApiError", status: 404 });
    }
  });

  it("a 404 naming a series the query does not have names that position and no source", async () => {
    next = { status: 404, body: JSON.stringify({ error: "Source not found for series 12" }) };
    const error = await querySeries().catch((e: unknown) => e);
    expect(error).to.be.instanceOf(SeriesSourceNotFoundError);
    expect(error).to.include({ seriesIndex: 12, sourceId: undefined });
    expect((error as Error).message).to.match(/^series\[12\]\.sourceId undefined names a source /);
  });
});
