import { expect } from "chai";
import { reportProgressWith } from "../../../provider/host/progress";
import { UNKNOWN } from "../../../provider/propertyEncoding";
import { providerOf } from "../../support/providers";
import { sharedEmulator } from "../../support/emulator";
import { emulatorConfigureRequest } from "../../support/providerConfig";
import { tileAlertBody } from "../../support/alertBodies";
import type { RunningEmulator } from "../../../emulator";

type Bag = Record<string, unknown>;

/**
 * A program that writes a tile id out (on a new dashboard's tile, or in an Alert on a dashboard made in the same run)
 * passes its checks and fails at `up` with "Tile not found", since the API gives a new dashboard's tiles ids of its
 * own: the preview says so, as a warning.
 */
describe("tile ids written in a program: a warning at preview", function () {
  this.timeout(30_000);
  let emulator: RunningEmulator;
  const alerts = providerOf("Alert");
  const dashboards = providerOf("Dashboard");
  let lines: string[];

  before(async () => {
    emulator = await sharedEmulator();
    await alerts.configure(await emulatorConfigureRequest());
    await dashboards.configure(await emulatorConfigureRequest());
  });
  beforeEach(() => {
    lines = [];
    reportProgressWith((label, message) => lines.push(`[${label}] ${message}`));
  });
  afterEach(() => {
    reportProgressWith((label, message) => console.error(`[${label}] ${message}`));
  });

  const alertInputs = (overrides: Bag): Bag => ({
    ...tileAlertBody(emulator.fixture),
    name: "Errors high",
    ...overrides,
  });
  const tile = (id?: string): Bag => ({
    ...(id === undefined ? {} : { id }),
    name: "Errors",
    x: 0,
    y: 0,
    w: 12,
    h: 4,
    config: { displayType: "line", sourceId: emulator.fixture.sources[0].id, select: [{ aggFn: "count" }] },
  });

  it("an Alert whose dashboard is made in this run and whose tileId is written out: warned, and the check passes", async () => {
    const outcome = await alerts.check({}, alertInputs({ dashboardId: UNKNOWN, tileId: "errors-tile" }));
    expect(outcome.failures ?? []).to.deep.equal([]);
    expect(lines).to.have.length(1);
    expect(lines[0])
      .to.match(/^\[Alert\] warning: tileId "errors-tile" is written in the program/)
      .and.include("the dashboard (dashboardId) is made in this run")
      .and.include('"Tile not found"')
      .and.include("tileIds output");
  });

  it("says nothing when the dashboard exists, or the tile id comes from the new dashboard's outputs", async () => {
    await alerts.check({}, alertInputs({}));
    await alerts.check({}, alertInputs({ dashboardId: UNKNOWN, tileId: UNKNOWN }));
    expect(lines).to.deep.equal([]);
  });

  it("a new dashboard's tile with an id: warned, naming the tile; an update of a dashboard is not", async () => {
    const news = { name: "App", tiles: [tile(), tile("my-tile")] };
    const outcome = await dashboards.check({}, news);
    expect(outcome.failures ?? []).to.deep.equal([]);
    expect(lines).to.have.length(1);
    expect(lines[0])
      .to.match(/^\[Dashboard\] warning: tiles\[1\]\.id: "my-tile" is not kept/)
      .and.include("tileIds output");
    lines = [];
    await dashboards.check({ name: "App", tiles: [tile("my-tile")] }, news);
    expect(lines).to.deep.equal([]);
  });

  it("a new dashboard's tile with an empty id has no id written out: no warning", async () => {
    await dashboards.check({}, { name: "App", tiles: [tile("")] });
    expect(lines).to.deep.equal([]);
  });
});
