/**
 * The Alert resource and what the real observability API does beyond its specification: it bounds name and message
 * (refused at preview), returns a silence as an object, names fields as newer versions name them, sends nulls and
 * fields the resource does not use. None of it breaks a read or shows as a change; what the resource sends stays
 * strict.
 */
import type * as pulumi from "@pulumi/pulumi";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { providerOf } from "../../support/providers";
import { CannedServer } from "../../support/cannedServer";
import { tileAlertBody } from "../../support/alertBodies";
import { dedicatedEmulator } from "../../support/emulator";
import { emulatorConfigureRequest } from "../../support/providerConfig";
import { configureRequestFrom, stackConfigFor } from "../../support/stackConfig";
import { forgetKeptLists } from "../../../provider/rest/coalescing/writeGeneration";

type Bag = Record<string, unknown>;

const webhookId = "65f5e4a3b9e77c001a789012";
const savedSearchId = "65f5e4a3b9e77c001a345678";
const dashboardId = "65f5e4a3b9e77c001a567890";

/** A search alert as a newer version of the real API returns it (its own names, its extra fields, its nulls). */
const newerSearchAlert = {
  id: "65f5e4a3b9e77c001a123456",
  name: "Checkout errors",
  message: null,
  note: null,
  threshold: 10,
  interval: "5m",
  numConsecutiveWindows: null,
  scheduleStartAt: null,
  thresholdType: "above",
  source: "saved_search",
  state: "ALERT",
  channel: { type: "webhook", webhookId },
  channels: [{ type: "webhook", webhookId }],
  teamId: "65f5e4a3b9e77c001a345699",
  savedSearchId,
  groupBy: "ServiceName",
  silenced: {
    by: "65f5e4a3b9e77c001a234567",
    at: "2026-03-19T08:00:00.000Z",
    until: "2099-03-20T08:00:00.000Z",
  },
  executionErrors: [{ timestamp: "2026-04-17T12:00:00.000Z", type: "QUERY_ERROR", message: "timed out" }],
  createdAt: "2026-03-15T10:20:30.000Z",
  updatedAt: "2026-03-19T08:00:00.000Z",
};

/** The program's inputs for that alert. */
const searchInputs: Bag = {
  threshold: 10,
  interval: "5m",
  source: "search",
  thresholdType: "above",
  channel: { type: "webhook", webhookId },
  savedSearchId,
  groupBy: "ServiceName",
  name: "Checkout errors",
};

/** The program's inputs for that alert, with `overrides`. */
const searchAlertWith = (overrides: Bag = {}): Bag => ({ ...searchInputs, ...overrides });

describe("AlertProvider and the real API's rules and responses", function () {
  this.timeout(30_000);
  const provider = providerOf("Alert");

  describe("check", () => {
    const failuresOf = async (news: Bag) => (await provider.check({}, news)).failures ?? [];
    const byProperty = async (news: Bag) =>
      Object.fromEntries((await failuresOf(news)).map((failure) => [failure.property, failure.reason]));

    it("wants name of 1 to 512 characters and message of 1 to 4096, naming field and rule", async () => {
      expect(
        await failuresOf(searchAlertWith({ name: "n".repeat(512), message: "m".repeat(4096) })),
      ).to.deep.equal([]);
      const tooLong = await byProperty(searchAlertWith({ name: "n".repeat(513), message: "m".repeat(4097) }));
      expect(tooLong.name).to.match(/^name must be at most 512 characters; got 513$/);
      expect(tooLong.message).to.match(/^message must be at most 4096 characters; got 4097$/);
      const empty = await byProperty(searchAlertWith({ name: "", message: "" }));
      expect(empty.name).to.match(/^name must not be empty/);
      expect(empty.message).to.match(/^message must not be empty/);
    });
  });

  after(async () => {
    await provider.configure(await emulatorConfigureRequest());
  });

  describe("a silence set outside Pulumi (emulator control path, production wire: the silence is an object)", () => {
    let emulator: RunningEmulator;

    before(async () => {
      emulator = await dedicatedEmulator({ dialect: "production" });
      await provider.configure(configureRequestFrom(stackConfigFor(emulator)));
    });
    after(async () => {
      await provider.configure(await emulatorConfigureRequest());
      await emulator.close();
    });

    const tileInputs = (): Bag => ({
      ...tileAlertBody(emulator.fixture),
      name: `silenced ${process.pid}-${Date.now()}`,
    });

    it("refreshes with silenced true and its end, the same inputs and no diff", async () => {
      const inputs = tileInputs();
      const created = await provider.create(inputs);
      expect(created.outs).to.include({ silenced: false });
      expect(created.outs).not.to.have.property("silencedUntil");

      await emulator.control.silenceAlert(created.id, "2099-03-20T08:00:00Z");
      forgetKeptLists();
      const read = await provider.read(created.id, created.outs ?? {});
      expect(read.props).to.include({ silenced: true, silencedUntil: "2099-03-20T08:00:00.000Z" });
      expect(read.inputs).to.deep.equal(inputs);
      expect(await provider.diff(created.id, read.props ?? {}, inputs)).to.deep.equal({
        changes: false,
        replaces: [],
      });

      await emulator.control.silenceAlert(created.id, "2001-01-01T00:00:00Z");
      forgetKeptLists();
      const expired = await provider.read(created.id, read.props ?? {});
      expect(expired.props).to.include({ silenced: false, silencedUntil: "2001-01-01T00:00:00.000Z" });

      await emulator.control.unsilenceAlert(created.id);
      forgetKeptLists();
      const lifted = await provider.read(created.id, expired.props ?? {});
      expect(lifted.props).to.include({ silenced: false });
      expect(lifted.props).not.to.have.property("silencedUntil");
      await provider.delete(created.id, {});
    });
  });

  describe("responses of the real API's versions (replayed)", () => {
    let next: (index: number) => { status: number; body: string };
    const server = new CannedServer((index) => next(index));

    before(async () => {
      await server.start();
      await provider.configure(configureRequestFor(server.url));
    });

    after(async () => {
      await server.stop();
    });

    const answer = (data: unknown) => () => ({ status: 200, body: JSON.stringify({ data }) });

    it("reads a newer version's search alert into the program's inputs, with no diff", async () => {
      next = answer(newerSearchAlert);
      const read = await provider.read(newerSearchAlert.id, searchInputs);
      expect(read.inputs).to.deep.equal(searchInputs);
      expect((await provider.diff(newerSearchAlert.id, read.props ?? {}, searchInputs)).changes).to.equal(
        false,
      );
      expect(read.props).to.include({
        team: newerSearchAlert.teamId,
        savedSearch: savedSearchId,
        state: "ALERT",
        silenced: true,
        silencedUntil: "2099-03-20T08:00:00.000Z",
      });
      expect(read.props?.channels).to.deep.equal([{ type: "webhook", webhookId }]);
      expect(read.props).not.to.have.any.keys("message", "note", "executionErrors", "teamId");
    });

    it("reads a tile alert whose dashboard id comes back in lower case as the program's spelling", async () => {
      const inputs: Bag = {
        threshold: 1,
        interval: "1h",
        source: "tile",
        thresholdType: "below",
        channel: { type: "webhook", webhookId },
        dashboardId: dashboardId.toUpperCase(),
        tileId: "tile-1",
      };
      next = answer({
        id: "65f5e4a3b9e77c001a123457",
        name: null,
        message: null,
        threshold: 1,
        interval: "1h",
        thresholdType: "below",
        source: "tile",
        state: "OK",
        channel: { type: "webhook", webhookId },
        teamId: "65f5e4a3b9e77c001a345699",
        dashboardId,
        tileId: "tile-1",
      });
      const read = await provider.read("65f5e4a3b9e77c001a123457", inputs);
      expect(read.inputs).to.deep.equal(inputs);
      expect(read.props).to.include({
        dashboard: dashboardId,
        dashboardId: inputs.dashboardId,
        silenced: false,
      });
    });

    it("takes the channel from `channels` when `channel` is absent, and a boolean silenced as the table gives it", async () => {
      const { channel: _channel, silenced: _silenced, ...rest } = newerSearchAlert;
      next = answer({ ...rest, silenced: true });
      const read = await provider.read(newerSearchAlert.id, searchInputs);
      expect(read.inputs).to.deep.equal(searchInputs);
      expect(read.props).to.include({ silenced: true });
      expect(read.props).not.to.have.property("silencedUntil");
    });

    it("shows a value the API added to an enum as a change to undo, not a failed read", async () => {
      next = answer({ ...newerSearchAlert, thresholdType: "above_exclusive" });
      const read = await provider.read(newerSearchAlert.id, searchInputs);
      expect(read.inputs).to.include({ thresholdType: "above_exclusive" });
      expect((await provider.diff(newerSearchAlert.id, read.props ?? {}, searchInputs)).changes).to.equal(
        true,
      );
    });

    it("reads a source, threshold type and channel left out, null or not listed as the program's, with no diff", async () => {
      const { channel: _channel, ...rest } = newerSearchAlert;
      next = answer({ ...rest, source: null, thresholdType: "a_comparison_not_listed", channels: null });
      const read = await provider.read(newerSearchAlert.id, searchInputs);
      expect(read.inputs).to.deep.equal(searchInputs);
      expect(read.props).to.deep.include({
        source: "search",
        thresholdType: "above",
        channel: { type: "webhook", webhookId },
      });
      expect((await provider.diff(newerSearchAlert.id, read.props ?? {}, searchInputs)).changes).to.equal(
        false,
      );
    });

    it("leaves out the state, team and dates an answer does not report", async () => {
      const {
        state: _state,
        teamId: _teamId,
        createdAt: _createdAt,
        updatedAt: _updatedAt,
        ...rest
      } = newerSearchAlert;
      next = answer({ ...rest, state: null });
      const read = await provider.read(newerSearchAlert.id, searchInputs);
      expect(read.inputs).to.deep.equal(searchInputs);
      expect(read.props).not.to.have.any.keys("state", "team", "createdAt", "updatedAt");
    });

    it("sends only the fields of the alert's source, never an empty id of the other one", async () => {
      const before = server.received.length;
      next = answer({ ...newerSearchAlert, id: "65f5e4a3b9e77c001a123458" });
      const created = await provider.create({ ...searchInputs, dashboardId: "", tileId: "" });
      expect(created.id).to.equal("65f5e4a3b9e77c001a123458");
      // The create is the only request: nothing is listed first.
      const sent = server.received.slice(before);
      expect(sent.map((request) => request.method)).to.deep.equal(["POST"]);
      expect(JSON.parse(sent[0].body ?? "{}")).to.deep.equal(searchInputs);
    });
  });
});

function configureRequestFor(apiUrl: string): pulumi.dynamic.ConfigureRequest {
  return configureRequestFrom({
    "observability:apiUrl": apiUrl,
    "observability:apiToken": "replayed-token",
    "observability:throttle": "off",
  });
}
