import type * as pulumi from "@pulumi/pulumi";
import { expect } from "chai";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { ConfigurationError } from "../../../provider/settings";
import { ApiError, type AlertCreateRequest } from "../../../provider/rest";
import { providerOf } from "../../support/providers";
import { providerSession } from "../../../provider/host/session";
import { UNKNOWN } from "../../../provider/propertyEncoding";
import { searchAlertBody, tileAlertBody } from "../../support/alertBodies";
import { sharedEmulator } from "../../support/emulator";
import { emulatorConfigureRequest } from "../../support/providerConfig";
import { forgetKeptLists } from "../../../provider/rest/coalescing/writeGeneration";

type Bag = Record<string, unknown>;

const alertsRoute = "POST /api/v2/alerts";
/** The diff of an in-place update. */
const inPlace = { changes: true, replaces: [] };

describe("AlertProvider", function () {
  this.timeout(30_000);
  let emulator: RunningEmulator;
  const provider = providerOf("Alert");
  let runId = 0;

  /** A name no other test's alert has, so lists can be searched by it. */
  const uniqueName = (label: string) => `${label} ${process.pid}-${Date.now()}-${++runId}`;

  const tileInputs = (overrides: Bag = {}): Bag => ({
    ...tileAlertBody(emulator.fixture),
    name: uniqueName("tile"),
    message: "Error rate is high",
    ...overrides,
  });

  const searchInputs = (overrides: Bag = {}): Bag => ({
    ...searchAlertBody(emulator.fixture),
    groupBy: "service",
    name: uniqueName("search"),
    ...overrides,
  });

  const alerts = () => providerSession.observability().alerts;

  before(async () => {
    emulator = await sharedEmulator();
    await provider.configure(await emulatorConfigureRequest());
  });

  afterEach(async () => {
    await emulator.control.clearFaults();
  });

  describe("check", () => {
    const failuresOf = async (news: Bag) => (await provider.check({}, news)).failures ?? [];
    // A nested failure reaches the engine without a property, its reason starting with the path.
    const byProperty = async (news: Bag) =>
      Object.fromEntries(
        (await failuresOf(news)).map((failure) => [
          failure.property || failure.reason.split(" ", 1)[0],
          failure.reason,
        ]),
      );

    it("accepts a tile alert and a search alert with every field", async () => {
      expect(await failuresOf(tileInputs())).to.deep.equal([]);
      expect(
        await failuresOf(searchInputs({ message: "m", adoptId: "0123456789abcdef01234567" })),
      ).to.deep.equal([]);
    });

    it("names each bad field with its rule and value", async () => {
      const reasons = await byProperty(
        tileInputs({
          threshold: "5",
          interval: "15 minutes",
          thresholdType: "over",
          channel: { type: "email", webhookId: "" },
        }),
      );
      expect(reasons.threshold).to.match(/threshold must be a number; got "5"/);
      expect(reasons.interval).to.match(/interval must be a duration.*got "15 minutes"/);
      expect(reasons.thresholdType).to.match(/one of above, below, .*, not_between; got "over"/);
      expect(reasons["channel.type"]).to.match(/must be webhook; got "email"/);
      expect(reasons["channel.webhookId"]).to.match(/must not be empty/);
      expect((await byProperty(tileInputs({ source: "log" }))).source).to.match(/tile, search; got "log"/);
    });

    it("accepts any positive amount of s, m, h or d as interval and nothing else", async () => {
      for (const interval of ["30s", "15m", "1h", "1d", "90m"]) {
        expect(await failuresOf(tileInputs({ interval })), interval).to.deep.equal([]);
      }
      for (const interval of ["0m", "1w", "m", "1.5h"]) {
        expect((await byProperty(tileInputs({ interval }))).interval, interval).to.match(
          /must be a duration/,
        );
      }
    });

    it("requires the ids of the chosen source", async () => {
      const tile = await byProperty(tileInputs({ dashboardId: undefined, tileId: undefined }));
      expect(tile.dashboardId).to.match(/dashboardId is required when source is tile/);
      expect(tile.tileId).to.match(/tileId is required when source is tile/);
      const search = await byProperty(searchInputs({ savedSearchId: undefined }));
      expect(search.savedSearchId).to.match(/savedSearchId is required when source is search/);
    });

    it("rejects the ids of the other source, which the API would drop", async () => {
      const tile = await byProperty(
        tileInputs({ groupBy: "service", savedSearchId: "65f1a2b3c4d5e6f708192a3b" }),
      );
      expect(Object.keys(tile).sort()).to.deep.equal(["groupBy", "savedSearchId"]);
      expect(tile.groupBy).to.match(/applies only when source is search; got source tile/);
      const search = await byProperty(searchInputs({ dashboardId: "65f1a2b3c4d5e6f708192a3c" }));
      expect(search.dashboardId).to.match(/applies only when source is tile/);
    });

    it("requires the fixed inputs and names misspelled ones", async () => {
      const reasons = await byProperty({ source: "tile", thresold: 3 });
      const required = ["threshold", "interval", "thresholdType", "channel", "dashboardId", "tileId"];
      expect(reasons).to.have.keys(...required, "thresold");
      expect(reasons.thresold).to.match(/not a known property/);
    });

    it("wants adoptId to be an alert's object id when set, so that no other path can be reached", async () => {
      for (const adoptId of ["", ".", "..", "../65f1a2b3c4d5e6f708192a3b", "65f1a2b3c4d5e6f708192a3"]) {
        expect((await byProperty(tileInputs({ adoptId }))).adoptId, adoptId).to.equal(
          `adoptId must be a 24-hex-digit object id (e.g. 65f1a2b3c4d5e6f708192a3b); got ${JSON.stringify(adoptId)}`,
        );
      }
      expect(await byProperty(tileInputs({ adoptId: "65F1A2B3C4D5E6F708192A3B" }))).to.not.have.property(
        "adoptId",
      );
    });

    it("leaves values unknown during preview to be checked later", async () => {
      expect(
        await failuresOf(
          tileInputs({ threshold: UNKNOWN, channel: { type: "webhook", webhookId: UNKNOWN } }),
        ),
      ).to.deep.equal([]);
      expect(await failuresOf(tileInputs({ source: UNKNOWN, groupBy: "x" }))).to.deep.equal([]);
    });
  });

  describe("diff", () => {
    const olds = (): Bag => ({
      ...tileInputs({ name: "n" }),
      dashboard: "d",
      state: "inactive",
      silenced: false,
      team: "t",
      createdAt: "2025-01-01T00:00:00.000Z",
      updatedAt: "2025-01-01T00:00:00.000Z",
    });

    it("sees no change for the same inputs, whatever the API-owned outputs say", async () => {
      const apiOwned = { state: "alert", silenced: true, team: "other", updatedAt: "2026-01-01T00:00:00Z" };
      const result = await provider.diff("id", { ...olds(), ...apiOwned }, tileInputs({ name: "n" }));
      expect(result).to.deep.equal({ changes: false, replaces: [] });
    });

    it("updates in place on threshold, message, channel and source changes", async () => {
      const changes: Bag[] = [
        { threshold: 6 },
        { message: undefined },
        { channel: { type: "webhook", webhookId: "other" } },
        { source: "search", dashboardId: undefined, tileId: undefined, savedSearchId: "s" },
        { interval: "10m", thresholdType: "below", name: "renamed" },
      ];
      for (const change of changes) {
        const result = await provider.diff("id", olds(), tileInputs({ name: "n", ...change }));
        expect(result, JSON.stringify(change)).to.deep.equal(inPlace);
      }
    });

    it("treats a value unknown during preview as an in-place change", async () => {
      const result = await provider.diff("id", olds(), tileInputs({ name: "n", threshold: UNKNOWN }));
      expect(result).to.deep.equal(inPlace);
    });

    it("replaces when a different alert is adopted, and ignores a removed adoptId", async () => {
      const adopted = { ...olds(), adoptId: "a" };
      const other = await provider.diff("id", adopted, tileInputs({ name: "n", adoptId: "b" }));
      expect(other).to.deep.equal({ changes: true, replaces: ["adoptId"] });
      expect((await provider.diff("id", adopted, tileInputs({ name: "n" }))).changes).to.equal(false);
    });
  });

  describe("lifecycle against the emulator", () => {
    it("creates an alert with one request when nothing goes wrong", async () => {
      await emulator.control.clearRequests();
      const created = await provider.create(tileInputs());
      expect((await emulator.control.requests()).map((entry) => [entry.route, entry.status])).to.deep.equal([
        [alertsRoute, 200],
      ]);
      await provider.delete(created.id, {});
    });

    it("creates a tile alert with every field of the API's alert as outputs", async () => {
      const inputs = tileInputs();
      const created = await provider.create(inputs);
      expect(created.id).to.match(/^[0-9a-f]{24}$/);
      expect(created.outs).to.not.have.property("id");
      expect(created.outs).to.include({
        threshold: 5,
        interval: "5m",
        source: "tile",
        thresholdType: "above",
        name: inputs.name,
        message: inputs.message,
        state: "inactive",
        silenced: false,
        dashboard: inputs.dashboardId,
        dashboardId: inputs.dashboardId,
        tileId: inputs.tileId,
      });
      expect(created.outs?.channel).to.deep.equal(inputs.channel);
      expect(created.outs).to.include.keys("team", "createdAt", "updatedAt");
      expect(await alerts().get(created.id)).to.include({ name: inputs.name, threshold: 5 });
      await provider.delete(created.id, {});
    });

    it("creates a search alert whose outputs echo savedSearchId and groupBy", async () => {
      const inputs = searchInputs();
      const created = await provider.create(inputs);
      expect(created.outs).to.include({
        savedSearch: inputs.savedSearchId,
        savedSearchId: inputs.savedSearchId,
        groupBy: "service",
        source: "search",
      });
      expect(created.outs).to.not.have.any.keys("dashboard", "dashboardId", "tileId");
      await provider.delete(created.id, {});
    });

    it("reads back inputs that give no diff, and reports an out-of-band change", async () => {
      const inputs = searchInputs({ message: "watch it" });
      const created = await provider.create(inputs);
      const read = await provider.read(created.id, created.outs ?? {});
      expect(read.id).to.equal(created.id);
      expect(read.inputs).to.deep.equal(inputs);
      expect((await provider.diff(created.id, read.props ?? {}, inputs)).changes).to.equal(false);

      await alerts().replace(created.id, { ...(inputs as unknown as AlertCreateRequest), threshold: 42 });
      const drifted = await provider.read(created.id, created.outs ?? {});
      expect(drifted.props).to.include({ threshold: 42 });
      expect(drifted.inputs).to.include({ threshold: 42 });
      expect(await provider.diff(created.id, drifted.props ?? {}, inputs)).to.deep.equal(inPlace);
      await provider.delete(created.id, {});
    });

    it("updates with one PUT of the whole alert, keeping id, state and createdAt", async () => {
      const inputs = tileInputs();
      const created = await provider.create(inputs);
      await emulator.control.clearRequests();
      const { message: _dropped, ...withoutMessage } = inputs;
      const news = {
        ...withoutMessage,
        threshold: 9,
        channel: { type: "webhook", webhookId: emulator.fixture.webhooks[1].id },
      };
      const updated = await provider.update(created.id, created.outs ?? {}, news);
      const routes = (await emulator.control.requests()).map((entry) => entry.route);
      expect(routes).to.deep.equal(["PUT /api/v2/alerts/:id"]);
      expect(updated.outs).to.include({
        threshold: 9,
        createdAt: created.outs?.createdAt,
        state: "inactive",
      });
      expect(updated.outs).to.not.have.property("message");
      const remote = await alerts().get(created.id);
      expect(remote.channel?.webhookId).to.equal(emulator.fixture.webhooks[1].id);
      expect(remote.message ?? undefined).to.equal(undefined);
      await provider.delete(created.id, {});
    });

    it("changes the source in place: same id, now watching the saved search", async () => {
      const created = await provider.create(tileInputs());
      const news = searchInputs({ name: "switched" });
      const updated = await provider.update(created.id, created.outs ?? {}, news);
      expect(updated.outs).to.include({
        source: "search",
        savedSearch: news.savedSearchId,
        groupBy: "service",
      });
      expect(updated.outs).to.not.have.any.keys("dashboard", "dashboardId", "tileId");
      const remote = await alerts().get(created.id);
      expect(remote).to.include({ id: created.id, source: "search", savedSearch: news.savedSearchId });
      expect(remote.dashboard ?? undefined).to.equal(undefined);
      await provider.delete(created.id, {});
    });

    it("deletes, tolerates a second delete, and then reads nothing", async () => {
      const created = await provider.create(tileInputs());
      await provider.delete(created.id, {});
      await provider.delete(created.id, {});
      expect(await provider.read(created.id, created.outs ?? {})).to.deep.equal({ id: "", props: {} });
    });

    it("adopts an existing alert that matches without writing to it", async () => {
      const inputs = tileInputs();
      const original = await provider.create(inputs);
      await emulator.control.clearRequests();
      const adopted = await provider.create({ ...inputs, adoptId: original.id });
      expect(adopted.id).to.equal(original.id);
      expect(adopted.outs).to.include({ adoptId: original.id, updatedAt: original.outs?.updatedAt });
      const writes = (await emulator.control.requests()).filter((entry) => entry.method !== "GET");
      expect(writes).to.deep.equal([]);
      await provider.delete(adopted.id, {});
    });

    it("adopts a differing alert and makes it match the program with one PUT", async () => {
      const original = await provider.create(tileInputs({ threshold: 1 }));
      await emulator.control.clearRequests();
      const adopted = await provider.create(searchInputs({ adoptId: original.id }));
      const writes = (await emulator.control.requests()).filter((entry) => entry.method !== "GET");
      expect(writes.map((entry) => entry.route)).to.deep.equal(["PUT /api/v2/alerts/:id"]);
      expect(adopted.id).to.equal(original.id);
      expect(adopted.outs).to.include({ source: "search", threshold: 1, adoptId: original.id });
      await provider.delete(adopted.id, {});
    });

    it("fails to adopt an alert that does not exist, naming it", async () => {
      const error = await provider
        .create(tileInputs({ adoptId: "0123456789abcdef01234567" }))
        .catch((e: unknown) => e);
      expect(error).to.be.instanceOf(ApiError);
      expect((error as ApiError).message).to.match(/alert 0123456789abcdef01234567 was not found/);
    });

    it("fails an update of an alert deleted out of band, naming it", async () => {
      const created = await provider.create(tileInputs());
      await alerts().delete(created.id);
      const error = await provider
        .update(created.id, created.outs ?? {}, tileInputs())
        .catch((e: unknown) => e);
      expect(error).to.be.instanceOf(ApiError).and.to.have.property("status", 404);
      expect((error as Error).message).to.contain(created.id);
    });
  });

  describe("with a dashboard or saved search deleted (own emulator)", () => {
    let own: RunningEmulator;

    before(async () => {
      own = await startEmulator({ port: 0 });
      await provider.configure(configureRequestFor(own));
    });

    after(async () => {
      await provider.configure(await emulatorConfigureRequest());
      await own?.close();
    });

    it("reads nothing once the API deleted the alert along with its dashboard or saved search", async () => {
      const dashboard = own.fixture.dashboards[1];
      const webhook = { type: "webhook", webhookId: own.fixture.webhooks[0].id };
      const base = { threshold: 1, interval: "1m", thresholdType: "above", channel: webhook };
      const onTile = await provider.create({
        ...base,
        source: "tile",
        dashboardId: dashboard.id,
        tileId: dashboard.tileIds[0],
      });
      const onSearch = await provider.create({
        ...base,
        source: "search",
        savedSearchId: own.fixture.savedSearches[1].id,
      });

      await own.control.deleteDashboard(dashboard.id);
      forgetKeptLists();
      expect((await provider.read(onTile.id, onTile.outs ?? {})).id).to.equal("");
      expect((await provider.read(onSearch.id, onSearch.outs ?? {})).id).to.equal(onSearch.id);

      await own.control.deleteSavedSearch(own.fixture.savedSearches[1].id);
      forgetKeptLists();
      expect((await provider.read(onSearch.id, onSearch.outs ?? {})).id).to.equal("");
    });

    it("says which settings to provide when the observability API is not configured", async () => {
      const saved = { url: process.env.OBSERVABILITY_API_URL, token: process.env.OBSERVABILITY_API_TOKEN };
      delete process.env.OBSERVABILITY_API_URL;
      delete process.env.OBSERVABILITY_API_TOKEN;
      try {
        await provider.configure({ config: { get: () => undefined, require: () => "" } });
        const error = await provider.read("0123456789abcdef01234567", {}).catch((e: unknown) => e);
        expect(error).to.be.instanceOf(ConfigurationError);
        expect((error as Error).message)
          .to.contain("observability:apiUrl")
          .and.to.contain("observability:apiToken");
      } finally {
        if (saved.url !== undefined) process.env.OBSERVABILITY_API_URL = saved.url;
        if (saved.token !== undefined) process.env.OBSERVABILITY_API_TOKEN = saved.token;
        await provider.configure(configureRequestFor(own));
      }
    });
  });
});

/** The configure request the engine would send for a stack pointed at `emulator`. */
function configureRequestFor(emulator: RunningEmulator): pulumi.dynamic.ConfigureRequest {
  const values: Record<string, string> = {
    "observability:apiUrl": emulator.fixture.observabilityUrl,
    "observability:apiToken": emulator.fixture.observabilityToken,
  };
  return {
    config: {
      get: (key) => values[key],
      require: (key) => values[key] ?? "",
    },
  };
}
