import * as path from "node:path";
import { expect } from "chai";
import { ObservabilityClient, isNotFound } from "../../provider/rest";
import { LocalStack } from "../../scripts/lib/localStack";
import { emulatorStackConfig, sharedEmulator } from "../support/emulator";

const projectDir = path.resolve(__dirname, "../../../test/e2e/programs/series");
const programModule = path.join(__dirname, "programs", "series", "index.js");
const day = 86_400_000;
// A fixed week, so the expected peak can be computed independently of the program.
const startTime = Date.UTC(2025, 2, 3);
const endTime = startTime + 7 * day;

describe("getSeriesOutput through the real engine", function () {
  this.timeout(300_000);
  let stack: LocalStack;
  let api: ObservabilityClient;
  let sourceId: string;

  before(async () => {
    const { fixture } = await sharedEmulator();
    api = new ObservabilityClient({ apiUrl: fixture.observabilityUrl, apiToken: fixture.observabilityToken });
    sourceId = fixture.sources[0].id;
    const dashboard = fixture.dashboards[1];
    stack = await LocalStack.create({
      projectDir,
      programModule,
      config: {
        ...(await emulatorStackConfig()),
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

  it("up exports last week's peak and makes it the alert's threshold", async () => {
    const outputs = await stack.up();
    const rows = await api.charts.querySeries({
      series: [{ sourceId, aggFn: "p95" }],
      startTime,
      endTime,
      granularity: "1d",
    });
    const expectedPeak = Math.max(...rows.map((row) => row["series_0.data"]));
    expect(outputs.bucketCount.value).to.equal(7);
    expect(outputs.weeklyPeak.value).to.equal(expectedPeak);
    expect(outputs.alertThreshold.value).to.equal(expectedPeak);
    expect((await api.alerts.get(String(outputs.alertId.value))).threshold).to.equal(expectedPeak);
  });

  it("preview runs the query again and finds nothing to change", async () => {
    const { control } = await sharedEmulator();
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
    const gone = await api.alerts.get(alertId).then(
      () => false,
      (error: unknown) => isNotFound(error),
    );
    expect(gone).to.equal(true);
  });
});
