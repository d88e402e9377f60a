/**
 * Alerting from scratch through the real engine, on both wires: one program makes a source, a webhook with a
 * secret header, a saved search and a dashboard with two tiles, and alerts on a tile and on the search that name
 * them by output. Preview after up shows no changes; a webhook URL change and a tile rename update in place (the
 * tile keeps its id, and its alert); the header never appears in plain text in state or outputs; destroy removes
 * everything.
 */
import { expect } from "chai";
import type { Fixture } from "../../../emulator";
import type { ObservabilityClient } from "../../../provider/rest";
import { alertingObjectOutputs, expectAlertingObjectsGone } from "../../support/allGone";
import { LocalStack } from "../../../scripts/lib/localStack";
import { observabilityClientFor } from "../../support/clients";
import { emulatorStackConfig, forEachDialect, sharedEmulator } from "../../support/emulator";
import { testProgram } from "../../support/programs";

const { projectDir, programModule } = testProgram("e2e", "alerting");
const token = "Bearer e2e-header-value-that-must-stay-secret";

forEachDialect((dialect) =>
  describe(`alerting from scratch through the real engine (${dialect} wire)`, function () {
    this.timeout(300_000);
    let stack: LocalStack;
    let fixture: Fixture;
    let api: ObservabilityClient;
    let first: Record<string, string> = {};
    const prefix = `e2e-alerting-${process.pid}-${Date.now().toString(36)}`;
    const output = (outputs: Record<string, { value: unknown }>, name: string) =>
      String(outputs[name]?.value);

    before(async () => {
      fixture = (await sharedEmulator(dialect)).fixture;
      api = observabilityClientFor(fixture);
      stack = await LocalStack.create({
        projectDir,
        programModule,
        config: {
          ...(await emulatorStackConfig(dialect)),
          "e2e:prefix": { value: prefix },
          "e2e:connectionId": { value: fixture.connections[0]?.id as string },
          "e2e:webhookUrl": { value: "https://hooks.example.com/first" },
          "e2e:webhookToken": { value: token, secret: true },
          "e2e:errorTileName": { value: "Errors" },
        },
      });
    });

    after(async () => {
      await stack?.dispose();
    });

    it("up makes every object, and the alerts name them by output", async () => {
      const outputs = await stack.up();
      first = Object.fromEntries(alertingObjectOutputs.map((name) => [name, output(outputs, name)]));
      const tileIds = outputs.tileIds?.value as Record<string, string>;
      first.errorsTile = tileIds.Errors;
      expect((await api.sources.get(first.sourceId)).name).to.equal(`${prefix} logs`);
      expect((await api.savedSearches.get(first.searchId)).sourceId).to.equal(first.sourceId);
      const dashboard = await api.dashboards.get(first.dashboardId);
      expect(dashboard.tiles.map((tile) => tile.name)).to.deep.equal(["Errors", "Volume"]);
      const tileAlert = await api.alerts.get(first.tileAlertId);
      expect(tileAlert.tileId).to.equal(first.errorsTile);
      expect(tileAlert.channel?.webhookId).to.equal(first.webhookId);
      const searchAlert = await api.alerts.get(first.searchAlertId);
      expect(searchAlert.savedSearch ?? searchAlert.savedSearchId).to.equal(first.searchId);
    });

    it("preview after up shows no changes", async () => {
      expect(await stack.preview()).to.deep.equal({ same: 7 });
    });

    it("keeps the header secret in state and outputs", async () => {
      const state = JSON.stringify(await stack.exportState());
      expect(state).to.not.include("e2e-header-value-that-must-stay-secret");
      const outputs = await stack.stack.outputs();
      expect(outputs.webhookHeaders?.secret).to.equal(true);
      const engineOutput = stack.logs.map((log) => log.stdout + log.stderr).join("\n");
      expect(engineOutput).to.not.include("e2e-header-value-that-must-stay-secret");
    });

    it("a webhook URL change and a tile rename update in place; the tile keeps its id and its alert", async () => {
      await stack.stack.setConfig("e2e:webhookUrl", { value: "https://hooks.example.com/second" });
      await stack.stack.setConfig("e2e:errorTileName", { value: "Error rate" });
      const outputs = await stack.up();
      for (const name of alertingObjectOutputs) {
        expect(output(outputs, name), name).to.equal(first[name]);
      }
      expect((await api.webhooks.get(first.webhookId)).url).to.equal("https://hooks.example.com/second");
      const dashboard = await api.dashboards.get(first.dashboardId);
      expect(dashboard.tiles.map((tile) => [tile.name, tile.id])[0]).to.deep.equal([
        "Error rate",
        first.errorsTile,
      ]);
      expect((await api.alerts.get(first.tileAlertId)).tileId).to.equal(first.errorsTile);
      expect(await stack.preview()).to.deep.equal({ same: 7 });
    });

    it("destroy removes everything", async () => {
      await stack.destroy();
      await expectAlertingObjectsGone(api, first);
    });
  }),
);
