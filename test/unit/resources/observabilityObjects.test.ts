/**
 * Webhook, SavedSearch, Dashboard and Source through their dynamic providers against the shared emulator: preview
 * refuses what the API refuses, naming the field; each kind's lifecycle; updates in place that keep what the
 * program leaves out; a tile renamed in place keeps its id (and so its alerts); a webhook's headers are kept in
 * the outputs though the API never shows them.
 */
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { providerSession } from "../../../provider/host/session";
import { fieldsOf } from "../../../provider/propertyBags";
import { isSecretMarker, unwrapSecrets } from "../../../provider/propertyEncoding";
import { tileAlertBody } from "../../support/alertBodies";
import { sharedEmulator } from "../../support/emulator";
import { emulatorConfigureRequest } from "../../support/providerConfig";
import { providerOf } from "../../support/providers";
import { quickSleeps } from "../../support/quickSleeps";

type Bag = Record<string, unknown>;

describe("observability objects through their providers", function () {
  quickSleeps();
  this.timeout(30_000);
  let emulator: RunningEmulator;
  const run = `${process.pid}-${Date.now().toString(36)}`;
  const observability = () => providerSession.observability();

  before(async () => {
    emulator = await sharedEmulator();
    for (const kind of ["Webhook", "SavedSearch", "Dashboard", "Source"]) {
      await providerOf(kind).configure(await emulatorConfigureRequest());
    }
  });

  const failures = async (kind: string, news: Bag) =>
    Object.fromEntries(
      ((await providerOf(kind).check({}, news)).failures ?? []).map((failure) => [
        failure.property || failure.reason.split(" ", 1)[0],
        failure.reason,
      ]),
    );

  describe("check refuses at preview what the API refuses, naming the field", () => {
    it("a slack webhook with headers, and a header name starting with a digit", async () => {
      const slack = await failures("Webhook", {
        name: "chat",
        service: "slack",
        url: "https://hooks.slack.com/x",
        headers: { Authorization: "Bearer hidden-value" },
      });
      expect(slack.headers).to.include("is not supported for the slack webhook service");
      const bad = await failures("Webhook", {
        name: "hook",
        service: "generic",
        url: "https://hooks.example.com/x",
        headers: { "1x": "v", Authorization: "secret-value\n" },
      });
      expect(JSON.stringify(bad)).to.include("not starting with a digit").and.not.include("secret-value");
    });

    it("a tile off the grid, and a saved search on no object id", async () => {
      const tile = { name: "t", x: 24, y: 0, w: 0, h: 1, config: { displayType: "markdown" } };
      const dashboard = JSON.stringify(await failures("Dashboard", { name: "d", tiles: [tile] }));
      expect(dashboard)
        .to.include("tiles[0].x must be at most 23")
        .and.include("tiles[0].w must be at least 1");
      const search = await failures("SavedSearch", { name: "s", sourceId: "logs" });
      expect(search.sourceId).to.include("24-hex-digit object id");
    });

    it("a trace source without its expressions", async () => {
      const source = await failures("Source", {
        name: "T",
        kind: "trace",
        connection: emulator.fixture.connections[0]?.id,
        from: { databaseName: "default", tableName: "traces" },
        timestampValueExpression: "Timestamp",
      });
      expect(source.durationExpression).to.include("required when kind is trace");
    });
  });

  it("a webhook: created with secret headers kept in its outputs, updated in place, deleted", async () => {
    const provider = providerOf("Webhook");
    const inputs = {
      name: `pager ${run}`,
      service: "generic",
      url: "https://hooks.example.com/a",
      headers: { Authorization: "Bearer kept" },
    };
    const created = await provider.create(inputs);
    expect(created.outs).to.include({ name: inputs.name, url: inputs.url });
    expect(isSecretMarker(created.outs.headers), "headers are a secret in state").to.equal(true);
    expect(unwrapSecrets(created.outs.headers)).to.deep.equal(inputs.headers);
    const read = await provider.read(created.id, created.outs);
    expect(isSecretMarker(read.props?.headers)).to.equal(true);
    expect(unwrapSecrets(read.props?.headers), "refresh keeps what the API cannot show").to.deep.equal(
      inputs.headers,
    );
    const next = { ...inputs, url: "https://hooks.example.com/b" };
    const diff = await provider.diff(created.id, created.outs, next);
    expect(diff).to.include({ changes: true });
    expect(diff.replaces ?? []).to.deep.equal([]);
    const updated = await provider.update(created.id, created.outs, next);
    expect(updated.outs?.url).to.equal("https://hooks.example.com/b");
    expect((await provider.diff(created.id, updated.outs, next)).changes).to.equal(false);
    await provider.delete(created.id, updated.outs);
    expect((await observability().webhooks.list()).map((hook) => hook.id)).to.not.include(created.id);
  });

  it("a webhook delete waits for the alerts that use it to go, as a destroy deletes them at once", async () => {
    const provider = providerOf("Webhook");
    const created = await provider.create({
      name: `used ${run}`,
      service: "generic",
      url: "https://hooks.example.com/u",
    });
    const alert = await observability().alerts.create({
      ...tileAlertBody(emulator.fixture),
      channel: { type: "webhook", webhookId: created.id },
    });
    const deleting = provider.delete(created.id, created.outs);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await observability().alerts.delete(alert.id);
    await deleting;
    expect((await observability().webhooks.list()).map((hook) => hook.id)).to.not.include(created.id);
  });

  it("a saved search: an update keeps the tags set in the app", async () => {
    const provider = providerOf("SavedSearch");
    const sourceId = emulator.fixture.sources[0]?.id as string;
    const created = await provider.create({ name: `errors ${run}`, sourceId, where: "level:error" });
    await observability().savedSearches.replace(created.id, {
      name: `errors ${run}`,
      sourceId,
      where: "level:error",
      tags: ["set-in-the-app"],
    });
    const updated = await provider.update(created.id, created.outs, {
      name: `errors ${run}`,
      sourceId,
      where: "x",
    });
    expect(updated.outs).to.deep.include({ where: "x", tags: ["set-in-the-app"] });
    await provider.delete(created.id, updated.outs);
  });

  it("a dashboard: tile ids from the API, a rename in place keeps the tile and its alert", async () => {
    const provider = providerOf("Dashboard");
    const sourceId = emulator.fixture.sources[0]?.id as string;
    const tile = (name: string, x: number) => ({
      name,
      x,
      y: 0,
      w: 12,
      h: 4,
      config: { displayType: "line", sourceId, select: [{ aggFn: "count" }] },
    });
    const inputs = { name: `App ${run}`, tiles: [tile("Errors", 0), tile("Latency", 12)] };
    const created = await provider.create(inputs);
    const tileIds = created.outs.tileIds as Record<string, string>;
    expect(Object.keys(tileIds)).to.deep.equal(["Errors", "Latency"]);
    expect((await provider.diff(created.id, created.outs, inputs)).changes, "no diff after create").to.equal(
      false,
    );
    const alert = await observability().alerts.create({
      ...tileAlertBody(emulator.fixture),
      dashboardId: created.id,
      tileId: tileIds.Errors,
    });
    const renamed = { ...inputs, tiles: [tile("Error rate", 0), tile("Latency", 12)] };
    const diff = await provider.diff(created.id, created.outs, renamed);
    expect(diff.changes).to.equal(true);
    expect(diff.replaces ?? []).to.deep.equal([]);
    const updated = await provider.update(created.id, created.outs, renamed);
    expect(updated.outs?.tileIds).to.deep.equal({ "Error rate": tileIds.Errors, Latency: tileIds.Latency });
    expect((await observability().alerts.get(alert.id)).tileId).to.equal(tileIds.Errors);
    await provider.delete(created.id, updated.outs);
  });

  it("a dashboard: what the API fills in a tile's config is no change after a create or a refresh; a field the program changes is", async () => {
    const provider = providerOf("Dashboard");
    const sourceId = emulator.fixture.sources[0]?.id as string;
    const tiles = (select: Bag, extra: Bag = {}) => [
      {
        name: "Errors",
        x: 0,
        y: 0,
        w: 12,
        h: 4,
        config: { displayType: "line", sourceId, select: [select], ...extra },
      },
      { name: "Logs", x: 12, y: 0, w: 12, h: 4, config: { displayType: "search", sourceId, select: "Body" } },
    ];
    const inputs = { name: `Filled ${run}`, tiles: tiles({ aggFn: "count" }) };
    const created = await provider.create(inputs);
    const shown = created.outs.tiles as Bag[];
    expect(shown.map((tile) => tile.config)).to.deep.include({
      displayType: "line",
      sourceId,
      select: [{ aggFn: "count", where: "", whereLanguage: "lucene" }],
      asRatio: false,
      fillNulls: true,
    });
    expect((await provider.diff(created.id, created.outs, inputs)).changes, "after the create").to.equal(
      false,
    );
    const refreshed = await provider.read(created.id, created.outs);
    expect((await provider.diff(created.id, refreshed.props, inputs)).changes, "after a refresh").to.equal(
      false,
    );
    for (const changed of [
      tiles({ aggFn: "count" }, { fillNulls: false }),
      tiles({ aggFn: "count", whereLanguage: "sql" }),
      tiles({ aggFn: "count", where: "level:error" }),
    ]) {
      const diff = await provider.diff(created.id, refreshed.props, { ...inputs, tiles: changed });
      expect(diff.changes, JSON.stringify(changed[0]?.config)).to.equal(true);
    }
    await provider.delete(created.id, created.outs);
  });

  it("a dashboard's containers, saved query and filter values: set by the program, no change after a create, kept by an update that leaves them out, a bad container refused at preview", async () => {
    const provider = providerOf("Dashboard");
    const sourceId = emulator.fixture.sources[0]?.id as string;
    const grouped = {
      name: "Errors",
      x: 0,
      y: 0,
      w: 12,
      h: 4,
      config: { displayType: "line", sourceId, select: [{ aggFn: "count" }] },
      containerId: "checkout",
      tabId: "errors",
    };
    const containers = [
      {
        id: "checkout",
        title: "Checkout",
        collapsed: true,
        tabs: [
          { id: "errors", title: "Errors" },
          { id: "latency", title: "Latency" },
        ],
      },
    ];
    const opening = {
      savedQuery: "ServiceName = 'checkout'",
      savedQueryLanguage: "sql",
      savedFilterValues: [{ type: "sql", condition: "ServiceName IN ('checkout')" }],
    };
    const inputs = { name: `Grouped ${run}`, tiles: [grouped], containers, ...opening };
    const refused = await failures("Dashboard", {
      ...inputs,
      containers: [{ id: "checkout", title: "Checkout" }],
    });
    expect(Object.keys(refused)).to.deep.equal(["containers[0].collapsed"]);
    const created = await provider.create(inputs);
    expect(created.outs).to.deep.include({ containers, ...opening });
    expect((await provider.diff(created.id, created.outs, inputs)).changes, "after the create").to.equal(
      false,
    );
    const renamed = { name: `Regrouped ${run}`, tiles: [grouped] };
    const updated = await provider.update(created.id, created.outs, renamed);
    const shown = await observability().dashboards.get(created.id);
    expect(shown).to.deep.include({ name: renamed.name, containers, ...opening });
    expect(updated.outs).to.deep.include({ containers, ...opening });
    await provider.delete(created.id, updated.outs);
  });

  it("a source: created, read, a field the program leaves out kept by an update, deleted", async () => {
    const provider = providerOf("Source");
    const inputs = {
      name: `App logs ${run}`,
      kind: "log",
      connection: emulator.fixture.connections[0]?.id,
      from: { databaseName: "default", tableName: "app_logs" },
      timestampValueExpression: "Timestamp",
      defaultTableSelectExpression: "Timestamp, Body",
      serviceNameExpression: "ServiceName",
    };
    const created = await provider.create(inputs);
    expect((await provider.diff(created.id, created.outs, inputs)).changes).to.equal(false);
    const { serviceNameExpression: _unmanaged, ...fewer } = inputs;
    const updated = await provider.update(created.id, created.outs, { ...fewer, name: `Renamed ${run}` });
    expect(updated.outs).to.include({ name: `Renamed ${run}`, serviceNameExpression: "ServiceName" });
    await provider.delete(created.id, updated.outs);
    const gone = await provider.read(created.id, updated.outs);
    expect(gone.id ?? "").to.equal("");
  });

  it("a trace source left without durationPrecision: the API's 3 is an output and no change, after a create or a refresh", async () => {
    const provider = providerOf("Source");
    const traceId = emulator.fixture.sources.find((source) => source.name === "Traces")?.id as string;
    const {
      id: _id,
      durationPrecision: _precision,
      ...trace
    } = fieldsOf(await observability().sources.get(traceId));
    const inputs = { ...trace, name: `Spans ${run}` };
    const created = await provider.create(inputs);
    expect(created.outs).to.include({ durationPrecision: 3 });
    expect((await provider.diff(created.id, created.outs, inputs)).changes, "after the create").to.equal(
      false,
    );
    const refreshed = await provider.read(created.id, created.outs);
    expect((await provider.diff(created.id, refreshed.props, inputs)).changes, "after a refresh").to.equal(
      false,
    );
    const diff = await provider.diff(created.id, refreshed.props, { ...inputs, durationPrecision: 6 });
    expect(diff.changes, "a precision the program sets").to.equal(true);
    await provider.delete(created.id, created.outs);
  });
});
