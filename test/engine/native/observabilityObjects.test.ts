/**
 * The four observability kinds (Source, Webhook, SavedSearch, Dashboard) and alerts on them, served by the native
 * plugin through the real engine, on both wires: up, a no-change preview, updates in place that keep what the app
 * set, refresh, and destroy. The webhook's header never appears in plain text.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { expect } from "chai";
import type { Fixture } from "../../../emulator";
import type { ObservabilityClient } from "../../../provider/rest";
import { alertingObjectOutputs, expectAlertingObjectsGone } from "../../support/allGone";
import { LocalStack, type StateResource } from "../../../scripts/lib/localStack";
import { observabilityClientFor } from "../../support/clients";
import { send } from "../../support/httpRequests";
import { forEachDialect, sharedEmulator } from "../../support/emulator";
import { placesSecretsMustNotBe, plainStackExport } from "../../support/stackExport";
import { nativeProjectDir, nativeStackConfig } from "../../support/nativeProject";

const programModule = path.join(__dirname, "programs", "observability-objects", "index.js");
const headerValue = "Bearer native-header-value-that-must-stay-secret";

forEachDialect((dialect) =>
  describe(`native plugin: observability objects through the real engine (${dialect} wire)`, function () {
    this.timeout(300_000);
    let fixture: Fixture;
    let api: ObservabilityClient;
    let projectDir: string;
    let stack: LocalStack;
    let ids: Record<string, string> = {};
    let errorsTile = "";
    const prefix = `native-objects-${process.pid}-${Date.now().toString(36)}`;

    /** A request as the app makes it, straight to the API. */
    async function fromTheApp(method: string, route: string, body?: unknown): Promise<void> {
      const response = await send(`${fixture.observabilityUrl}${route}`, method, {
        headers: { authorization: `Bearer ${fixture.observabilityToken}` },
        body,
      });
      expect(response.status, JSON.stringify(response.body)).to.be.within(200, 299);
    }

    async function up(): Promise<Record<string, unknown>> {
      const outputs = await stack.up();
      return Object.fromEntries(Object.entries(outputs).map(([name, output]) => [name, output.value]));
    }

    async function stateOf(type: string): Promise<StateResource | undefined> {
      const exported = JSON.parse(await plainStackExport(stack)) as {
        deployment: { resources?: StateResource[] };
      };
      return exported.deployment.resources?.find((resource) => resource.type === type);
    }

    before(async () => {
      fixture = (await sharedEmulator(dialect)).fixture;
      api = observabilityClientFor(fixture);
      projectDir = nativeProjectDir("chc-native-observability-objects");
      stack = await LocalStack.create({
        projectDir,
        programModule,
        config: {
          ...nativeStackConfig(fixture),
          "e2e:prefix": { value: prefix },
          "e2e:connectionId": { value: fixture.connections[0]?.id as string },
          "e2e:webhookUrl": { value: "https://hooks.example.com/first" },
          "e2e:webhookToken": { value: headerValue, secret: true },
          "e2e:errorTileName": { value: "Errors" },
        },
      });
    });

    after(async () => {
      await stack?.dispose();
      fs.rmSync(projectDir, { recursive: true, force: true });
    });

    it("up makes every object, and the alerts name them by output", async () => {
      const outputs = await up();
      ids = Object.fromEntries(alertingObjectOutputs.map((name) => [name, String(outputs[name])]));
      errorsTile = (outputs.tileIds as Record<string, string>).Errors;
      expect((await api.sources.get(ids.sourceId)).name).to.equal(`${prefix} logs`);
      expect((await api.savedSearches.get(ids.searchId)).sourceId).to.equal(ids.sourceId);
      const dashboard = await api.dashboards.get(ids.dashboardId);
      expect(dashboard.tiles.map((tile) => [tile.name, tile.id])).to.deep.include(["Errors", errorsTile]);
      const tileAlert = await api.alerts.get(ids.tileAlertId);
      expect(tileAlert.tileId).to.equal(errorsTile);
      expect(tileAlert.channel?.webhookId).to.equal(ids.webhookId);
      const searchAlert = await api.alerts.get(ids.searchAlertId);
      expect(searchAlert.savedSearch ?? searchAlert.savedSearchId).to.equal(ids.searchId);
      expect((await api.webhooks.get(ids.webhookId)).url).to.equal("https://hooks.example.com/first");
    });

    it("keeps no provider code in state, and the header only as ciphertext", async () => {
      const webhook = await stateOf("clickhouse-cloud:index:Webhook");
      expect(webhook?.inputs?.headers).to.have.property("ciphertext");
      expect(webhook?.outputs?.headers).to.have.property("ciphertext");
      expect(JSON.stringify(await stack.exportState())).to.not.include("__provider");
      for (const [place, text] of await placesSecretsMustNotBe(stack)) {
        expect(text.includes(headerValue), `the header in plain text in ${place}`).to.equal(false);
      }
      expect((await stack.stack.outputs()).webhookHeaders?.secret).to.equal(true);
    });

    it("preview after up shows no changes", async () => {
      expect(await stack.preview()).to.deep.equal({ same: 7 });
    });

    it("a URL change and a tile rename update in place, keeping the tile's id and what the app set", async () => {
      // A description set in the app: the program does not manage it, so the update must keep it.
      const { name, service, url } = await api.webhooks.get(ids.webhookId);
      await fromTheApp("PUT", `/api/v2/webhooks/${ids.webhookId}`, {
        name,
        service,
        url,
        description: "set in the app",
      });
      await stack.stack.setConfig("e2e:webhookUrl", { value: "https://hooks.example.com/second" });
      await stack.stack.setConfig("e2e:errorTileName", { value: "Error rate" });
      const outputs = await up();
      for (const name of alertingObjectOutputs) expect(String(outputs[name]), name).to.equal(ids[name]);
      const webhook = await api.webhooks.get(ids.webhookId);
      expect(webhook).to.include({ url: "https://hooks.example.com/second", description: "set in the app" });
      const dashboard = await api.dashboards.get(ids.dashboardId);
      expect(dashboard.tiles.map((tile) => [tile.name, tile.id])[0]).to.deep.equal([
        "Error rate",
        errorsTile,
      ]);
      expect((await api.alerts.get(ids.tileAlertId)).tileId).to.equal(errorsTile);
      expect(await stack.preview()).to.deep.equal({ same: 7 });
    });

    it("refresh reads a change made in the app, keeps the header encrypted, and up puts the program's value back", async () => {
      const search = await api.savedSearches.get(ids.searchId);
      await fromTheApp("PUT", `/api/v2/saved-searches/${ids.searchId}`, {
        name: search.name,
        sourceId: search.sourceId,
        where: "SeverityText:warn",
        whereLanguage: search.whereLanguage,
      });
      expect(await stack.refresh()).to.deep.equal({ same: 6, update: 1 });
      const searchState = await stateOf("clickhouse-cloud:index:SavedSearch");
      expect(searchState?.outputs?.where).to.equal("SeverityText:warn");
      const webhook = await stateOf("clickhouse-cloud:index:Webhook");
      expect(webhook?.outputs?.headers).to.have.property("ciphertext");
      expect(await stack.preview()).to.deep.equal({ same: 6, update: 1 });
      await up();
      expect((await api.savedSearches.get(ids.searchId)).where).to.equal("SeverityText:error");
      expect(await stack.preview()).to.deep.equal({ same: 7 });
    });

    it("destroy removes everything and leaves the state empty", async () => {
      await stack.destroy();
      await expectAlertingObjectsGone(api, ids);
      expect(await stack.resources()).to.deep.equal([]);
    });
  }),
);
