/**
 * The Alert resource on the production wire (HyperDX's external API v2, the emulator's `--dialect production`): the
 * program's words go out in the wire's, the wire's limits are checked at preview, an update keeps what the program
 * does not manage, and every list is read to its end.
 */
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { kindProvider } from "../../../provider/host/kindProviders";
import { providerSession } from "../../../provider/host/session";
import { searchAlertBody, tileAlertBody } from "../../support/alertBodies";
import { dedicatedEmulator } from "../../support/emulator";
import { emulatorConfigureRequest } from "../../support/providerConfig";
import { providerOf } from "../../support/providers";
import { configureRequestFrom, stackConfigFor } from "../../support/stackConfig";
import { send } from "../../support/httpRequests";

type Bag = Record<string, unknown>;

describe("AlertProvider on the production wire", function () {
  this.timeout(60_000);
  let production: RunningEmulator;
  let spec: RunningEmulator;
  const provider = providerOf("Alert");
  const useWireOf = (emulator: RunningEmulator) =>
    provider.configure(configureRequestFrom(stackConfigFor(emulator)));
  const failuresOf = async (news: Bag) => (await provider.check({}, news)).failures ?? [];
  const api = (path: string, method = "GET", body?: unknown) =>
    send(`${production.url}/api/v2/alerts${path}`, method, {
      headers: { authorization: `Bearer ${production.fixture.observabilityToken}` },
      body,
    });

  before(async () => {
    [production, spec] = await Promise.all([
      dedicatedEmulator({ dialect: "production" }),
      dedicatedEmulator(),
    ]);
  });
  beforeEach(async () => {
    await production.control.reset();
    await production.control.clearFaults();
    await useWireOf(production);
  });
  after(async () => {
    await provider.configure(await emulatorConfigureRequest());
    await Promise.all([production.close(), spec.close()]);
  });

  describe("check at preview", () => {
    it("refuses an interval the production wire does not take, listing the ones it does", async () => {
      expect(await failuresOf({ ...tileAlertBody(production.fixture), interval: "2m" })).to.deep.equal([
        {
          property: "interval",
          reason:
            'interval must be one of 1m, 5m, 15m, 30m, 1h, 6h, 12h, 1d on the production wire; got "2m"',
        },
      ]);
    });

    it("checks the range, the schedule and the channels as the API does", async () => {
      const tile = tileAlertBody(production.fixture);
      const webhooks = production.fixture.webhooks;
      const other = { type: "webhook", webhookId: webhooks[1].id };
      expect(await failuresOf({ ...tile, thresholdType: "between" })).to.deep.equal([
        { property: "thresholdMax", reason: "thresholdMax is required when thresholdType is between" },
      ]);
      expect(
        await failuresOf({ ...tile, thresholdType: "not_between", threshold: 5, thresholdMax: 4 }),
      ).to.deep.equal([
        { property: "thresholdMax", reason: "thresholdMax must be at least threshold (5); got 4" },
      ]);
      expect(await failuresOf({ ...tile, scheduleOffsetMinutes: 5 })).to.deep.equal([
        {
          property: "scheduleOffsetMinutes",
          reason: "scheduleOffsetMinutes must be less than the interval, 5 minutes; got 5",
        },
      ]);
      expect(
        await failuresOf({ ...tile, scheduleOffsetMinutes: 2, scheduleStartAt: "2026-12-01T00:00:00Z" }),
      ).to.deep.equal([
        {
          property: "scheduleOffsetMinutes",
          reason: "scheduleOffsetMinutes must be 0 when scheduleStartAt is set; got 2",
        },
      ]);
      // A nested path goes to the engine in the reason alone (the engine looks a property up as a top-level key).
      expect(await failuresOf({ ...tile, channels: [other] })).to.deep.equal([
        {
          property: "",
          reason: "channels[0] must be the same as channel, the alert's first channel",
        },
      ]);
      expect(await failuresOf({ ...tile, channels: [tile.channel, other, other] })).to.deep.equal([
        {
          property: "",
          reason: "channels[2] repeats an earlier channel; each may be listed once",
        },
      ]);
      expect(
        await failuresOf({
          ...tile,
          thresholdType: "between",
          thresholdMax: 9,
          note: "n",
          numConsecutiveWindows: 2,
          scheduleOffsetMinutes: 4,
          channels: [tile.channel, other],
        }),
      ).to.deep.equal([]);
    });

    it("reports a null or mistyped field as the schema does, and no rule of the wire that would misread it", async () => {
      const tile = tileAlertBody(production.fixture);
      const duration =
        "interval must be a duration: a positive whole number followed by s, m, h or d (e.g. 30s, 15m, 1h, 1d); got ";
      expect(await failuresOf({ ...tile, thresholdType: "between", thresholdMax: null })).to.deep.equal([
        { property: "thresholdMax", reason: "thresholdMax must be a number; got null" },
        { property: "thresholdMax", reason: "thresholdMax is required when thresholdType is between" },
      ]);
      expect(await failuresOf({ ...tile, thresholdType: "between", thresholdMax: "4" })).to.deep.equal([
        { property: "thresholdMax", reason: 'thresholdMax must be a number; got "4"' },
      ]);
      expect(
        await failuresOf({ ...tile, thresholdType: "between", threshold: "5", thresholdMax: 4 }),
      ).to.deep.equal([{ property: "threshold", reason: 'threshold must be a number; got "5"' }]);
      expect(await failuresOf({ ...tile, interval: 5 })).to.deep.equal([
        { property: "interval", reason: `${duration}5` },
      ]);
      expect(await failuresOf({ ...tile, interval: ["1m"], scheduleOffsetMinutes: 3 })).to.deep.equal([
        { property: "interval", reason: `${duration}an array of 1 element` },
      ]);
    });

    it("takes a range, a schedule and channels at their edges: a band of one value, offset 0 with a start", async () => {
      const tile = tileAlertBody(production.fixture);
      expect(
        await failuresOf({ ...tile, thresholdType: "between", threshold: 5, thresholdMax: 5 }),
      ).to.deep.equal([]);
      expect(
        await failuresOf({ ...tile, scheduleOffsetMinutes: 0, scheduleStartAt: "2026-12-01T00:00:00Z" }),
      ).to.deep.equal([]);
      // An empty list is the schema's to refuse; it is no channel other than `channel`.
      expect(await failuresOf({ ...tile, channels: [] })).to.deep.equal([
        { property: "channels", reason: "channels must contain at least 1 element; got 0" },
      ]);
    });

    it("names the interval an offset must stay under (one minute in the singular), and none it does not take", async () => {
      const tile = tileAlertBody(production.fixture);
      expect(await failuresOf({ ...tile, interval: "1m", scheduleOffsetMinutes: 1 })).to.deep.equal([
        {
          property: "scheduleOffsetMinutes",
          reason: "scheduleOffsetMinutes must be less than the interval, 1 minute; got 1",
        },
      ]);
      const listed = "interval must be one of 1m, 5m, 15m, 30m, 1h, 6h, 12h, 1d on the production wire; got ";
      expect(await failuresOf({ ...tile, interval: "2m", scheduleOffsetMinutes: 3 })).to.deep.equal([
        { property: "interval", reason: `${listed}"2m"` },
      ]);
      // A word that is a key of every object is no interval either.
      expect(await failuresOf({ ...tile, interval: "constructor", scheduleOffsetMinutes: 3 })).to.deep.equal([
        {
          property: "interval",
          reason:
            "interval must be a duration: a positive whole number followed by s, m, h or d (e.g. 30s, 15m, 1h, " +
            '1d); got "constructor"',
        },
        { property: "interval", reason: `${listed}"constructor"` },
      ]);
    });

    it("on the specification's wire, refuses the production wire's fields and words, naming the setting", async () => {
      await useWireOf(spec);
      const failures = await failuresOf({
        ...tileAlertBody(spec.fixture),
        thresholdType: "between",
        thresholdMax: 9,
        note: "n",
        interval: "2m",
      });
      expect(failures.map((failure) => failure.property)).to.deep.equal([
        "thresholdType",
        "thresholdMax",
        "note",
      ]);
      for (const failure of failures)
        expect(failure.reason).to.match(/production wire.*observability:apiDialect/);
    });

    it("on the specification's wire, names both of its threshold types, and takes a null production field as unset", async () => {
      await useWireOf(spec);
      const tile = tileAlertBody(spec.fixture);
      expect(await failuresOf({ ...tile, thresholdType: "between" })).to.deep.equal([
        {
          property: "thresholdType",
          reason:
            "thresholdType between is a word of the production wire: the specification's alert takes above or " +
            "below; set observability:apiDialect to production (the default for hosted ClickStack and HyperDX)",
        },
      ]);
      expect(await failuresOf({ ...tile, note: null })).to.deep.equal([
        { property: "note", reason: "note must be a string; got null" },
      ]);
    });
  });

  it("sends a saved-search alert as saved_search and keeps the program's word `search`, with no diff", async () => {
    const inputs: Bag = { ...searchAlertBody(production.fixture), name: "checkout errors" };
    const created = await provider.create(inputs);
    expect(created.outs).to.include({ source: "search", state: "OK" });
    const stored = (await api(`/${created.id}`)).body.data;
    expect(stored).to.include({
      source: "saved_search",
      savedSearchId: production.fixture.savedSearches[0].id,
    });
    const read = await provider.read(created.id, created.outs);
    expect(read.inputs).to.deep.equal(inputs);
    expect((await provider.diff(created.id, read.props ?? {}, inputs)).changes).to.equal(false);
  });

  it("a new channel replaces the first: [A] becomes [B], and [A, C] with C added in the app becomes [B, C]", async () => {
    const [a, b] = production.fixture.webhooks.map((hook) => ({ type: "webhook", webhookId: hook.id }));
    const made = await send(`${production.url}/api/v2/webhooks`, "POST", {
      headers: { authorization: `Bearer ${production.fixture.observabilityToken}` },
      body: { name: "third", service: "generic", url: "https://hooks.example.com/third" },
    });
    expect(made.status, made.text).to.equal(200);
    const c = { type: "webhook", webhookId: String(made.body.data.id) };
    const inputs: Bag = { ...tileAlertBody(production.fixture), name: "channels", channel: a };
    const channelsOf = async (id: string) => (await api(`/${id}`)).body.data.channels as unknown[];

    const alone = await provider.create(inputs);
    await provider.update(alone.id, alone.outs, { ...inputs, channel: b });
    expect(await channelsOf(alone.id)).to.deep.equal([b]);

    const shared = await provider.create(inputs);
    const edited = await api(`/${shared.id}`, "PUT", {
      ...tileAlertBody(production.fixture),
      name: "channels",
      channels: [a, c],
    });
    expect(edited.status, edited.text).to.equal(200);
    const updated = await provider.update(shared.id, shared.outs, { ...inputs, channel: b });
    expect(await channelsOf(shared.id)).to.deep.equal([b, c]);
    expect((await provider.diff(shared.id, updated.outs, { ...inputs, channel: b })).changes).to.equal(false);
  });

  it("keeps a note and consecutive windows set in the app when the program updates the threshold", async () => {
    const inputs: Bag = { ...tileAlertBody(production.fixture), name: "latency" };
    const created = await provider.create(inputs);
    // The app's own edit: the whole alert, PUT as the API takes it, with a note and consecutive windows.
    const edited = await api(`/${created.id}`, "PUT", {
      ...tileAlertBody(production.fixture),
      name: "latency",
      note: "page the on-call first",
      numConsecutiveWindows: 3,
    });
    expect(edited.status, edited.text).to.equal(200);

    const updated = await provider.update(created.id, created.outs, { ...inputs, threshold: 42 });
    const stored = (await api(`/${created.id}`)).body.data;
    expect(stored).to.include({ threshold: 42, note: "page the on-call first", numConsecutiveWindows: 3 });
    expect(updated.outs).to.include({ threshold: 42, note: "page the on-call first" });
    // Unmanaged, they are no inputs after a refresh either: nothing to undo.
    const read = await provider.read(created.id, updated.outs);
    expect(read.inputs).to.deep.equal({ ...inputs, threshold: 42 });
  });

  it("a read for `pulumi import` reports every field the alert has as inputs, and they are no change", async () => {
    const [pager, chat] = production.fixture.webhooks;
    const made = await api("", "POST", {
      ...tileAlertBody(production.fixture),
      name: "latency in range",
      thresholdType: "between",
      thresholdMax: 20,
      note: "page the on-call first",
      numConsecutiveWindows: 3,
      scheduleOffsetMinutes: 2,
      channels: [
        { type: "webhook", webhookId: pager.id },
        { type: "webhook", webhookId: chat.id },
      ],
    });
    expect(made.status, made.text).to.equal(200);
    const id = (made.body.data as { id: string }).id;
    const imported = await kindProvider("Alert").read(id, {}, {}, "import");
    expect(imported?.inputs).to.deep.equal({
      ...tileAlertBody(production.fixture),
      name: "latency in range",
      thresholdType: "between",
      thresholdMax: 20,
      note: "page the on-call first",
      numConsecutiveWindows: 3,
      scheduleOffsetMinutes: 2,
      channels: [
        { type: "webhook", webhookId: pager.id },
        { type: "webhook", webhookId: chat.id },
      ],
    });
    expect((await provider.diff(id, imported!.outs, imported!.inputs)).changes).to.equal(false);
    // A refresh of what the import recorded keeps them: the program it wrote manages them.
    const refreshed = await kindProvider("Alert").read(id, imported!.outs, imported!.inputs, "refresh");
    expect(refreshed?.inputs).to.deep.equal(imported?.inputs);
  });

  it("a read for `pulumi import` of a saved-search alert with a note and one channel manages the note only, as `search`", async () => {
    // Made through this process's client (which sends `saved_search`): a write of its own, so that the list a
    // refresh of an earlier test kept is not taken for the API's.
    const made = await providerSession.observability().alerts.create({
      ...searchAlertBody(production.fixture),
      name: "checkout errors",
      note: "page the on-call first",
    });
    const id = made.id;
    const stored = (await api(`/${id}`)).body.data;
    // The API lists the one channel in `channels` too: that is no list the program must set.
    expect(stored).to.include({ source: "saved_search" });
    expect(stored.channels).to.have.length(1);
    const imported = await kindProvider("Alert").read(id, {}, {}, "import");
    expect(imported?.inputs).to.deep.equal({
      ...searchAlertBody(production.fixture),
      name: "checkout errors",
      note: "page the on-call first",
    });
    expect(imported?.outs.managedFields).to.deep.equal(["note"]);
  });

  it("a program that sets the note manages it: an update sends its value", async () => {
    const inputs: Bag = { ...tileAlertBody(production.fixture), note: "from the program" };
    const created = await provider.create(inputs);
    await api(`/${created.id}`, "PUT", { ...tileAlertBody(production.fixture), note: "from the app" });
    await provider.update(created.id, created.outs, { ...inputs, threshold: 6 });
    expect((await api(`/${created.id}`)).body.data).to.include({ note: "from the program", threshold: 6 });
  });

  it("pages the list past 1000 alerts: a lost reply is reconciled with an alert on the second page", async () => {
    const filler = tileAlertBody(production.fixture);
    for (let made = 0; made < 1001; made += 1) {
      const response = await api("", "POST", { ...filler, name: `filler ${made}` });
      expect(response.status).to.equal(200);
    }
    const firstPage = await api("");
    expect(firstPage.body.data).to.have.length(1000);
    expect(firstPage.headers.get("x-total-count")).to.equal("1001");

    await production.control.setFaults({
      script: [{ route: "POST /api/v2/alerts", kinds: ["dropAfterProcessing"] }],
    });
    const inputs: Bag = { ...filler, name: "the 1002nd" };
    const created = await provider.create(inputs);
    const all = await providerSession.observability().alerts.list();
    expect(all).to.have.length(1002);
    expect(all.filter((alert) => alert.name === "the 1002nd").map((alert) => alert.id)).to.deep.equal([
      created.id,
    ]);
    const posts = (await production.control.requests()).filter(
      (entry) => entry.route === "POST /api/v2/alerts",
    );
    expect(posts.at(-1)?.fault).to.equal("dropAfterProcessing");
  });
});
