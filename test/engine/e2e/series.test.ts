import { expect } from "chai";
import { LocalStack } from "../../../scripts/lib/localStack";
import { send } from "../../support/httpRequests";
import { emulatorStackConfig, forEachDialect, sharedEmulator } from "../../support/emulator";
import { testProgram } from "../../support/programs";

const { projectDir, programModule } = testProgram("e2e", "series");
const day = 86_400_000;
// A fixed week, so the expected peak can be computed independently of the program.
const startTime = Date.UTC(2025, 2, 3);
const endTime = startTime + 7 * day;

forEachDialect((dialect) =>
  describe(`getSeriesOutput through the real engine (${dialect} wire)`, function () {
    this.timeout(300_000);
    let stack: LocalStack;
    let sourceId: string;
    /** A request straight to the emulator, as the API's documentation shows it: no code of the provider involved. */
    let observability: (method: string, path: string, body?: unknown) => ReturnType<typeof send>;

    before(async () => {
      const { fixture } = await sharedEmulator(dialect);
      observability = (method, path, body) =>
        send(`${fixture.observabilityUrl}${path}`, method, {
          headers: { authorization: `Bearer ${fixture.observabilityToken}` },
          body,
        });
      sourceId = fixture.sources[0].id;
      const dashboard = fixture.dashboards[1];
      stack = await LocalStack.create({
        projectDir,
        programModule,
        config: {
          ...(await emulatorStackConfig(dialect)),
          "e2e:sourceId": { value: sourceId },
          "e2e:startTime": { value: String(startTime) },
          "e2e:endTime": { value: String(endTime) },
          "e2e:name": { value: `e2e-series-${process.pid}-${Date.now().toString(36)}` },
          "e2e:dashboardId": { value: dashboard.id },
          "e2e:tileId": { value: dashboard.tileIds[0] },
          "e2e:webhookId": { value: fixture.webhooks[0].id },
        },
      });
    });

    after(async () => {
      await stack?.dispose();
    });

    /** The daily peak of last week's quantile of Duration at `level`, from the API's own rows. */
    async function dailyPeak(level: number): Promise<number> {
      const response = await observability("POST", "/api/v2/charts/series", {
        series: [{ sourceId, aggFn: "quantile", level, field: "Duration", where: "", groupBy: [] }],
        startTime,
        endTime,
        granularity: "1d",
      });
      expect(response.status, response.text).to.equal(200);
      const rows = response.body.data as Array<Record<string, number>>;
      expect(rows).to.have.length(7);
      return Math.max(...rows.map((row) => row["series_0.data"]));
    }

    it("up exports last week's 95th-percentile peak and makes it the alert's threshold", async () => {
      const outputs = await stack.up();
      const expectedPeak = await dailyPeak(0.95);
      // The level reached the API: the median's peak is another number.
      expect(await dailyPeak(0.5)).to.not.equal(expectedPeak);
      expect(outputs.bucketCount.value).to.equal(7);
      expect(outputs.weeklyPeak.value).to.equal(expectedPeak);
      expect(outputs.alertThreshold.value).to.equal(expectedPeak);
      const alert = await observability("GET", `/api/v2/alerts/${String(outputs.alertId.value)}`);
      expect(alert.body.data.threshold).to.equal(expectedPeak);
    });

    it("preview runs the query again and finds nothing to change", async () => {
      const { control } = await sharedEmulator(dialect);
      await control.clearRequests();
      expect(await stack.preview()).to.deep.equal({ same: 2 });
      const queries = (await control.requests()).filter(
        (entry) => entry.route === "POST /api/v2/charts/series",
      );
      expect(queries).to.have.length(1);
    });

    it("destroy removes the alert", async () => {
      const alertId = String((await stack.stack.outputs()).alertId.value);
      await stack.destroy();
      expect((await observability("GET", `/api/v2/alerts/${alertId}`)).status).to.equal(404);
    });
  }),
);
