import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { LocalStack, type StateResource } from "../../../scripts/lib/localStack";
import { basicAuth, send } from "../../support/httpRequests";
import { forEachDialect, sharedEmulator } from "../../support/emulator";
import { placesSecretsMustNotBe, plainStackExport } from "../../support/stackExport";
import { nativeProjectDir, nativeStackConfig } from "../../support/nativeProject";

const programModule = path.join(__dirname, "programs", "all-kinds", "index.js");
const day = 86_400_000;
// A fixed week, so the expected series can be asked of the API directly.
const startTime = Date.UTC(2025, 2, 3);
const endTime = startTime + 7 * day;

/**
 * The five kinds and getSeries served by the native plugin, loaded as a project plugin, through the real engine:
 * each test builds on the stack the previous one left, as a user's `up`, `preview`, `refresh` and `destroy` would.
 */
forEachDialect((dialect) =>
  describe(`native plugin: every kind through the real engine (${dialect} wire)`, function () {
    const reverseCollection =
      dialect === "spec" ? "dataPipesReversePrivateEndpoints" : "clickpipesReversePrivateEndpoints";
    this.timeout(300_000);
    let emulator: RunningEmulator;
    let projectDir: string;
    let stack: LocalStack;
    const runId = `${process.pid}-${Date.now().toString(36)}`;
    const endpointId = `vpce-${randomBytes(8).toString("hex")}`;
    const secretsSeen: string[] = [];
    let outputs: Record<string, unknown> = {};

    function management(method: string, route: string, body?: unknown) {
      const { fixture } = emulator;
      return send(`${fixture.managementUrl}/v1/organizations/${fixture.organizationId}${route}`, method, {
        headers: { authorization: basicAuth(fixture.tokenKey, fixture.tokenSecret) },
        body,
      });
    }

    function observability(method: string, route: string, body?: unknown) {
      const { fixture } = emulator;
      return send(`${fixture.observabilityUrl}${route}`, method, {
        headers: { authorization: `Bearer ${fixture.observabilityToken}` },
        body,
      });
    }

    async function up(): Promise<void> {
      const result = await stack.up();
      outputs = Object.fromEntries(Object.entries(result).map(([name, output]) => [name, output.value]));
    }

    async function stateResources(): Promise<StateResource[]> {
      const exported = JSON.parse(await plainStackExport(stack)) as {
        deployment: { resources?: StateResource[] };
      };
      return exported.deployment.resources ?? [];
    }

    before(async () => {
      emulator = await sharedEmulator(dialect);
      const { fixture } = emulator;
      const dashboard = fixture.dashboards[0];
      projectDir = nativeProjectDir("chc-native-all-kinds");
      stack = await LocalStack.create({
        projectDir,
        programModule,
        config: {
          ...nativeStackConfig(fixture),
          "e2e:keyName": { value: `native-key-${runId}` },
          "e2e:rotationTrigger": { value: "1" },
          "e2e:alertName": { value: `native-alert-${runId}` },
          "e2e:dashboardId": { value: dashboard.id },
          "e2e:tileId": { value: dashboard.tileIds[0] },
          "e2e:threshold": { value: "10" },
          "e2e:webhookId": { value: fixture.webhooks[0].id },
          "e2e:endpointServiceId": { value: fixture.services.development },
          "e2e:endpointId": { value: endpointId },
          "e2e:endpointDescription": { value: "native first" },
          "e2e:reverseServiceId": { value: fixture.services.production },
          "e2e:reverseDescription": { value: `native-reverse-${runId}` },
          "e2e:scalingServiceId": { value: fixture.services.secondary },
          "e2e:numReplicas": { value: "3" },
          "e2e:sourceId": { value: fixture.sources[0].id },
          "e2e:startTime": { value: String(startTime) },
          "e2e:endTime": { value: String(endTime) },
        },
      });
    });

    after(async () => {
      await stack?.dispose();
      fs.rmSync(projectDir, { recursive: true, force: true });
    });

    it("up creates all five in the emulators and getSeries answers the API's series", async () => {
      await up();
      const key = await management("GET", `/keys/${String(outputs.keyUuid)}`);
      expect(key.body.result).to.include({ name: `native-key-${runId}`, state: "enabled" });
      expect(outputs.keyState).to.equal("enabled");
      expect(outputs.keyId).to.be.a("string");
      secretsSeen.push(String(outputs.keySecret));

      const alert = await observability("GET", `/api/v2/alerts/${String(outputs.alertId)}`);
      expect(alert.body.data).to.include({ name: `native-alert-${runId}`, threshold: 10 });

      expect(outputs.endpointResourceId).to.equal(`${emulator.fixture.services.development}/${endpointId}`);
      expect(outputs.endpointRegion).to.equal("us-east-1");
      const service = await management("GET", `/services/${emulator.fixture.services.development}`);
      expect(service.body.result.privateEndpointIds).to.include(endpointId);

      expect(outputs.reverseStatus).to.equal("Ready");
      const reverse = await management(
        "GET",
        `/services/${emulator.fixture.services.production}/${reverseCollection}/${String(outputs.reverseEndpointId)}`,
      );
      expect(reverse.body.result).to.include({ description: `native-reverse-${runId}` });

      expect(outputs.scalingId).to.equal(emulator.fixture.services.secondary);
      expect(outputs.scalingManaged).to.deep.equal(["numReplicas"]);
      const scaled = await management("GET", `/services/${emulator.fixture.services.secondary}`);
      expect(scaled.body.result.numReplicas).to.equal(3);

      const direct = await observability("POST", "/api/v2/charts/series", {
        series: [{ sourceId: emulator.fixture.sources[0].id, aggFn: "count", where: "", groupBy: [] }],
        startTime,
        endTime,
        granularity: "1h",
      });
      const rows = direct.body.data as Array<Record<string, number>>;
      expect(rows.length).to.be.greaterThan(0);
      expect(outputs.seriesPoints).to.deep.equal(
        rows.map((row) => ({ ts: row.ts_bucket, value: Number(row["series_0.data"]) })),
      );
    });

    it("keeps native types in state, no provider code, and no secret in plain text", async () => {
      const resources = await stateResources();
      const types = resources.map((resource) => resource.type).sort();
      expect(types).to.deep.equal([
        "clickhouse-cloud:index:Alert",
        "clickhouse-cloud:index:ApiKey",
        "clickhouse-cloud:index:PrivateEndpoint",
        "clickhouse-cloud:index:ReplicaScaling",
        "clickhouse-cloud:index:ReversePrivateEndpoint",
        "pulumi:providers:clickhouse-cloud",
        "pulumi:pulumi:Stack",
      ]);
      for (const resource of resources) {
        expect(JSON.stringify(resource)).to.not.include("__provider");
      }
      const key = resources.find((resource) => resource.type === "clickhouse-cloud:index:ApiKey");
      expect(key?.outputs?.keySecret).to.have.property("ciphertext");
      const provider = resources.find((resource) => resource.type === "pulumi:providers:clickhouse-cloud");
      expect(provider?.inputs?.tokenSecret).to.have.property("ciphertext");
      for (const [place, text] of await placesSecretsMustNotBe(stack)) {
        for (const secret of [
          ...secretsSeen,
          emulator.fixture.tokenSecret,
          emulator.fixture.observabilityToken,
        ]) {
          expect(text.includes(secret), `a secret in plain text in ${place}`).to.equal(false);
        }
      }
    });

    it("preview shows no changes", async () => {
      expect(await stack.preview()).to.deep.equal({ same: 6 });
    });

    it("in-place changes update, a new rotation trigger replaces the key", async () => {
      const keyUuid = String(outputs.keyUuid);
      const alertId = String(outputs.alertId);
      await stack.stack.setConfig("e2e:threshold", { value: "20" });
      await stack.stack.setConfig("e2e:endpointDescription", { value: "native second" });
      await stack.stack.setConfig("e2e:numReplicas", { value: "2" });
      await stack.stack.setConfig("e2e:rotationTrigger", { value: "2" });
      expect(await stack.preview()).to.deep.equal({ same: 2, update: 3, replace: 1 });
      await up();
      expect(outputs.alertId).to.equal(alertId);
      expect((await observability("GET", `/api/v2/alerts/${alertId}`)).body.data.threshold).to.equal(20);
      const service = `/services/${emulator.fixture.services.secondary}`;
      expect((await management("GET", service)).body.result.numReplicas).to.equal(2);
      expect(outputs.keyUuid).to.not.equal(keyUuid);
      expect((await management("GET", `/keys/${keyUuid}`)).status).to.equal(404);
      secretsSeen.push(String(outputs.keySecret));
      expect(await stack.preview()).to.deep.equal({ same: 6 });
    });

    it("refresh reads changes made out of band, keeps secrets encrypted, and up puts the program's values back", async () => {
      const keyUuid = String(outputs.keyUuid);
      await management("PATCH", `/keys/${keyUuid}`, { state: "disabled" });
      const alertId = String(outputs.alertId);
      const alert = (await observability("GET", `/api/v2/alerts/${alertId}`)).body.data as Record<
        string,
        unknown
      >;
      await observability("PUT", `/api/v2/alerts/${alertId}`, {
        name: alert.name,
        source: "tile",
        dashboardId: emulator.fixture.dashboards[0].id,
        tileId: emulator.fixture.dashboards[0].tileIds[0],
        threshold: 99,
        interval: "5m",
        thresholdType: "above",
        channel: { type: "webhook", webhookId: emulator.fixture.webhooks[0].id },
      });
      expect(await stack.refresh()).to.deep.equal({ same: 4, update: 2 });
      const key = (await stateResources()).find(
        (resource) => resource.type === "clickhouse-cloud:index:ApiKey",
      );
      expect(key?.outputs?.state).to.equal("disabled");
      expect(key?.outputs?.keySecret).to.have.property("ciphertext");
      expect(await stack.preview()).to.deep.equal({ same: 4, update: 2 });
      await up();
      expect((await management("GET", `/keys/${keyUuid}`)).body.result.state).to.equal("enabled");
      expect((await observability("GET", `/api/v2/alerts/${alertId}`)).body.data.threshold).to.equal(20);
      for (const [place, text] of await placesSecretsMustNotBe(stack)) {
        for (const secret of secretsSeen)
          expect(text.includes(secret), `a secret in ${place}`).to.equal(false);
      }
    });

    it("destroy deletes what the program made and leaves the state empty", async () => {
      const keyUuid = String(outputs.keyUuid);
      const alertId = String(outputs.alertId);
      await stack.destroy();
      expect((await management("GET", `/keys/${keyUuid}`)).status).to.equal(404);
      expect((await observability("GET", `/api/v2/alerts/${alertId}`)).status).to.equal(404);
      const service = await management("GET", `/services/${emulator.fixture.services.development}`);
      expect(service.body.result.privateEndpointIds).to.not.include(endpointId);
      const reverse = await management(
        "GET",
        `/services/${emulator.fixture.services.production}/${reverseCollection}/${String(outputs.reverseEndpointId)}`,
      );
      expect(reverse.status).to.equal(404);
      expect(await stack.resources()).to.deep.equal([]);
    });
  }),
);
