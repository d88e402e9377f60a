import { execFile } from "node:child_process";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { expect } from "chai";
import type { Fixture, RunningEmulator } from "../../../emulator";
import { exampleConfig } from "../../../scripts/lib/exampleConfig";
import { LocalStack } from "../../../scripts/lib/localStack";
import { sharedEmulator } from "../../support/emulator";
import { exampleProgram, repoRoot } from "../../support/programs";
import { throttleOff } from "../../support/stackConfig";

const { projectDir, programModule } = exampleProgram("quickstart");
const bin = path.join(repoRoot, "dist", "provider", "cli", "main.js");

/** Bodies are checked field by field; a precise type for each would add nothing. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

interface BinRun {
  code: number;
  stdout: string;
  stderr: string;
}

interface Listed {
  kind: string;
  id: string;
  name: string;
  createdAt?: string;
  state?: string;
  serviceId?: string;
  inUse?: boolean;
}

/**
 * The orphan finder as a user runs it after an interrupted `up`: the quickstart stack is up, objects made outside
 * its state (what a run killed between the API's reply and the engine's checkpoint leaves) are listed, and those
 * named are deleted while the stack's own objects stay.
 */
describe("orphans: the pulumi-clickhouse-cloud command against the emulator", function () {
  this.timeout(300_000);
  let emulator: RunningEmulator;
  let fixture: Fixture;
  let stack: LocalStack;
  /** The organization's objects before the stack existed: no stack tracks them either. */
  const existing: Record<"keys" | "endpoints" | "alerts", string[]> = { keys: [], endpoints: [], alerts: [] };
  const outOfBand: Record<"key" | "endpoint" | "alert", string> = { key: "", endpoint: "", alert: "" };

  async function management(method: string, suffix: string, body?: unknown): Promise<Json> {
    const auth = Buffer.from(`${fixture.tokenKey}:${fixture.tokenSecret}`).toString("base64");
    const response = await fetch(
      `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}${suffix}`,
      {
        method,
        headers: { authorization: `Basic ${auth}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
    );
    expect(response.status, `${method} ${suffix}`).to.equal(200);
    return ((await response.json()) as { result: unknown }).result;
  }

  async function observability(method: string, suffix: string, body?: unknown): Promise<Json> {
    const response = await fetch(`${fixture.observabilityUrl}/api/v2/alerts${suffix}`, {
      method,
      headers: { authorization: `Bearer ${fixture.observabilityToken}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status, `${method} alerts${suffix}`).to.equal(200);
    return ((await response.json()) as { data: unknown }).data;
  }

  const endpointsPath = () => `/services/${fixture.services.production}/dataPipesReversePrivateEndpoints`;
  const ids = (objects: { id: string }[]) => objects.map((object) => object.id);
  const liveKeys = async () => ids(await management("GET", "/keys"));
  const liveEndpoints = async () => ids(await management("GET", endpointsPath()));
  const liveAlerts = async () => ids(await observability("GET", ""));

  async function runBin(args: string[], cwd = projectDir): Promise<BinRun> {
    const env: Record<string, string | undefined> = { ...process.env, ...stack.stack.workspace.envVars };
    for (const name of Object.keys(env)) if (/^(CLICKHOUSE|OBSERVABILITY)_/.test(name)) delete env[name];
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, [bin, ...args], { cwd, env });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  before(async () => {
    emulator = await sharedEmulator();
    fixture = emulator.fixture;
    stack = await LocalStack.create({
      projectDir,
      programModule,
      config: {
        ...exampleConfig("quickstart", fixture),
        ...throttleOff,
      },
    });
    existing.keys = await liveKeys();
    existing.endpoints = await liveEndpoints();
    existing.alerts = await liveAlerts();
    await stack.up();
    outOfBand.key = (
      await management("POST", "/keys", { name: "left-by-a-killed-run", roles: ["developer"] })
    ).key.id;
    outOfBand.endpoint = (
      await management("POST", endpointsPath(), {
        type: "VPC_ENDPOINT_SERVICE",
        vpcEndpointServiceName: "com.amazonaws.vpce.us-east-1.vpce-svc-0a1b2c3d4e5f60718",
        description: "left by a killed run",
      })
    ).id;
    const dashboard = fixture.dashboards[0];
    outOfBand.alert = (
      await observability("POST", "", {
        name: "left by a killed run",
        threshold: 5,
        interval: "5m",
        source: "tile",
        thresholdType: "above",
        channel: { type: "webhook", webhookId: fixture.webhooks[0].id },
        dashboardId: dashboard.id,
        tileId: dashboard.tileIds[0],
      })
    ).id;
  });

  after(async () => {
    if (stack) {
      await stack.destroy().catch(() => undefined);
      await stack.dispose();
    }
  });

  async function listedOrphans(): Promise<Listed[]> {
    const run = await runBin(["orphans", "--stack", stack.stack.name, "--json"]);
    expect(run.code, run.stderr).to.equal(0);
    return (JSON.parse(run.stdout) as { orphans: Listed[] }).orphans;
  }

  it("lists exactly the objects the stack does not track, each with what it is", async () => {
    const orphans = await listedOrphans();
    const byKind = (kind: string) => ids(orphans.filter((orphan) => orphan.kind === kind)).sort();
    expect(byKind("ApiKey")).to.deep.equal([...existing.keys, outOfBand.key].sort());
    expect(byKind("ReversePrivateEndpoint")).to.deep.equal(
      [...existing.endpoints, outOfBand.endpoint].sort(),
    );
    expect(byKind("Alert")).to.deep.equal([...existing.alerts, outOfBand.alert].sort());
    const key = orphans.find((orphan) => orphan.id === outOfBand.key)!;
    expect(key).to.include({ name: "left-by-a-killed-run", state: "enabled" });
    expect(Date.parse(key.createdAt!)).to.not.be.NaN;
    expect(orphans.find((orphan) => orphan.id === outOfBand.endpoint)).to.include({
      name: "left by a killed run",
      serviceId: fixture.services.production,
    });
    expect(orphans.find((orphan) => orphan.id === outOfBand.endpoint)?.state).to.be.oneOf([
      "Provisioning",
      "Ready",
    ]);
    expect(orphans.find((orphan) => orphan.id === outOfBand.alert)).to.include({
      name: "left by a killed run",
      state: "inactive",
    });
    const inUse = orphans.filter((orphan) => orphan.inUse);
    expect(
      inUse.map((orphan) => orphan.name),
      "the fixture's key, which the stack authenticates with",
    ).to.have.length(1);
  });

  it("prints a table naming each orphan", async () => {
    const run = await runBin(["orphans", "--stack", stack.stack.name]);
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.match(/^KIND +ID +NAME +CREATED +STATE +SERVICE$/m);
    expect(run.stdout).to.match(
      new RegExp(`^ApiKey +${outOfBand.key} +left-by-a-killed-run +\\S+ +enabled +-$`, "m"),
    );
    expect(run.stdout).to.match(
      new RegExp(`^Alert +${outOfBand.alert} +left by a killed run +\\S+ +inactive`, "m"),
    );
    expect(run.stdout).to.include(
      `Reverse private endpoints listed for services: ${fixture.services.production}`,
    );
  });

  it("refuses to delete an object the stack tracks, and deletes nothing then", async () => {
    const tracked = (await stack.resources()).find(
      (r) => r.type === "pulumi-nodejs:dynamic/clickhouse:ApiKey",
    )!;
    const run = await runBin([
      "orphans",
      "--stack",
      stack.stack.name,
      "--delete",
      outOfBand.key,
      tracked.id!,
    ]);
    expect(run.code).to.equal(2);
    expect(run.stderr).to.include(`not in the orphan list: ${tracked.id}`);
    expect(await liveKeys()).to.include.members([outOfBand.key, tracked.id!]);
  });

  it("--delete removes exactly the named orphans; the stack's objects and the others stay", async () => {
    const run = await runBin([
      "orphans",
      "--stack",
      stack.stack.name,
      "--delete",
      outOfBand.key,
      outOfBand.alert,
      outOfBand.endpoint,
      "--yes",
    ]);
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.include(`deleted ApiKey ${outOfBand.key} left-by-a-killed-run`);
    const tracked = await stack.resources();
    const trackedId = (type: string) => tracked.find((r) => r.type === type)!.id!;
    const keys = await liveKeys();
    expect(keys).to.not.include(outOfBand.key);
    expect(keys).to.include.members([...existing.keys, trackedId("pulumi-nodejs:dynamic/clickhouse:ApiKey")]);
    const alerts = await liveAlerts();
    expect(alerts).to.not.include(outOfBand.alert);
    expect(alerts).to.include.members([
      ...existing.alerts,
      trackedId("pulumi-nodejs:dynamic/observability:Alert"),
    ]);
    // A deleted endpoint is Deleting until the API has finished with it, then gone.
    const endpoints: { id: string; status: string }[] = await management("GET", endpointsPath());
    const deleted = endpoints.find((endpoint) => endpoint.id === outOfBand.endpoint);
    if (deleted) expect(deleted.status).to.equal("Deleting");
    expect(ids(endpoints)).to.include(trackedId("pulumi-nodejs:dynamic/clickhouse:ReversePrivateEndpoint"));
    expect(await stack.preview()).to.deep.equal({ same: 6 });
  });

  it("never deletes what another stack of the project tracks, and asks before deleting anything", async () => {
    const other = await LocalStack.create({
      projectDir,
      programModule,
      backendDir: stack.backendDir,
      stackName: `${stack.stack.name}-other`,
      config: { ...exampleConfig("quickstart", fixture), ...throttleOff },
    });
    try {
      await other.up();
      const othersKey = (await other.resources()).find(
        (r) => r.type === "pulumi-nodejs:dynamic/clickhouse:ApiKey",
      )!.id!;
      // Named only the first stack: the other stack's key is untracked by it, so it is listed as an orphan...
      const listed = await runBin(["orphans", "--stack", stack.stack.name, "--json"]);
      expect((JSON.parse(listed.stdout) as { orphans: Listed[] }).orphans.map((o) => o.id)).to.include(
        othersKey,
      );
      // ...but deleting it is refused, naming the stack that tracks it, --yes or not.
      const refused = await runBin(["orphans", "--stack", stack.stack.name, "--delete", othersKey, "--yes"]);
      expect(refused.code).to.equal(2);
      expect(refused.stderr).to.include(
        `tracked by another stack of this project: ${othersKey} (stack ${other.stack.name})`,
      );
      expect(await liveKeys()).to.include(othersKey);

      const stray = (await management("POST", "/keys", { name: "stray", roles: ["developer"] })).key
        .id as string;
      const unconfirmed = await runBin(["orphans", "--stack", stack.stack.name, "--delete", stray]);
      expect(unconfirmed.code).to.equal(2);
      expect(unconfirmed.stderr).to.include(
        "--delete asks for confirmation and there is no terminal to ask in",
      );
      expect(await liveKeys()).to.include(stray);
      const confirmed = await runBin(["orphans", "--stack", stack.stack.name, "--delete", stray, "--yes"]);
      expect(confirmed.code, confirmed.stderr).to.equal(0);
      expect(await liveKeys()).to.not.include(stray);
      expect(await other.preview()).to.deep.equal({ same: 6 });
    } finally {
      await other.destroy({ remove: true });
    }
  });

  it("names the missing settings of a stack and how to set them, and never prints a secret", async () => {
    const bare = await LocalStack.create({
      projectDir,
      programModule,
      backendDir: stack.backendDir,
      stackName: `${stack.stack.name}-bare`,
    });
    try {
      const run = await runBin(["orphans", "--stack", stack.stack.name, "--stack", bare.stack.name]);
      expect(run.code).to.equal(2);
      expect(run.stderr).to.include(
        `stack "${bare.stack.name}": configuration for the management API is incomplete`,
      );
      expect(run.stderr).to.include(
        `clickhouse:tokenSecret (or env CLICKHOUSE_TOKEN_SECRET): missing; run \`pulumi config set --stack ${bare.stack.name} --secret clickhouse:tokenSecret`,
      );
      for (const secret of [fixture.tokenSecret, fixture.observabilityToken]) {
        expect(run.stdout + run.stderr).to.not.include(secret);
      }
    } finally {
      await bare.stack.workspace.removeStack(bare.stack.name, { force: true });
    }
  });

  it("says what to do outside a project directory and for an unknown stack", async () => {
    const outside = await runBin(["orphans", "--stack", stack.stack.name], os.tmpdir());
    expect(outside.code).to.equal(2);
    expect(outside.stderr).to.include("run this command in the directory of your Pulumi project");
    const unknown = await runBin(["orphans", "--stack", "no-such-stack"]);
    expect(unknown.code).to.equal(2);
    expect(unknown.stderr).to.include('stack "no-such-stack" is not in this project\'s backend');
  });
});
