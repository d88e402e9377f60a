/**
 * Every operation of the observability API needs its bearer token (Authorization: Bearer <token>): a request
 * without one, or with a wrong one, is refused with the real server's plain-text 401 and changes nothing, whatever
 * its method.
 */
import { expect } from "chai";
import { EmulatorHarness, send, type HttpResponse } from "../../support/httpRequests";

describe("emulator: observability requests without a valid token", () => {
  const harness = new EmulatorHarness().install();

  const tileAlertBody = () => ({
    threshold: 7,
    interval: "5m",
    source: "tile",
    thresholdType: "above",
    channel: { type: "webhook", webhookId: harness.fixture.webhooks[0].id },
    dashboardId: harness.fixture.dashboards[0].id,
    tileId: harness.fixture.dashboards[0].tileIds[0],
  });
  const seriesBody = () => ({
    series: [{ sourceId: harness.fixture.sources[0].id, aggFn: "count", where: "", groupBy: [] }],
    startTime: Date.UTC(2025, 2, 3),
    endTime: Date.UTC(2025, 2, 4),
    granularity: "1d",
  });

  const withoutToken: Array<[string, Record<string, string>]> = [
    ["no Authorization header", {}],
    ["a wrong token", { authorization: "Bearer not-the-token" }],
  ];

  function expectUnauthorized(response: HttpResponse): void {
    expect(response.status, response.text).to.equal(401);
    expect(response.headers.get("content-type")).to.match(/^text\/plain/);
    expect(response.text).to.equal("Unauthorized");
  }

  async function alertIds(): Promise<string[]> {
    const listed = await harness.observability("GET", "/api/v2/alerts");
    expect(listed.status, listed.text).to.equal(200);
    return (listed.body.data as Array<{ id: string }>).map((alert) => alert.id);
  }

  for (const [title, headers] of withoutToken) {
    describe(title, () => {
      const call = (method: string, path: string, body?: unknown) =>
        send(`${harness.emulator.url}${path}`, method, { headers, body });

      it("POST /api/v2/alerts is a 401 and creates no alert", async () => {
        expectUnauthorized(await call("POST", "/api/v2/alerts", tileAlertBody()));
        expect(await alertIds()).to.deep.equal([]);
      });

      it("PUT /api/v2/alerts/{id} is a 401 and leaves the alert as it was", async () => {
        const alert = await harness.createTileAlert();
        expectUnauthorized(
          await call("PUT", `/api/v2/alerts/${alert.id}`, { ...tileAlertBody(), threshold: 99 }),
        );
        const read = await harness.observability("GET", `/api/v2/alerts/${alert.id}`);
        expect(read.body.data.threshold).to.equal(5);
      });

      it("DELETE /api/v2/alerts/{id} is a 401 and the alert stays", async () => {
        const alert = await harness.createTileAlert();
        expectUnauthorized(await call("DELETE", `/api/v2/alerts/${alert.id}`));
        expect(await alertIds()).to.deep.equal([alert.id]);
      });

      it("GET /api/v2/alerts/{id} and GET /api/v2/alerts are 401s", async () => {
        const alert = await harness.createTileAlert();
        expectUnauthorized(await call("GET", `/api/v2/alerts/${alert.id}`));
        expectUnauthorized(await call("GET", "/api/v2/alerts"));
      });

      it("POST /api/v2/charts/series is a 401", async () => {
        expectUnauthorized(await call("POST", "/api/v2/charts/series", seriesBody()));
        // The same query with the token is answered, so the 401 above was the token's doing.
        const answered = await harness.observability("POST", "/api/v2/charts/series", { body: seriesBody() });
        expect(answered.status, answered.text).to.equal(200);
      });
    });
  }
});
