import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { LocalStack, type StateResource } from "../../../scripts/lib/localStack";
import { basicAuth, send } from "../../support/httpRequests";
import { dedicatedEmulator } from "../../support/emulator";
import { stackConfigFor } from "../../support/stackConfig";
import { placesSecretsMustNotBe, plainStackExport } from "../../support/stackExport";
import { nativeProjectDir, nativeStackConfig } from "../../support/nativeProject";

/** What the emulator holds that the program's resources make or change, each list sorted. */
interface Inventory {
  keys: string[];
  alerts: string[];
  reverseEndpoints: string[];
  attachedEndpoints: string[];
  registeredEndpoints: string[];
  numReplicas: number;
}

/**
 * A stack made with the dynamic classes, one resource of every kind, moves to the native types with an alias per
 * resource: nothing is created, replaced or deleted, and the emulator's objects stay the same ones.
 */
describe("native plugin: a stack of every kind moves from the dynamic classes to the native types by alias", function () {
  this.timeout(300_000);
  let emulator: RunningEmulator;
  let projectDir: string;
  let stack: LocalStack;
  const runId = `${process.pid}-${Date.now().toString(36)}`;
  const endpointId = `vpce-${randomBytes(8).toString("hex")}`;
  const ownKeySecret = `own-secret-${randomBytes(12).toString("hex")}`;
  const secretsSeen = [ownKeySecret];
  let atStart: Inventory;
  let created: Record<string, unknown>;
  let afterUp: Inventory;

  function management(route: string) {
    const { fixture } = emulator;
    return send(`${fixture.managementUrl}/v1/organizations/${fixture.organizationId}${route}`, "GET", {
      headers: { authorization: basicAuth(fixture.tokenKey, fixture.tokenSecret) },
    });
  }

  async function inventory(): Promise<Inventory> {
    const { fixture } = emulator;
    const ids = (items: Array<{ id: string }>) => items.map((item) => item.id).sort();
    const alerts = await send(`${fixture.observabilityUrl}/api/v2/alerts`, "GET", {
      headers: { authorization: `Bearer ${fixture.observabilityToken}` },
    });
    const organization = (await management("")).body.result as {
      privateEndpoints: Array<{ id: string }>;
    };
    const attached = (await management(`/services/${fixture.services.development}`)).body.result as {
      privateEndpointIds: string[];
    };
    return {
      keys: ids((await management("/keys")).body.result),
      alerts: ids(alerts.body.data),
      reverseEndpoints: ids(
        (await management(`/services/${fixture.services.production}/dataPipesReversePrivateEndpoints`)).body
          .result,
      ),
      attachedEndpoints: [...attached.privateEndpointIds].sort(),
      registeredEndpoints: ids(organization.privateEndpoints),
      numReplicas: (await management(`/services/${fixture.services.secondary}`)).body.result.numReplicas,
    };
  }

  async function stateResources(): Promise<StateResource[]> {
    const exported = JSON.parse(await plainStackExport(stack)) as {
      deployment: { resources?: StateResource[] };
    };
    return (exported.deployment.resources ?? []).filter((resource) => !resource.type.startsWith("pulumi:"));
  }

  /** The requests the emulator received that change something. */
  async function changingRequests(): Promise<string[]> {
    return (await emulator.control.requests())
      .filter((request) => request.method !== "GET")
      .map((request) => `${request.method} ${request.path}`);
  }

  before(async () => {
    // An emulator of its own: the inventory must hold only what the fixture and this program made.
    emulator = await dedicatedEmulator();
    const { fixture } = emulator;
    const dashboard = fixture.dashboards[0];
    projectDir = nativeProjectDir("chc-native-migrate");
    stack = await LocalStack.create({
      projectDir,
      programModule: path.join(__dirname, "programs", "migrate", "index.js"),
      config: {
        ...stackConfigFor(emulator),
        ...nativeStackConfig(fixture),
        "e2e:served": { value: "dynamic" },
        "e2e:keyName": { value: `migrate-${runId}` },
        "e2e:ownKeyId": { value: `migrate-own-${runId}` },
        "e2e:ownKeySecret": { value: ownKeySecret, secret: true },
        "e2e:alertName": { value: `migrate-alert-${runId}` },
        "e2e:dashboardId": { value: dashboard.id },
        "e2e:tileId": { value: dashboard.tileIds[0] },
        "e2e:webhookId": { value: fixture.webhooks[0].id },
        "e2e:endpointServiceId": { value: fixture.services.development },
        "e2e:endpointId": { value: endpointId },
        "e2e:reverseServiceId": { value: fixture.services.production },
        "e2e:reverseDescription": { value: `migrate-reverse-${runId}` },
        "e2e:scalingServiceId": { value: fixture.services.secondary },
      },
    });
    atStart = await inventory();
  });

  after(async () => {
    await stack?.dispose();
    await emulator?.close();
    fs.rmSync(projectDir, { recursive: true, force: true });
  });

  it("the dynamic classes create one object of each kind", async () => {
    const outputs = await stack.up();
    created = Object.fromEntries(Object.entries(outputs).map(([name, output]) => [name, output.value]));
    secretsSeen.push(String(created.keySecret));
    afterUp = await inventory();
    expect(afterUp.keys).to.have.length(atStart.keys.length + 2);
    expect(afterUp.keys).to.include.members([String(created.keyUuid), String(created.ownKeyUuid)]);
    expect(afterUp.alerts).to.deep.equal([...atStart.alerts, String(created.alertId)].sort());
    expect(afterUp.reverseEndpoints).to.deep.equal(
      [...atStart.reverseEndpoints, String(created.reverseEndpointId)].sort(),
    );
    expect(afterUp.attachedEndpoints).to.include(endpointId);
    expect(afterUp.numReplicas).to.equal(3);
    expect((await stateResources()).map((resource) => resource.type).sort()).to.deep.equal([
      "pulumi-nodejs:dynamic/clickhouse:ApiKey",
      "pulumi-nodejs:dynamic/clickhouse:ApiKey",
      "pulumi-nodejs:dynamic/clickhouse:PrivateEndpoint",
      "pulumi-nodejs:dynamic/clickhouse:ReplicaScaling",
      "pulumi-nodejs:dynamic/clickhouse:ReversePrivateEndpoint",
      "pulumi-nodejs:dynamic/observability:Alert",
    ]);
  });

  it("with aliases to the native types, preview and up create, replace and delete nothing, and send no change", async () => {
    await stack.stack.setConfig("e2e:served", { value: "native" });
    await emulator.control.clearRequests();
    expect(await stack.preview()).to.deep.equal({ same: 7 });
    const outputs = await stack.up();
    expect(await changingRequests()).to.deep.equal([]);
    const moved = Object.fromEntries(Object.entries(outputs).map(([name, output]) => [name, output.value]));
    expect(moved).to.deep.equal(created);
    expect(await inventory()).to.deep.equal(afterUp);
  });

  it("after a refresh the state holds the native types under the same ids, no provider code, secrets encrypted", async () => {
    const refreshed = await stack.refresh();
    expect(refreshed).to.not.have.any.keys("create", "delete", "replace");
    expect(await changingRequests(), "since the aliased preview").to.deep.equal([]);
    const resources = await stateResources();
    for (const resource of resources) expect(JSON.stringify(resource)).to.not.include("__provider");
    expect(resources.map((resource) => resource.type).sort()).to.deep.equal([
      "clickhouse-cloud:index:Alert",
      "clickhouse-cloud:index:ApiKey",
      "clickhouse-cloud:index:ApiKey",
      "clickhouse-cloud:index:PrivateEndpoint",
      "clickhouse-cloud:index:ReplicaScaling",
      "clickhouse-cloud:index:ReversePrivateEndpoint",
    ]);
    const idOf = (name: string) => resources.find((resource) => resource.urn.endsWith(`::${name}`))?.id;
    expect(idOf("key")).to.equal(created.keyUuid);
    expect(idOf("own-key")).to.equal(created.ownKeyUuid);
    expect(idOf("alert")).to.equal(created.alertId);
    expect(idOf("endpoint")).to.equal(created.endpointResourceId);
    expect(idOf("reverse-endpoint")).to.equal(created.reverseEndpointId);
    expect(idOf("scaling")).to.equal(created.scalingId);
    const key = resources.find((resource) => resource.urn.endsWith("::key"));
    expect(key?.outputs?.keySecret).to.have.property("ciphertext");
    const ownKey = resources.find((resource) => resource.urn.endsWith("::own-key"));
    for (const bag of [ownKey?.inputs, ownKey?.outputs]) {
      expect(bag?.keyId).to.have.property("ciphertext");
      expect(bag?.keySecret).to.have.property("ciphertext");
    }
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

  it("destroy through the native types deletes every object the program made", async () => {
    await stack.destroy();
    expect(await stack.resources()).to.deep.equal([]);
    expect(await inventory()).to.deep.equal({
      ...atStart,
      // The API cannot unregister a private endpoint from the organization; destroy only detaches it.
      registeredEndpoints: afterUp.registeredEndpoints,
      // Deleting a ReplicaScaling sends nothing: the service keeps its settings.
      numReplicas: 3,
    });
  });
});
