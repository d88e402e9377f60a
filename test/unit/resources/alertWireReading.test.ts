/**
 * How an Alert is built from the program's inputs and read back from the alert the API shows, on answers the
 * emulator never gives: the request of a tile alert carries none of a search's fields, an update on the production
 * wire sends the program's channels as it manages them and otherwise keeps the app's after the program's one, once
 * each, past entries it cannot read, and a channel list holding one the outputs cannot hold is left out of them.
 */
import { expect } from "chai";
import type { Alert as RemoteAlert } from "../../../provider/rest";
import { alertOutputs, keepingUnmanaged, requestOf } from "../../../provider/resources/alert/remoteAlert";
import type { AlertInputs } from "../../../provider/resources/alert/shapes";

const [a, b, c] = ["65f1a2b3c4d5e6f708192a3a", "65f1a2b3c4d5e6f708192a3b", "65f1a2b3c4d5e6f708192a3c"].map(
  (webhookId) => ({ type: "webhook" as const, webhookId }),
);
const dashboardId = "65f1a2b3c4d5e6f708192a40";
const tileId = "65f1a2b3c4d5e6f708192a41";

/** A tile alert as the program sets it, notifying `channel`. */
function tileInputs(channel = a) {
  return {
    name: "latency",
    threshold: 5,
    interval: "5m",
    source: "tile" as const,
    thresholdType: "above" as const,
    channel,
    dashboardId,
    tileId,
  };
}

/** The alert as the production wire shows it, with `channels` as the app left them. */
function shownAlert(channels: unknown[] | undefined, fields: Record<string, unknown> = {}): RemoteAlert {
  const shown: Record<string, unknown> = {
    id: "65f1a2b3c4d5e6f708192a50",
    ...tileInputs(a),
    state: "OK",
    ...fields,
  };
  if (channels !== undefined) shown.channels = channels;
  return shown as unknown as RemoteAlert;
}

describe("an Alert's request and its reading of the alert the API shows", () => {
  describe("the request that creates or replaces it", () => {
    it("carries none of a saved search's fields on a tile alert, not even an empty groupBy check lets through", () => {
      const inputs = { ...tileInputs(), groupBy: "" } as AlertInputs;
      expect(requestOf(inputs)).to.deep.equal(tileInputs());
    });
  });

  describe("an update on the production wire, which PUTs the whole alert", () => {
    it("sends the channels the program sets as they are, whatever the alert lists", () => {
      const request = requestOf({ ...tileInputs(a), channels: [a, b] } as AlertInputs);
      const sent = keepingUnmanaged(request, shownAlert([a, c]));
      expect(sent).to.deep.equal({ ...tileInputs(a), channels: [a, b] });
    });

    it("sends no channels when the alert lists only one, or none (a managed ClickStack's alert)", () => {
      const request = requestOf(tileInputs(b) as AlertInputs);
      expect(keepingUnmanaged(request, shownAlert([a]))).to.deep.equal(tileInputs(b));
      expect(keepingUnmanaged(request, shownAlert(undefined))).to.deep.equal(tileInputs(b));
    });

    it("lists a channel the app added once when the program's channel becomes it: [A, C] with channel C is [C]", () => {
      const request = requestOf(tileInputs(c) as AlertInputs);
      expect(keepingUnmanaged(request, shownAlert([a, c])).channels).to.deep.equal([c]);
    });

    it("keeps the app's channels past entries of the list that are no channel", () => {
      const request = requestOf(tileInputs(b) as AlertInputs);
      const sent = keepingUnmanaged(request, shownAlert([a, null, "junk", c]));
      expect(sent.channels).to.deep.equal([b, c]);
    });
  });

  describe("the outputs", () => {
    it("leave channels out when the API lists one the outputs cannot hold, and keep the channel", () => {
      const outputs = alertOutputs(
        tileInputs(a) as AlertInputs,
        shownAlert([a, { type: "email", webhookId: b.webhookId }], { channel: a }),
        Date.now(),
      );
      expect(outputs.channel).to.deep.equal(a);
      expect(outputs).not.to.have.property("channels");
    });
  });
});
