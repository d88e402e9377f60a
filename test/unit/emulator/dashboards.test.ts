/**
 * The emulator's dashboards, as HyperDX's external API v2 serves them: tiles given new ids on a create and keeping
 * known ids on a PUT, the sources they name checked, what a PUT keeps, the alerts of removed tiles and of a deleted
 * dashboard deleted with them, the plain-text 404, and the fixture's dashboards in full.
 */
import { expect } from "chai";
import { tileAlertBody } from "../../support/alertBodies";
import { EmulatorHarness, expectObservabilityInvalid, type Json } from "../../support/httpRequests";

const dashboards = "/api/v2/dashboards";
const place = { x: 0, y: 0, w: 12, h: 4 };

for (const dialect of ["spec", "production"] as const) {
  describe(`emulator: dashboards (${dialect})`, () => {
    const harness = new EmulatorHarness({ dialect }).install();
    const logs = () => harness.fixture.sources[0]?.id as string;
    const lineTile = (name: string, extra: object = {}) => ({
      name,
      ...place,
      config: { displayType: "line", sourceId: logs(), select: [{ aggFn: "count" }] },
      ...extra,
    });
    const create = async (body: object): Promise<Json> => {
      const response = await harness.observability("POST", dashboards, { body });
      expect(response.status, response.text).to.equal(200);
      return response.body.data;
    };

    it("gives every tile a new id on a create, the ids sent dropped", async () => {
      const created = await create({
        name: "App",
        tiles: [lineTile("Errors", { id: "mine" }), lineTile("Latency")],
      });
      const ids = created.tiles.map((tile: Json) => tile.id);
      expect(ids[0]).to.not.equal("mine");
      for (const id of ids) expect(id).to.match(/^[0-9a-f]{24}$/);
      expect(created.tiles[0]).to.deep.include({ name: "Errors", ...place });
      expect(created).to.deep.include({ tags: [], filters: [], savedQuery: null });
      const got = await harness.observability("GET", `${dashboards}/${created.id}`);
      expect(got.body.data).to.deep.equal(created);
    });

    it("shows each tile's config with the fields the API fills in where the body left them out", async () => {
      const sql = {
        configType: "sql",
        connectionId: harness.fixture.connections[0]?.id,
        sqlTemplate: "SELECT 1",
      };
      const created = await create({
        name: "Defaults",
        tiles: [
          lineTile("Line"),
          lineTile("Set", {
            config: {
              displayType: "stacked_bar",
              sourceId: logs(),
              select: [{ aggFn: "count", where: "level:error", whereLanguage: "sql" }],
              fillNulls: false,
            },
          }),
          lineTile("Search", { config: { displayType: "search", sourceId: logs(), select: "Body" } }),
          lineTile("Note", { config: { displayType: "markdown" } }),
          lineTile("Sql", { config: { ...sql, displayType: "line" } }),
        ],
      });
      const got = await harness.observability("GET", `${dashboards}/${created.id}`);
      for (const shown of [created, got.body.data]) {
        expect(shown.tiles.map((tile: Json) => tile.config)).to.deep.equal([
          {
            displayType: "line",
            sourceId: logs(),
            select: [{ aggFn: "count", where: "", whereLanguage: "lucene" }],
            asRatio: false,
            fillNulls: true,
          },
          {
            displayType: "stacked_bar",
            sourceId: logs(),
            select: [{ aggFn: "count", where: "level:error", whereLanguage: "sql" }],
            asRatio: false,
            fillNulls: false,
          },
          { displayType: "search", sourceId: logs(), select: "Body", whereLanguage: "lucene" },
          { displayType: "markdown", markdown: "" },
          { ...sql, displayType: "line", fillNulls: true },
        ]);
      }
    });

    it("shows the fixture's dashboards with their tiles in full, and lists by name, descending", async () => {
      const [first] = harness.fixture.dashboards;
      const got = await harness.observability("GET", `${dashboards}/${first?.id}`);
      expect(got.body.data.tiles.map((tile: Json) => tile.id)).to.deep.equal(first?.tileIds);
      expect(got.body.data.tiles[0].config).to.include({ displayType: "line" });
      const listed = await harness.observability("GET", dashboards);
      const names = listed.body.data.map((dashboard: Json) => dashboard.name);
      expect(names).to.deep.equal([...names].sort().reverse());
      expect(listed.body).to.not.have.property("meta");
    });

    it("refuses a tile off the grid and a source the team does not have", async () => {
      expectObservabilityInvalid(
        await harness.observability("POST", dashboards, {
          body: { name: "x", tiles: [lineTile("t", { x: 24, w: 0 })] },
        }),
        "tiles.0.x",
        "tiles.0.w",
      );
      const unknown = "0".repeat(24);
      const missing = await harness.observability("POST", dashboards, {
        body: {
          name: "x",
          tiles: [
            lineTile("t", {
              config: { displayType: "line", sourceId: unknown, select: [{ aggFn: "count" }] },
            }),
          ],
        },
      });
      expect([missing.status, missing.body]).to.deep.equal([
        400,
        { message: `Could not find the following source IDs: ${unknown}` },
      ]);
    });

    it("names every source the team does not have, comma-separated", async () => {
      const [first, second] = ["1".repeat(24), "2".repeat(24)];
      const tile = (sourceId: string) =>
        lineTile("t", { config: { displayType: "line", sourceId, select: [{ aggFn: "count" }] } });
      const missing = await harness.observability("POST", dashboards, {
        body: { name: "x", tiles: [tile(first), tile(second)] },
      });
      expect([missing.status, missing.body]).to.deep.equal([
        400,
        { message: `Could not find the following source IDs: ${first}, ${second}` },
      ]);
    });

    it("refuses a filter on a source the team does not have", async () => {
      const unknown = "3".repeat(24);
      const filter = {
        type: "QUERY_EXPRESSION",
        name: "Service",
        expression: "ServiceName",
        sourceId: unknown,
      };
      const missing = await harness.observability("POST", dashboards, {
        body: { name: "x", tiles: [lineTile("t")], filters: [filter] },
      });
      expect([missing.status, missing.body]).to.deep.equal([
        400,
        { message: `Could not find the following source IDs: ${unknown}` },
      ]);
    });

    it("a DELETE takes only the dashboard it names", async () => {
      const [kept, gone] = [
        await create({ name: "kept", tiles: [] }),
        await create({ name: "gone", tiles: [] }),
      ];
      await harness.observability("DELETE", `${dashboards}/${gone.id}`);
      const listed = await harness.observability("GET", dashboards);
      const ids = listed.body.data.map((dashboard: Json) => dashboard.id as string);
      expect(ids).to.include(kept.id).and.not.include(gone.id);
      expect((await harness.observability("GET", `${dashboards}/${kept.id}`)).body.data.name).to.equal(
        "kept",
      );
    });

    it("gives a saved query sent without a language Lucene", async () => {
      const created = await create({ name: "Errors", tiles: [], savedQuery: "level:error" });
      expect(created).to.include({ savedQuery: "level:error", savedQueryLanguage: "lucene" });
    });

    it("lists dashboards by name, descending, whatever order they were made in", async () => {
      for (const name of ["zz-b", "zz-c", "zz-a", "zz-d"]) await create({ name, tiles: [] });
      const listed = await harness.observability("GET", dashboards);
      const names = listed.body.data
        .map((dashboard: Json) => dashboard.name as string)
        .filter((name: string) => name.startsWith("zz-"));
      expect(names).to.deep.equal(["zz-d", "zz-c", "zz-b", "zz-a"]);
    });

    it("drops a field a tile does not have", async () => {
      const created = await create({ name: "App", tiles: [lineTile("Errors", { colour: "red" })] });
      expect(created.tiles[0]).to.not.have.property("colour");
      expect(created.tiles[0]).to.include({ name: "Errors" });
    });

    it("refuses a path id that is no object id, a valid body's answer naming only the id", async () => {
      const response = await harness.observability("PUT", `${dashboards}/nope`, {
        body: { name: "x", tiles: [] },
      });
      expect([response.status, response.body]).to.deep.equal([
        400,
        { message: "Params validation failed: id: Invalid ObjectId" },
      ]);
    });

    it("a PUT keeps known tile ids, keeps tags it does not carry, and deletes the alerts of removed tiles", async () => {
      const created = await create({
        name: "App",
        tags: ["kept"],
        tiles: [lineTile("Errors"), lineTile("Latency")],
      });
      const [errors, latency] = created.tiles as Json[];
      const alertOn = async (tileId: string) => {
        const response = await harness.observability("POST", "/api/v2/alerts", {
          body: { ...tileAlertBody(harness.fixture), dashboardId: created.id, tileId },
        });
        expect(response.status, response.text).to.equal(200);
        return response.body.data.id as string;
      };
      const onErrors = await alertOn(errors.id);
      const onLatency = await alertOn(latency.id);
      const put = await harness.observability("PUT", `${dashboards}/${created.id}`, {
        body: {
          name: "App v2",
          tiles: [lineTile("Errors renamed", { id: errors.id }), lineTile("New", { id: "fresh" })],
        },
      });
      expect(put.status, put.text).to.equal(200);
      expect(put.body.data.name).to.equal("App v2");
      expect(put.body.data.tags).to.deep.equal(["kept"]);
      expect(put.body.data.tiles[0]).to.include({ id: errors.id, name: "Errors renamed" });
      expect(put.body.data.tiles[1].id).to.match(/^[0-9a-f]{24}$/);
      expect((await harness.observability("GET", `/api/v2/alerts/${onErrors}`)).status).to.equal(200);
      expect((await harness.observability("GET", `/api/v2/alerts/${onLatency}`)).status).to.equal(404);
    });

    it("refuses a filter id on a create and needs one on a PUT", async () => {
      const filter = {
        type: "QUERY_EXPRESSION",
        name: "Service",
        expression: "ServiceName",
        sourceId: logs(),
      };
      expectObservabilityInvalid(
        await harness.observability("POST", dashboards, {
          body: { name: "x", tiles: [], filters: [{ ...filter, id: "f" }] },
        }),
        "filters.0: Unrecognized key(s) in object: 'id'",
      );
      const created = await create({ name: "x", tiles: [], filters: [filter] });
      expectObservabilityInvalid(
        await harness.observability("PUT", `${dashboards}/${created.id}`, {
          body: { name: "x", tiles: [], filters: [filter] },
        }),
        "filters.0.id: Required",
      );
      const kept = await harness.observability("PUT", `${dashboards}/${created.id}`, {
        body: { name: "x", tiles: [], filters: [{ ...filter, id: created.filters[0].id }] },
      });
      expect(kept.body.data.filters[0].id).to.equal(created.filters[0].id);
    });

    it("answers a missing dashboard with a plain-text Not Found, and a DELETE with {} whether or not it existed", async () => {
      const created = await create({ name: "short-lived", tiles: [lineTile("t")] });
      const alert = await harness.observability("POST", "/api/v2/alerts", {
        body: { ...tileAlertBody(harness.fixture), dashboardId: created.id, tileId: created.tiles[0].id },
      });
      const deleted = await harness.observability("DELETE", `${dashboards}/${created.id}`);
      expect([deleted.status, deleted.body]).to.deep.equal([200, {}]);
      expect((await harness.observability("GET", `/api/v2/alerts/${alert.body.data.id}`)).status).to.equal(
        404,
      );
      const again = await harness.observability("DELETE", `${dashboards}/${created.id}`);
      expect([again.status, again.body]).to.deep.equal([200, {}]);
      const got = await harness.observability("GET", `${dashboards}/${created.id}`);
      expect([got.status, got.text, got.headers.get("content-type")]).to.deep.equal([
        404,
        "Not Found",
        "text/plain; charset=utf-8",
      ]);
      const put = await harness.observability("PUT", `${dashboards}/${created.id}`, {
        body: { name: "x", tiles: [] },
      });
      expect([put.status, put.text]).to.deep.equal([404, "Not Found"]);
    });
  });
}
