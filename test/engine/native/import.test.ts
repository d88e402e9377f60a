import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import type { ConfigMap } from "@pulumi/pulumi/automation";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { LocalStack, type StateResource } from "../../../scripts/lib/localStack";
import { basicAuth, send } from "../../support/httpRequests";
import { sharedEmulator } from "../../support/emulator";
import { describeRun, Sandbox } from "../../support/docs/sandbox";
import { plainStackExport } from "../../support/stackExport";
import { nativeProjectDir, nativeProjectYaml, nativeStackConfig } from "../../support/nativeProject";

const programModule = path.join(__dirname, "programs", "all-kinds", "index.js");
const day = 86_400_000;
const startTime = Date.UTC(2025, 2, 3);

const runId = `${process.pid}-${Date.now().toString(36)}`;

/** Config of the all-kinds program; `tag` keeps the names of one test's objects apart from another's. */
function allKindsConfig(emulator: RunningEmulator, tag: string): ConfigMap {
  const { fixture } = emulator;
  return {
    ...nativeStackConfig(fixture),
    "e2e:keyName": { value: `import-key-${tag}` },
    "e2e:alertName": { value: `import-alert-${tag}` },
    "e2e:dashboardId": { value: fixture.dashboards[0].id },
    "e2e:tileId": { value: fixture.dashboards[0].tileIds[0] },
    "e2e:threshold": { value: "7" },
    "e2e:webhookId": { value: fixture.webhooks[0].id },
    "e2e:endpointServiceId": { value: fixture.services.development },
    "e2e:endpointId": { value: `vpce-${randomBytes(8).toString("hex")}` },
    "e2e:endpointDescription": { value: "imported" },
    "e2e:reverseServiceId": { value: fixture.services.production },
    "e2e:reverseDescription": { value: `import-reverse-${tag}` },
    "e2e:scalingServiceId": { value: fixture.services.secondary },
    "e2e:numReplicas": { value: "3" },
    "e2e:sourceId": { value: fixture.sources[0].id },
    "e2e:startTime": { value: String(startTime) },
    "e2e:endTime": { value: String(startTime + day) },
  };
}

/**
 * The objects to import, by resource name: made by a stack that is then removed without deleting them, as if they
 * had been made by hand. Endpoints are imported as `<serviceId>/<endpointId>`.
 */
async function existingObjects(
  projectDir: string,
  config: ConfigMap,
  emulator: RunningEmulator,
): Promise<Record<string, string>> {
  const maker = await LocalStack.create({ projectDir, programModule, config });
  const made = await maker.up();
  await maker.dispose();
  return {
    key: String(made.keyUuid.value),
    alert: String(made.alertId.value),
    endpoint: String(made.endpointResourceId.value),
    "reverse-endpoint": `${emulator.fixture.services.production}/${String(made.reverseEndpointId.value)}`,
    scaling: String(made.scalingId.value),
  };
}

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
  let ids: Record<string, string> = {};

  before(async () => {
    emulator = await sharedEmulator();
    projectDir = nativeProjectDir("chc-native-import");
    config = allKindsConfig(emulator, `option-${runId}`);
    ids = await existingObjects(projectDir, config, emulator);
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
    expect(byName.get("key")?.inputs).to.include({ name: `import-key-option-${runId}` });
    expect(byName.get("alert")?.id).to.equal(ids.alert);
    expect(byName.get("alert")?.inputs).to.include({ threshold: 7 });
    expect(byName.get("endpoint")?.id).to.equal(ids.endpoint);
    expect(byName.get("endpoint")?.inputs).to.include({ description: "imported" });
    expect(byName.get("reverse-endpoint")?.inputs).to.include({
      description: `import-reverse-option-${runId}`,
    });
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

/**
 * `pulumi import` as a user runs it, in a project directory with the plugin as a project plugin: the CLI needs a
 * language host, served here by the test-only stand-in for pulumi-language-nodejs. One import file takes all five.
 */
describe("native plugin: `pulumi import` of each kind by its id", function () {
  this.timeout(300_000);
  let sandbox: Sandbox;
  let ids: Record<string, string> = {};
  let config: ConfigMap;

  before(async () => {
    const emulator = await sharedEmulator();
    config = allKindsConfig(emulator, `cli-${runId}`);
    const projectDir = nativeProjectDir("chc-native-cli-import");
    try {
      ids = await existingObjects(projectDir, config, emulator);
    } finally {
      fs.rmSync(projectDir, { recursive: true, force: true });
    }
    sandbox = Sandbox.project({
      "Pulumi.yaml": nativeProjectYaml("chc-native-cli-import"),
      // The program of the stack: the same five resources, declared with the inputs the objects were made with.
      // It exports nothing, since an import records no stack outputs and the preview would add them.
      "index.js": `require(${JSON.stringify(programModule)});\n`,
      "package.json": JSON.stringify({ name: "chc-native-cli-import", main: "index.js" }),
      "import.json": JSON.stringify({
        resources: [
          { type: "clickhouse-cloud:index:ApiKey", name: "key", id: ids.key },
          { type: "clickhouse-cloud:index:Alert", name: "alert", id: ids.alert },
          { type: "clickhouse-cloud:index:PrivateEndpoint", name: "endpoint", id: ids.endpoint },
          {
            type: "clickhouse-cloud:index:ReversePrivateEndpoint",
            name: "reverse-endpoint",
            id: ids["reverse-endpoint"],
          },
          { type: "clickhouse-cloud:index:ReplicaScaling", name: "scaling", id: ids.scaling },
        ],
      }),
    });
  });

  after(() => sandbox?.dispose());

  it("imports all five; the next preview expects no changes; destroy deletes them", async () => {
    // An imported service's scaling settings are all managed: the program sets each to the value the API has.
    const { fixture } = await sharedEmulator();
    const service = await send(
      `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}/services/${ids.scaling}`,
      "GET",
      { headers: { authorization: basicAuth(fixture.tokenKey, fixture.tokenSecret) } },
    );
    const { minReplicaMemoryGb, maxReplicaMemoryGb, idleScaling, idleTimeoutMinutes } = service.body
      .result as Record<string, unknown>;
    config["e2e:moreScalingSettings"] = {
      value: JSON.stringify({ minReplicaMemoryGb, maxReplicaMemoryGb, idleScaling, idleTimeoutMinutes }),
    };
    const setConfig = Object.entries(config).map(
      ([key, { value, secret }]) =>
        `pulumi config set ${secret ? "--secret" : "--plaintext"} ${key} ${JSON.stringify(value)}`,
    );
    const run = await sandbox.run(
      [
        'mkdir .pulumi-state && export PULUMI_BACKEND_URL="file://$PWD/.pulumi-state"',
        "export PULUMI_CONFIG_PASSPHRASE=import-test",
        "export PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=true",
        "pulumi stack init dev",
        ...setConfig,
        "pulumi import --file import.json --yes --generate-code=false --protect=false",
        "pulumi preview --expect-no-changes",
        "pulumi stack export > exported.json",
        "pulumi destroy --yes",
      ].join("\n"),
      { timeoutMs: 240_000 },
    );
    if (run.code !== 0) expect.fail(describeRun(run));
    expect(run.stdout).to.match(/= 5 imported/);
    const exported = JSON.parse(fs.readFileSync(path.join(sandbox.cwd, "exported.json"), "utf8")) as {
      deployment: { resources: StateResource[] };
    };
    const key = exported.deployment.resources.find((resource) => resource.urn.endsWith("::key"));
    expect(key?.id).to.equal(ids.key);
    expect(key?.inputs).to.include({ name: `import-key-cli-${runId}` });
  });
});
