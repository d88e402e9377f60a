/**
 * The emulator's sources, as HyperDX's external API v2 serves them: created on a connection the team has, shown as
 * sent (a trace source with the one default the API fills in), replaced whole by a PUT, each kind's required expressions refused in the API's words, and the fixture's
 * sources in full (what getSeries, saved searches and tiles name).
 */
import { expect } from "chai";
import { EmulatorHarness, expectObservabilityInvalid, type Json } from "../../support/httpRequests";

const sources = "/api/v2/sources";

for (const dialect of ["spec", "production"] as const) {
  describe(`emulator: sources (${dialect})`, () => {
    const harness = new EmulatorHarness({ dialect }).install();
    const logSource = () => ({
      name: "App logs",
      kind: "log",
      connection: harness.fixture.connections[0]?.id,
      from: { databaseName: "default", tableName: "app_logs" },
      timestampValueExpression: "Timestamp",
      defaultTableSelectExpression: "Timestamp, Body",
      serviceNameExpression: "ServiceName",
    });

    it("creates a source, gets it as sent, lists it, replaces it whole and deletes it", async () => {
      const created = await harness.observability("POST", sources, { body: { ...logSource(), unknown: 1 } });
      expect(created.status, created.text).to.equal(200);
      const { id, ...shown } = created.body.data as Json;
      expect(shown).to.deep.equal(logSource());
      expect((await harness.observability("GET", `${sources}/${id}`)).body.data).to.deep.equal(
        created.body.data,
      );
      const listed = await harness.observability("GET", sources);
      expect(listed.body.data.map((source: Json) => source.id)).to.include(id);
      const { serviceNameExpression: _left, ...replacement } = logSource();
      const put = await harness.observability("PUT", `${sources}/${id}`, {
        body: { ...replacement, name: "Renamed" },
      });
      expect(put.body.data).to.deep.equal({ ...replacement, name: "Renamed", id });
      const deleted = await harness.observability("DELETE", `${sources}/${id}`);
      expect([deleted.status, deleted.body]).to.deep.equal([200, {}]);
      const gone = await harness.observability("GET", `${sources}/${id}`);
      expect([gone.status, gone.body]).to.deep.equal([404, { message: "Source not found" }]);
    });

    it("serves series of a source made through the API, and refuses them once it is deleted", async () => {
      const created = await harness.observability("POST", sources, { body: logSource() });
      const start = Date.UTC(2026, 0, 1);
      const query = {
        series: [{ sourceId: created.body.data.id, aggFn: "count", where: "", groupBy: [] }],
        startTime: start,
        endTime: start + 3_600_000,
      };
      const served = await harness.observability("POST", "/api/v2/charts/series", { body: query });
      expect(served.status, served.text).to.equal(200);
      await harness.observability("DELETE", `${sources}/${created.body.data.id}`);
      const refused = await harness.observability("POST", "/api/v2/charts/series", { body: query });
      expect(refused.status).to.equal(404);
    });

    it("shows the fixture's sources in full", async () => {
      const listed = await harness.observability("GET", sources);
      const kinds = listed.body.data.map((source: Json) => [source.name, source.kind]);
      expect(kinds).to.deep.equal([
        ["Logs", "log"],
        ["Traces", "trace"],
        ["Metrics", "metric"],
      ]);
      expect(listed.body.data[0].connection).to.equal(harness.fixture.connections[0]?.id);
    });

    it("shows a trace source left without durationPrecision with the API's default, 3", async () => {
      const listed = await harness.observability("GET", sources);
      const trace = listed.body.data.find((source: Json) => source.kind === "trace") as Json;
      const { id: _id, durationPrecision: _precision, ...body } = trace;
      const created = await harness.observability("POST", sources, { body: { ...body, name: "Spans" } });
      expect(created.status, created.text).to.equal(200);
      expect(created.body.data).to.deep.include({ name: "Spans", durationPrecision: 3 });
      const got = await harness.observability("GET", `${sources}/${created.body.data.id}`);
      expect(got.body.data.durationPrecision).to.equal(3);
      const set = await harness.observability("PUT", `${sources}/${created.body.data.id}`, {
        body: { ...body, name: "Spans", durationPrecision: 6 },
      });
      expect(set.body.data.durationPrecision).to.equal(6);
    });

    it("needs a connection the team has", async () => {
      const invalid = await harness.observability("POST", sources, {
        body: { ...logSource(), connection: "default" },
      });
      expect([invalid.status, invalid.body]).to.deep.equal([
        400,
        { message: "connection must be a valid connection id" },
      ]);
      const missing = await harness.observability("POST", sources, {
        body: { ...logSource(), connection: "0".repeat(24) },
      });
      expect(missing.body).to.deep.equal({ message: "connection must be an existing connection id" });
    });

    it("takes a table location with a field the API does not know", async () => {
      const from = { databaseName: "default", tableName: "app_logs", engine: "MergeTree" };
      const created = await harness.observability("POST", sources, { body: { ...logSource(), from } });
      expect(created.status, created.text).to.equal(200);
      expect(created.body.data.from).to.include({ databaseName: "default", tableName: "app_logs" });
    });

    it("refuses a path id that is no object id, a valid body's answer naming only the id", async () => {
      for (const [method, options] of [
        ["GET", {}],
        ["PUT", { body: logSource() }],
      ] as const) {
        const response = await harness.observability(method, `${sources}/nope`, options);
        expect([response.status, response.body], method).to.deep.equal([
          400,
          { message: "Params validation failed: id: Invalid ObjectId" },
        ]);
      }
    });

    it("refuses a kind's missing expressions in the API's words", async () => {
      expectObservabilityInvalid(
        await harness.observability("POST", sources, { body: { ...logSource(), kind: "trace" } }),
        "durationExpression",
        "spanKindExpression",
      );
      expectObservabilityInvalid(
        await harness.observability("POST", sources, { body: { ...logSource(), kind: "feed" } }),
        "kind",
      );
    });
  });
}
