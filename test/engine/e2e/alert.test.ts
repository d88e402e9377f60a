import { expect } from "chai";
import type { Fixture } from "../../../emulator";
import {
  isNotFound,
  type Alert,
  type AlertCreateRequest,
  type ObservabilityClient,
} from "../../../provider/rest";
import { LocalStack } from "../../../scripts/lib/localStack";
import { observabilityClientFor } from "../../support/clients";
import { emulatorStackConfig, forEachDialect, sharedEmulator } from "../../support/emulator";
import { testProgram } from "../../support/programs";

const { projectDir, programModule } = testProgram("e2e", "alert");

/** The wire's words for what the specification calls `dashboard`, `savedSearch`, `search` and a new alert's state. */
const dashboardOf = (alert: Alert) => alert.dashboard ?? alert.dashboardId ?? undefined;
const savedSearchOf = (alert: Alert) => alert.savedSearch ?? alert.savedSearchId ?? undefined;

forEachDialect((dialect) =>
  describe(`Alert through the real engine (${dialect} wire)`, function () {
    this.timeout(300_000);
    const newState = dialect === "spec" ? "inactive" : "OK";
    const searchWord = dialect === "spec" ? "search" : "saved_search";
    let stack: LocalStack;
    let fixture: Fixture;
    let api: ObservabilityClient;
    const prefix = `e2e-alert-${process.pid}-${Date.now().toString(36)}`;
    /** Alert ids the stack has had, checked after destroy. */
    const seenIds = new Set<string>();
    /** The tile alert's inputs and outputs as the stack's state records them. */
    const tileAlertState = async () => {
      const resource = (await stack.resources()).find((candidate) => candidate.urn.endsWith("::tile-alert"));
      return { inputs: resource?.inputs ?? {}, outputs: resource?.outputs ?? {} };
    };

    before(async () => {
      fixture = (await sharedEmulator(dialect)).fixture;
      api = observabilityClientFor(fixture);
      const dashboard = fixture.dashboards[0];
      stack = await LocalStack.create({
        projectDir,
        programModule,
        config: {
          ...(await emulatorStackConfig(dialect)),
          "e2e:prefix": { value: prefix },
          "e2e:dashboardId": { value: dashboard.id },
          "e2e:tileId": { value: dashboard.tileIds[0] },
          "e2e:savedSearchId": { value: fixture.savedSearches[0].id },
          "e2e:webhookId": { value: fixture.webhooks[0].id },
          "e2e:threshold": { value: "5" },
          "e2e:message": { value: "first" },
          "e2e:switchingSource": { value: "search" },
        },
      });
    });

    after(async () => {
      await stack?.dispose();
    });

    it("up creates an alert on a tile and one on a saved search", async () => {
      const outputs = await stack.up();
      const tile = await api.alerts.get(String(outputs.tileAlertId.value));
      expect(tile).to.include({
        source: "tile",
        threshold: 5,
        message: "first",
        state: newState,
        name: `${prefix} tile`,
      });
      expect(dashboardOf(tile)).to.equal(fixture.dashboards[0].id);
      expect(tile.tileId).to.equal(fixture.dashboards[0].tileIds[0]);
      expect(outputs.tileState.value).to.equal(newState);
      expect(outputs.tileDashboard.value).to.equal(fixture.dashboards[0].id);
      const search = await api.alerts.get(String(outputs.switchingAlertId.value));
      expect(search).to.include({ source: searchWord, groupBy: "service" });
      expect(savedSearchOf(search)).to.equal(fixture.savedSearches[0].id);
      expect(outputs.switchingSavedSearch.value).to.equal(fixture.savedSearches[0].id);
      seenIds.add(tile.id).add(search.id);
    });

    it("preview shows no changes", async () => {
      expect(await stack.preview()).to.deep.equal({ same: 3 });
    });

    it("refreshes an alert silenced out of band with no diff, and preview still shows no changes", async () => {
      const tileId = String((await stack.stack.outputs()).tileAlertId.value);
      const until = "2099-03-20T08:00:00.000Z";
      const silenced = await fetch(
        `${(await sharedEmulator(dialect)).url}/__emulator/alerts/${tileId}/silence`,
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ until, by: "65f5e4a3b9e77c001a234567" }),
        },
      );
      expect(silenced.status, await silenced.text()).to.equal(200);
      const inputsBefore = (await tileAlertState()).inputs;

      expect(await stack.refresh()).to.deep.equal({ same: 3 });
      const tile = await tileAlertState();
      // The production wire shows the silence's end; the specification's shows the boolean alone.
      expect(tile.outputs).to.include(
        dialect === "spec" ? { silenced: true } : { silenced: true, silencedUntil: until },
      );
      expect(tile.inputs).to.deep.equal(inputsBefore);
      expect(await stack.preview()).to.deep.equal({ same: 3 });
    });

    it("updates threshold, message and channel, and a source change, in place", async () => {
      const before = await stack.stack.outputs();
      await stack.stack.setAllConfig({
        "e2e:threshold": { value: "7" },
        "e2e:message": { value: "second" },
        "e2e:webhookId": { value: fixture.webhooks[1].id },
        "e2e:switchingSource": { value: "tile" },
      });
      const outputs = await stack.up();
      expect(outputs.tileAlertId.value).to.equal(before.tileAlertId.value);
      expect(outputs.switchingAlertId.value).to.equal(before.switchingAlertId.value);
      const tile = await api.alerts.get(String(outputs.tileAlertId.value));
      expect(tile).to.include({ threshold: 7, message: "second" });
      expect(tile.channel).to.deep.equal({ type: "webhook", webhookId: fixture.webhooks[1].id });
      const switched = await api.alerts.get(String(outputs.switchingAlertId.value));
      expect(switched).to.include({ source: "tile" });
      expect(dashboardOf(switched)).to.equal(fixture.dashboards[0].id);
      expect(savedSearchOf(switched)).to.equal(undefined);
      expect(outputs.switchingSource.value).to.equal("tile");
      expect(await lastUpdateChanges(stack)).to.include({ update: 2 });
    });

    it("refresh sees an out-of-band change and deletion, and up puts both back", async () => {
      const before = await stack.stack.outputs();
      const tileId = String(before.tileAlertId.value);
      const switchingId = String(before.switchingAlertId.value);
      await api.alerts.replace(tileId, { ...requestOf(await api.alerts.get(tileId)), threshold: 99 });
      await api.alerts.delete(switchingId);

      expect(await stack.refresh()).to.deep.equal({ same: 1, update: 1, delete: 1 });
      const refreshed = Object.fromEntries(
        (await stack.resources()).map((r) => [r.urn.split("::").pop(), r]),
      );
      expect(refreshed["tile-alert"].outputs?.threshold).to.equal(99);
      expect(refreshed).to.not.have.property("switching-alert");

      const outputs = await stack.up();
      expect(outputs.tileAlertId.value).to.equal(tileId);
      expect((await api.alerts.get(tileId)).threshold).to.equal(7);
      const recreated = String(outputs.switchingAlertId.value);
      expect(recreated).to.not.equal(switchingId);
      expect(await api.alerts.get(recreated)).to.include({ source: "tile", name: `${prefix} switching` });
      seenIds.add(recreated);
    });

    it("destroy leaves no alert of the stack", async () => {
      expect(await stack.destroy()).to.deep.equal({ delete: 3 });
      for (const id of seenIds) {
        const status = await api.alerts.get(id).then(
          () => "still there",
          (error: unknown) => (isNotFound(error) ? "gone" : String(error)),
        );
        expect(status, id).to.equal("gone");
      }
      const named = (await api.alerts.list()).filter((alert) => alert.name?.startsWith(prefix));
      expect(named).to.deep.equal([]);
    });
  }),
);

/** The change summary of the stack's last update, from its history. */
function lastUpdateChanges(stack: LocalStack): Promise<Record<string, number>> {
  return stack.stack.history(1).then(([last]) => (last.resourceChanges ?? {}) as Record<string, number>);
}

/** The PUT body that keeps an alert as it is (a PUT replaces every field). */
function requestOf(alert: Alert): AlertCreateRequest {
  const watched =
    alert.source === "tile"
      ? { dashboardId: dashboardOf(alert), tileId: alert.tileId ?? undefined }
      : { savedSearchId: savedSearchOf(alert), groupBy: alert.groupBy ?? undefined };
  return {
    threshold: alert.threshold,
    interval: alert.interval,
    // The client takes the program's word and sends the wire's.
    source: (alert.source === "saved_search" ? "search" : alert.source) as AlertCreateRequest["source"],
    thresholdType: alert.thresholdType as AlertCreateRequest["thresholdType"],
    channel: { type: "webhook", webhookId: String(alert.channel?.webhookId) },
    name: alert.name ?? undefined,
    message: alert.message ?? undefined,
    ...watched,
  };
}
