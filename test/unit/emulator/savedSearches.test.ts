/**
 * The emulator's saved searches, as HyperDX's external API v2 serves them: defaults filled in, the source checked, a
 * PUT that resets what it leaves out, a new filter that must render as one sidebar facet (a stored one may come
 * back unchanged), paging, and a DELETE that takes the alerts on the search with it.
 */
import { expect } from "chai";
import { searchAlertBody } from "../../support/alertBodies";
import { EmulatorHarness, expectObservabilityInvalid, type Json } from "../../support/httpRequests";

const searches = "/api/v2/saved-searches";

for (const dialect of ["spec", "production"] as const) {
  describe(`emulator: saved searches (${dialect})`, () => {
    const harness = new EmulatorHarness({ dialect }).install();
    const logs = () => harness.fixture.sources[0]?.id as string;
    const create = async (body: object): Promise<Json> => {
      const response = await harness.observability("POST", searches, { body });
      expect(response.status, response.text).to.equal(200);
      return response.body.data;
    };

    it("creates a saved search with the API's defaults, and gets it", async () => {
      const created = await create({ name: "  errors  ", sourceId: logs().toUpperCase() });
      expect(created).to.deep.include({
        name: "errors",
        sourceId: logs(),
        select: "",
        where: "",
        whereLanguage: "lucene",
        orderBy: "",
        tags: [],
        filters: [],
      });
      const got = await harness.observability("GET", `${searches}/${created.id}`);
      expect(got.body.data).to.deep.equal(created);
    });

    it("shows the fixture's saved searches in full, on their sources", async () => {
      const [first] = harness.fixture.savedSearches;
      const got = await harness.observability("GET", `${searches}/${first?.id}`);
      expect(got.body.data).to.include({ id: first?.id, name: first?.name, sourceId: logs() });
    });

    it("refuses a source the team does not have, and a body the schema refuses", async () => {
      const missing = await harness.observability("POST", searches, {
        body: { name: "x", sourceId: "0".repeat(24) },
      });
      expect([missing.status, missing.body]).to.deep.equal([
        400,
        { message: "sourceId must be an existing source id" },
      ]);
      expectObservabilityInvalid(
        await harness.observability("POST", searches, {
          body: { name: "x", sourceId: "logs", whereLanguage: "kql" },
        }),
        "sourceId: Invalid ObjectId",
        "whereLanguage",
      );
    });

    it("a PUT resets what it leaves out", async () => {
      const created = await create({ name: "errors", sourceId: logs(), where: "level:error", tags: ["app"] });
      const put = await harness.observability("PUT", `${searches}/${created.id}`, {
        body: { name: "errors", sourceId: logs(), select: "Body" },
      });
      expect(put.body.data).to.deep.include({ select: "Body", where: "", tags: [] });
    });

    it("a new filter must render as one sidebar facet; a stored one may come back unchanged", async () => {
      const facet = { type: "sql", condition: "ServiceName IN ('api', 'web')" };
      const created = await create({
        name: "facets",
        sourceId: logs(),
        filters: [{ condition: facet.condition }],
      });
      expect(created.filters).to.deep.equal([facet]);
      for (const condition of ["Duration > 5", "a IN ('x') AND b = 1", "NOT (a IN ('x'))"]) {
        const refused = await harness.observability("POST", searches, {
          body: { name: "bad", sourceId: logs(), filters: [facet, { type: "sql", condition }] },
        });
        expect(refused.status, condition).to.equal(400);
        expect(refused.body.message).to.match(/^filters\[1\] must be a sidebar-renderable SQL predicate/);
      }
      expect(
        (
          await create({
            name: "range",
            sourceId: logs(),
            filters: [{ condition: "Duration BETWEEN 1 AND 5" }],
          })
        ).filters,
      ).to.have.length(1);
    });

    it("refuses a filter that is no sidebar facet in the API's words", async () => {
      const refused = await harness.observability("POST", searches, {
        body: { name: "bad", sourceId: logs(), filters: [{ condition: "Duration > 5" }] },
      });
      expect([refused.status, refused.body]).to.deep.equal([
        400,
        {
          message:
            "filters[0] must be a sidebar-renderable SQL predicate " +
            `(e.g. "<column> IN ('<value>', ...)", "NOT IN (...)", or "BETWEEN <n> AND <n>"). ` +
            "Other shapes are only accepted on update when preserved unchanged from the stored saved search.",
        },
      ]);
    });

    it("takes each sidebar facet shape, however it is spaced", async () => {
      for (const condition of [
        "ServiceName NOT IN ('api')",
        "ServiceName NOT  IN ('api')",
        "ServiceName IN('api')",
        "  ServiceName IN ('api')  ",
        "ServiceName IN ('rock AND roll', 'x')",
        "Duration BETWEEN  10  AND  500",
      ]) {
        const response = await harness.observability("POST", searches, {
          body: { name: "facet", sourceId: logs(), filters: [{ type: "sql", condition }] },
        });
        expect(response.status, `${condition}: ${response.text}`).to.equal(200);
        expect(response.body.data.filters, condition).to.deep.equal([{ type: "sql", condition }]);
      }
    });

    it("refuses a new filter of two conjuncts, in Lucene, or comparing two expressions", async () => {
      for (const filter of [
        { type: "sql", condition: "ServiceName IN ('api') AND Level IN ('error')" },
        { type: "sql", condition: "Duration BETWEEN 1 AND 5 AND Level = 'error'" },
        { type: "lucene", condition: "ServiceName IN ('api')" },
        { type: "sql_ast", operator: "=", left: "ServiceName", right: "'api'" },
      ]) {
        const refused = await harness.observability("POST", searches, {
          body: { name: "bad", sourceId: logs(), filters: [filter] },
        });
        expect(refused.status, JSON.stringify(filter)).to.equal(400);
        expect(refused.body.message).to.match(/^filters\[0\] must be a sidebar-renderable SQL predicate/);
      }
    });

    it("a PUT refuses a new filter that is no facet, beside a stored facet", async () => {
      const facet = { type: "sql", condition: "ServiceName IN ('api')" };
      const created = await create({ name: "facets", sourceId: logs(), filters: [facet] });
      const put = await harness.observability("PUT", `${searches}/${created.id}`, {
        body: {
          name: "facets",
          sourceId: logs(),
          filters: [facet, { type: "sql", condition: "Duration > 5" }],
        },
      });
      expect(put.status).to.equal(400);
      expect(put.body.message).to.match(/^filters\[1\] must be a sidebar-renderable SQL predicate/);
    });

    it("refuses a source id that is no string as such, not as an invalid object id", async () => {
      const response = await harness.observability("POST", searches, { body: { name: "x", sourceId: 5 } });
      expect(response.status).to.equal(400);
      expect(response.body.message).to.match(
        /^Body validation failed: sourceId: Expected string(, received \w+)?$/,
      );
    });

    it("refuses a path id that is no object id, a valid body's answer naming only the id", async () => {
      const body = { name: "x", sourceId: logs() };
      for (const [method, options] of [
        ["GET", {}],
        ["PUT", { body }],
      ] as const) {
        const response = await harness.observability(method, `${searches}/nope`, options);
        expect([response.status, response.body], method).to.deep.equal([
          400,
          { message: "Params validation failed: id: Invalid ObjectId" },
        ]);
      }
    });

    it("pages the list", async () => {
      const total = harness.fixture.savedSearches.length + 2;
      await create({ name: "a", sourceId: logs() });
      await create({ name: "b", sourceId: logs() });
      const page = await harness.observability("GET", `${searches}?limit=1&offset=${total - 1}`);
      expect(page.body.meta).to.deep.equal({ total, limit: 1, offset: total - 1 });
      expect(page.body.data.map((search: Json) => search.name)).to.deep.equal(["b"]);
    });

    it("a DELETE takes the alerts on the search with it, and only those; then 404", async () => {
      const created = await create({ name: "watched", sourceId: logs() });
      const alert = await harness.observability("POST", "/api/v2/alerts", {
        body: {
          ...searchAlertBody(harness.fixture),
          source: dialect === "production" ? "saved_search" : "search",
          savedSearchId: created.id,
        },
      });
      expect(alert.status, alert.text).to.equal(200);
      const onTile = await harness.createTileAlert();
      const deleted = await harness.observability("DELETE", `${searches}/${created.id}`);
      expect([deleted.status, deleted.body]).to.deep.equal([200, {}]);
      const gone = await harness.observability("GET", `/api/v2/alerts/${alert.body.data.id}`);
      expect(gone.status).to.equal(404);
      expect((await harness.observability("GET", `/api/v2/alerts/${onTile.id}`)).status).to.equal(200);
      const again = await harness.observability("GET", `${searches}/${created.id}`);
      expect([again.status, again.body]).to.deep.equal([404, { message: "Saved search not found" }]);
    });
  });
}
