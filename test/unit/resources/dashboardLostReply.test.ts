import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { providerOf } from "../../support/providers";
import { providerSession } from "../../../provider/host/session";
import { sharedEmulator } from "../../support/emulator";
import { emulatorConfigureRequest } from "../../support/providerConfig";
import { withProgressLines } from "../../support/progressLines";
import { quickSleeps } from "../../support/quickSleeps";

const dashboardsRoute = "POST /api/v2/dashboards";

/**
 * A dashboard's create whose reply is lost: the API dates no dashboard, so the dashboards listed before the create
 * tell the one it made from an older one of the same name; the progress line names the dashboard.
 */
describe("DashboardProvider: a create whose reply is lost", function () {
  quickSleeps();
  this.timeout(30_000);
  let emulator: RunningEmulator;
  const provider = providerOf("Dashboard");
  let runId = 0;

  const inputs = (name: string): Record<string, unknown> => ({
    name,
    tiles: [
      {
        name: "Errors",
        x: 0,
        y: 0,
        w: 12,
        h: 4,
        config: {
          displayType: "line",
          sourceId: emulator.fixture.sources[0]!.id,
          select: [{ aggFn: "count" }],
        },
      },
    ],
  });
  const uniqueName = () => `lost reply ${process.pid}-${Date.now()}-${++runId}`;
  const named = async (name: string) =>
    (await providerSession.observability().dashboards.list()).filter((dashboard) => dashboard.name === name);

  before(async () => {
    emulator = await sharedEmulator();
    await provider.configure(await emulatorConfigureRequest());
  });

  afterEach(async () => {
    await emulator.control.clearFaults();
  });

  it("adopts the dashboard the lost reply made, not an older one of the same name, and says so naming it", async () => {
    const name = uniqueName();
    const twin = await provider.create(inputs(name));
    await emulator.control.setFaults({
      script: [{ route: dashboardsRoute, kinds: ["dropAfterProcessing"] }],
    });
    await emulator.control.clearRequests();
    const { result: created, lines } = await withProgressLines(() => provider.create(inputs(name)));
    expect(created.id).to.not.equal(twin.id);
    expect((await named(name)).map((dashboard) => dashboard.id).sort()).to.deep.equal(
      [twin.id, created.id].sort(),
    );
    const posts = (await emulator.control.requests()).filter((entry) => entry.route === dashboardsRoute);
    expect(posts).to.have.length(1);
    expect(lines.join("\n")).to.include(
      `the reply to creating dashboard "${name}" was lost; the API shows it was made (${created.id})`,
    );
    await provider.delete(twin.id, twin.outs);
    await provider.delete(created.id, created.outs);
  });
});
