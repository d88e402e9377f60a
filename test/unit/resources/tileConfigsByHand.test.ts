/**
 * Dashboard tile configs as the API shows them, written out by hand for every display type from HyperDX's
 * converter (`packages/api/src/routers/external-api/v2/utils/dashboards.ts`, `convertToExternalTileChartConfig` and
 * `convertToExternalSelectItem`), never computed by the function the emulator and the provider share. A config the
 * program writes without the fields the API fills in reads back with them, and that is no change.
 */
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { CannedServer } from "../../support/cannedServer";
import { sharedEmulator } from "../../support/emulator";
import { configureKindsForCannedServer, emulatorConfigureRequest } from "../../support/providerConfig";
import { providerOf } from "../../support/providers";

type Config = Record<string, unknown>;

const sourceId = "65f0c1d2e3a4b5c6d7e8f901";
const connectionId = "65f0c1d2e3a4b5c6d7e8f902";

/** Each display type: what a program writes, and the config the API shows for it, by hand. */
function cases(source: string): Array<{ displayType: string; written: Config; shown: Config }> {
  return [
    {
      displayType: "table",
      written: {
        displayType: "table",
        sourceId: source,
        select: [{ aggFn: "count" }],
        groupBy: "ServiceName",
      },
      shown: {
        displayType: "table",
        sourceId: source,
        asRatio: false,
        select: [{ aggFn: "count", where: "", whereLanguage: "lucene" }],
        groupBy: "ServiceName",
      },
    },
    {
      displayType: "number",
      written: {
        displayType: "number",
        sourceId: source,
        select: [{ aggFn: "avg", valueExpression: "Duration", where: "level:error" }],
      },
      shown: {
        displayType: "number",
        sourceId: source,
        select: [
          { aggFn: "avg", valueExpression: "Duration", where: "level:error", whereLanguage: "lucene" },
        ],
      },
    },
    {
      displayType: "pie",
      written: {
        displayType: "pie",
        sourceId: source,
        select: [{ aggFn: "count", whereLanguage: "sql" }],
        groupBy: "ServiceName",
      },
      shown: {
        displayType: "pie",
        sourceId: source,
        select: [{ aggFn: "count", where: "", whereLanguage: "sql" }],
        groupBy: "ServiceName",
      },
    },
    {
      displayType: "bar",
      written: { displayType: "bar", sourceId: source, select: [{ aggFn: "max", valueExpression: "Bytes" }] },
      shown: {
        displayType: "bar",
        sourceId: source,
        select: [{ aggFn: "max", valueExpression: "Bytes", where: "", whereLanguage: "lucene" }],
      },
    },
    {
      displayType: "heatmap",
      written: { displayType: "heatmap", sourceId: source, select: [{ valueExpression: "Duration" }] },
      shown: {
        displayType: "heatmap",
        sourceId: source,
        select: [{ valueExpression: "Duration" }],
        where: "",
        whereLanguage: "lucene",
      },
    },
    {
      displayType: "event_patterns",
      written: { displayType: "event_patterns", sourceId: source },
      shown: {
        displayType: "event_patterns",
        sourceId: source,
        select: "",
        where: "",
        whereLanguage: "lucene",
      },
    },
    {
      displayType: "SQL table",
      written: {
        configType: "sql",
        displayType: "table",
        connectionId,
        sqlTemplate: "SELECT ServiceName, count() FROM otel_logs GROUP BY ServiceName",
      },
      // A raw SQL table is shown as it was given: neither asRatio nor fillNulls.
      shown: {
        configType: "sql",
        displayType: "table",
        connectionId,
        sqlTemplate: "SELECT ServiceName, count() FROM otel_logs GROUP BY ServiceName",
      },
    },
  ];
}

const tilesOf = (configs: Config[]) =>
  configs.map((config, index) => ({ name: `Tile ${index}`, x: 0, y: index * 4, w: 12, h: 4, config }));

describe("dashboard tile configs as the API shows them, written by hand for every display type", function () {
  this.timeout(30_000);
  const dashboards = providerOf("Dashboard");

  describe("against the emulator", () => {
    let emulator: RunningEmulator;
    before(async () => {
      emulator = await sharedEmulator();
      await dashboards.configure(await emulatorConfigureRequest());
    });

    it("shows each config with the API's fields filled in, and the program's configs are no change", async () => {
      const all = cases(emulator.fixture.sources[0].id).filter((c) => c.displayType !== "SQL table");
      const inputs = {
        name: `By hand ${process.pid}-${Date.now()}`,
        tiles: tilesOf(all.map((c) => c.written)),
      };
      const created = await dashboards.create(inputs);
      try {
        const shown = (created.outs.tiles as Array<{ config: Config }>).map((tile) => tile.config);
        all.forEach((c, index) => expect(shown[index], c.displayType).to.deep.equal(c.shown));
        expect((await dashboards.diff(created.id, created.outs, inputs)).changes).to.equal(false);
        const read = await dashboards.read(created.id, created.outs);
        expect((await dashboards.diff(created.id, read.props, inputs)).changes, "after a refresh").to.equal(
          false,
        );
      } finally {
        await dashboards.delete(created.id, created.outs);
      }
    });
  });

  describe("against a canned answer of the real API", () => {
    const dashboardId = "65f0c1d2e3a4b5c6d7e8f9aa";
    let server: CannedServer;
    let restore: () => Promise<void>;
    let tiles: Array<Record<string, unknown>>;

    before(async () => {
      server = await new CannedServer(() => ({
        status: 200,
        body: JSON.stringify({ data: { id: dashboardId, name: "Checkout", tiles, tags: [], filters: [] } }),
      })).start();
      restore = await configureKindsForCannedServer(
        ["Dashboard"],
        server.url,
        "0f8e5a52-6c1d-4a7e-9d0b-3c2f1e4d5a6b",
      );
    });
    after(async () => {
      await server.stop();
      await restore();
    });

    it("a table tile shown with asRatio false, a program that leaves it out: a refresh finds no change", async () => {
      const all = cases(sourceId);
      tiles = all.map((c, index) => ({
        id: `65f0c1d2e3a4b5c6d7e8f9${String(index).padStart(2, "0")}`,
        name: `Tile ${index}`,
        x: 0,
        y: index * 4,
        w: 12,
        h: 4,
        config: c.shown,
      }));
      const inputs = { name: "Checkout", tiles: tilesOf(all.map((c) => c.written)) };
      const read = await dashboards.read(dashboardId, {});
      expect((read.props.tiles as Array<{ config: Config }>)[0].config).to.deep.include({ asRatio: false });
      expect((await dashboards.diff(dashboardId, read.props, inputs)).changes).to.equal(false);
      // The same answer with a table that is a ratio is a change the program must see.
      const ratio = {
        ...inputs,
        tiles: tilesOf([{ ...all[0].written, asRatio: true }, ...all.slice(1).map((c) => c.written)]),
      };
      expect((await dashboards.diff(dashboardId, read.props, ratio)).changes).to.equal(true);
    });
  });
});
