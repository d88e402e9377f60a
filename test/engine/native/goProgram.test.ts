import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { pulumiCliDir } from "../../../scripts/lib/pulumiCli";
import { basicAuth, send } from "../../support/httpRequests";
import { sharedEmulator } from "../../support/emulator";
import { nativeStackConfig, pluginDir } from "../../support/nativeProject";

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, "..", "..", "..", "..");
const sourceDir = path.join(repoRoot, "test", "engine", "native", "go-program");
const binary = path.join(__dirname, "go-program", "go-program");
const day = 86_400_000;
const startTime = Date.UTC(2025, 2, 3);
const endTime = startTime + day;

/**
 * A Go program on the generated Go SDK, run as a Go Automation API inline program (no Go language host needed):
 * an API key, getSeries and an alert through up, preview, refresh and destroy.
 */
describe("native plugin: a Go Automation API program on the generated Go SDK", function () {
  this.timeout(900_000);
  let emulator: RunningEmulator;
  let workDir: string;
  let env: NodeJS.ProcessEnv = {};
  let upOutputs: Record<string, { value: unknown; secret: boolean }> = {};

  /** Runs one step of the Go program and returns what it reports. */
  async function step(name: string): Promise<Record<string, unknown>> {
    const { stdout } = await run(binary, [name], { cwd: workDir, env, maxBuffer: 64 * 1024 * 1024 });
    const line = stdout
      .split("\n")
      .find((text) => text.startsWith('{"result"') || text.startsWith('{"step"'));
    if (line === undefined) throw new Error(`the Go program reported nothing for ${name}: ${stdout}`);
    return (JSON.parse(line) as { result: Record<string, unknown> }).result;
  }
  const runId = `${process.pid}-${Date.now().toString(36)}`;

  before(async () => {
    emulator = await sharedEmulator();
    const { fixture } = emulator;
    // Go's build cache makes this quick after the first build, which compiles the Pulumi Go SDK.
    await run("go", ["build", "-o", binary, "."], { cwd: sourceDir, maxBuffer: 16 * 1024 * 1024 });
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), "chc-native-go-"));
    const backend = path.join(workDir, "state");
    fs.mkdirSync(backend);
    const config = {
      ...nativeStackConfig(fixture),
      "e2e:keyName": { value: `go-key-${runId}` },
      "e2e:alertName": { value: `go-alert-${runId}` },
      "e2e:sourceId": { value: fixture.sources[0].id },
      "e2e:startTime": { value: String(startTime) },
      "e2e:endTime": { value: String(endTime) },
      "e2e:dashboardId": { value: fixture.dashboards[0].id },
      "e2e:tileId": { value: fixture.dashboards[0].tileIds[0] },
      "e2e:webhookId": { value: fixture.webhooks[0].id },
    };
    env = {
      PATH: [pulumiCliDir(), process.env.PATH ?? ""].join(path.delimiter),
      HOME: process.env.HOME,
      PULUMI_HOME: process.env.PULUMI_HOME,
      PULUMI_BACKEND_URL: `file://${backend}`,
      PULUMI_CONFIG_PASSPHRASE: "go-program-test",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      CHC_PLUGIN_DIR: pluginDir,
      CHC_WORK_DIR: workDir,
      CHC_CONFIG: JSON.stringify(config),
    };
  });

  after(() => {
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  it("up creates the key and an alert whose threshold is the peak getSeries returned", async () => {
    upOutputs = (await step("up")) as typeof upOutputs;
    const outputs = upOutputs;
    const { fixture } = emulator;
    const key = await send(
      `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}/keys/${String(outputs.keyUuid.value)}`,
      "GET",
      { headers: { authorization: basicAuth(fixture.tokenKey, fixture.tokenSecret) } },
    );
    expect(key.body.result).to.include({ name: `go-key-${runId}` });
    expect(outputs.keySecret.secret).to.equal(true);
    const direct = await send(`${fixture.observabilityUrl}/api/v2/charts/series`, "POST", {
      headers: { authorization: `Bearer ${fixture.observabilityToken}` },
      body: {
        series: [{ sourceId: fixture.sources[0].id, aggFn: "count", where: "", groupBy: [] }],
        startTime,
        endTime,
        granularity: "1h",
      },
    });
    const counts = (direct.body.data as Array<Record<string, unknown>>).map((row) =>
      Number(row["series_0.data"]),
    );
    expect(outputs.seriesPoints.value).to.equal(counts.length);
    expect(outputs.alertThreshold.value).to.equal(Math.max(...counts));
  });

  it("preview and refresh find nothing to change", async () => {
    expect(Object.keys(await step("preview"))).to.deep.equal(["same"]);
    expect(Object.keys(await step("refresh"))).to.deep.equal(["same"]);
  });

  it("destroy deletes the key and the alert", async () => {
    // The stack, the key and the alert.
    expect(await step("destroy")).to.deep.equal({ delete: 3 });
    const outputs = upOutputs;
    const alert = await send(
      `${emulator.fixture.observabilityUrl}/api/v2/alerts/${String(outputs.alertId.value)}`,
      "GET",
      { headers: { authorization: `Bearer ${emulator.fixture.observabilityToken}` } },
    );
    expect(alert.status).to.equal(404);
    const { fixture } = emulator;
    const key = await send(
      `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}/keys/${String(outputs.keyUuid.value)}`,
      "GET",
      { headers: { authorization: basicAuth(fixture.tokenKey, fixture.tokenSecret) } },
    );
    expect(key.status).to.equal(404);
  });
});
