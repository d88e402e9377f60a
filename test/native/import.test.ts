import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import type { ConfigMap } from "@pulumi/pulumi/automation";
import { expect } from "chai";
import type { RunningEmulator } from "../../emulator";
import { LocalStack, type StateResource } from "../../scripts/lib/localStack";
import { basicAuth, send } from "../emulator/helpers";
import { sharedEmulator } from "../support/emulator";
import { plainStackExport } from "../support/stackExport";
import { nativeProjectDir, nativeStackConfig } from "./support/nativeProject";

const programModule = path.join(__dirname, "programs", "all-kinds", "index.js");
const day = 86_400_000;
const startTime = Date.UTC(2025, 2, 3);

/**
 * Objects that exist already are taken under management by their ids (the `import` resource option, which runs
 * the same engine import as `pulumi import`): the plugin recovers their inputs from a read, so the program's
 * inputs match them and the next preview has nothing to do.
 */
describe("native plugin: importing each kind by its id", function () {
  this.timeout(300_000);
  let emulator: RunningEmulator;
  let projectDir: string;
  let importing: LocalStack | undefined;
  let config: ConfigMap;
  const runId = `${process.pid}-${Date.now().toString(36)}`;
  const endpointId = `vpce-${randomBytes(8).toString("hex")}`;
  let ids: Record<string, string> = {};

  before(async () => {
    emulator = await sharedEmulator();
    const { fixture } = emulator;
    projectDir = nativeProjectDir("chc-native-import");
    config = {
      ...nativeStackConfig(fixture),
      "e2e:keyName": { value: `import-key-${runId}` },
      "e2e:alertName": { value: `import-alert-${runId}` },
      "e2e:dashboardId": { value: fixture.dashboards[0].id },
      "e2e:tileId": { value: fixture.dashboards[0].tileIds[0] },
      "e2e:threshold": { value: "7" },
      "e2e:webhookId": { value: fixture.webhooks[0].id },
      "e2e:endpointServiceId": { value: fixture.services.development },
      "e2e:endpointId": { value: endpointId },
      "e2e:endpointDescription": { value: "imported" },
      "e2e:reverseServiceId": { value: fixture.services.production },
      "e2e:reverseDescription": { value: `import-reverse-${runId}` },
      "e2e:scalingServiceId": { value: fixture.services.secondary },
      "e2e:numReplicas": { value: "3" },
      "e2e:sourceId": { value: fixture.sources[0].id },
      "e2e:startTime": { value: String(startTime) },
      "e2e:endTime": { value: String(startTime + day) },
    };
    // The objects to import: made by a stack that is then removed without deleting them, as if made by hand.
    const maker = await LocalStack.create({ projectDir, programModule, config });
    const made = await maker.up();
    await maker.dispose();
    ids = {
      key: String(made.keyUuid.value),
      alert: String(made.alertId.value),
      endpoint: String(made.endpointResourceId.value),
      "reverse-endpoint": `${fixture.services.production}/${String(made.reverseEndpointId.value)}`,
      scaling: String(made.scalingId.value),
    };
  });

  after(async () => {
    await importing?.dispose();
    fs.rmSync(projectDir, { recursive: true, force: true });
  });

  it("up imports all five, recording the inputs read from the APIs", async () => {
    importing = await LocalStack.create({
      projectDir,
      programModule,
      config: { ...config, "e2e:importIds": { value: JSON.stringify(ids) } },
    });
    await importing.up();
    const exported = JSON.parse(await plainStackExport(importing)) as {
      deployment: { resources?: StateResource[] };
    };
    const byName = new Map(
      (exported.deployment.resources ?? []).map((resource) => [resource.urn.split("::").pop(), resource]),
    );
    expect(byName.get("key")?.id).to.equal(ids.key);
    expect(byName.get("key")?.inputs).to.include({ name: `import-key-${runId}` });
    expect(byName.get("alert")?.id).to.equal(ids.alert);
    expect(byName.get("alert")?.inputs).to.include({ threshold: 7 });
    expect(byName.get("endpoint")?.id).to.equal(ids.endpoint);
    expect(byName.get("endpoint")?.inputs).to.include({ description: "imported" });
    expect(byName.get("reverse-endpoint")?.inputs).to.include({ description: `import-reverse-${runId}` });
    expect(byName.get("scaling")?.id).to.equal(emulator.fixture.services.secondary);
    expect(byName.get("scaling")?.inputs).to.include({ numReplicas: 3 });
  });

  it("the next preview has nothing to change", async () => {
    expect(await importing!.preview()).to.deep.equal({ same: 6 });
  });

  it("destroy deletes the imported objects", async () => {
    await importing!.destroy();
    const { fixture } = emulator;
    const key = await send(
      `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}/keys/${ids.key}`,
      "GET",
      {
        headers: { authorization: basicAuth(fixture.tokenKey, fixture.tokenSecret) },
      },
    );
    expect(key.status).to.equal(404);
    const alert = await send(`${fixture.observabilityUrl}/api/v2/alerts/${ids.alert}`, "GET", {
      headers: { authorization: `Bearer ${fixture.observabilityToken}` },
    });
    expect(alert.status).to.equal(404);
  });
});
