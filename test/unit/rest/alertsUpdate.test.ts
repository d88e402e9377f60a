import { expect } from "chai";
import type { Alert, AlertCreateRequest } from "../../../provider/rest";
import type { RunningEmulator } from "../../../emulator";
import { observabilityClientFor } from "../../support/clients";
import { useEmulator } from "../../support/emulator";
import { loggedRequests, testOptions } from "../../support/restHarness";

/** A tile alert on the emulator's first dashboard and webhook. */
function tileAlert(emulator: RunningEmulator, name: string): AlertCreateRequest {
  const { dashboards, webhooks } = emulator.fixture;
  return {
    name,
    threshold: 250,
    interval: "5m",
    source: "tile",
    thresholdType: "above",
    channel: { type: "webhook", webhookId: webhooks[0]!.id },
    dashboardId: dashboards[0]!.id,
    tileId: dashboards[0]!.tileIds[0]!,
  };
}

/** A keepUnmanaged that records the alert it was given and marks the request with its name. */
function recordingKeep(given: Alert[]) {
  return (request: AlertCreateRequest, current: Alert): AlertCreateRequest => {
    given.push(current);
    return { ...request, name: `${request.name} (was ${current.name})` };
  };
}

describe("the alert client's update on each wire", () => {
  describe("spec wire", () => {
    const setup = useEmulator();

    it("PUTs the request as it is, without reading the alert first", async () => {
      const alerts = observabilityClientFor(setup.emulator.fixture, testOptions([])).alerts;
      const created = await alerts.create(tileAlert(setup.emulator, "first"));
      const given: Alert[] = [];
      const updated = await alerts.update(
        created.id,
        tileAlert(setup.emulator, "second"),
        recordingKeep(given),
      );
      expect(updated.name).to.equal("second");
      expect(given).to.deep.equal([]);
      expect(await loggedRequests(setup.emulator)).to.deep.equal([
        "POST /api/v2/alerts 200",
        `PUT /api/v2/alerts/${created.id} 200`,
      ]);
    });
  });

  describe("production wire", () => {
    const setup = useEmulator({ dialect: "production" });

    it("reads the alert, then PUTs the request with what keepUnmanaged takes from it", async () => {
      const alerts = observabilityClientFor(setup.emulator.fixture, testOptions([])).alerts;
      const created = await alerts.create(tileAlert(setup.emulator, "first"));
      const given: Alert[] = [];
      const updated = await alerts.update(
        created.id,
        tileAlert(setup.emulator, "second"),
        recordingKeep(given),
      );
      expect(updated.name).to.equal("second (was first)");
      expect(given.map((alert) => alert.id)).to.deep.equal([created.id]);
      const requests = await loggedRequests(setup.emulator);
      expect(requests.slice(1)).to.deep.equal([
        `GET /api/v2/alerts/${created.id} 200`,
        `PUT /api/v2/alerts/${created.id} 200`,
      ]);
    });

    it("takes the alert as just read instead of reading it again", async () => {
      const alerts = observabilityClientFor(setup.emulator.fixture, testOptions([])).alerts;
      const created = await alerts.create(tileAlert(setup.emulator, "first"));
      const given: Alert[] = [];
      const updated = await alerts.update(
        created.id,
        tileAlert(setup.emulator, "second"),
        recordingKeep(given),
        created,
      );
      expect(updated.name).to.equal("second (was first)");
      expect(given).to.deep.equal([created]);
      expect((await loggedRequests(setup.emulator)).slice(1)).to.deep.equal([
        `PUT /api/v2/alerts/${created.id} 200`,
      ]);
    });
  });
});
