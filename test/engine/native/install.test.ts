import { execFile, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { pulumiCliDir } from "../../../scripts/lib/pulumiCli";
import { LocalStack } from "../../../scripts/lib/localStack";
import { basicAuth, send } from "../../support/httpRequests";
import { sharedEmulator } from "../../support/emulator";
import { nativeStackConfig, pluginDir } from "../../support/nativeProject";

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, "..", "..", "..", "..");
const version = (
  JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version: string }
).version;
const tarball = path.join(pluginDir, `pulumi-resource-clickhouse-cloud-v${version}.tar.gz`);

/** Starts a launcher as the engine does (its address as the argument) and returns the first line it prints. */
function firstLine(launcher: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(launcher, ["127.0.0.1:1"], {
      cwd: os.tmpdir(),
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes("\n")) {
        child.kill();
        resolve(stdout.split("\n")[0]);
      }
    });
    child.on("exit", (code) =>
      reject(new Error(`the plugin exited (${String(code)}) before a port: ${stderr}`)),
    );
  });
}

/**
 * The tarball `npm run build` makes, installed as a user installs it, in a Pulumi home of its own: the plugin runs
 * from there with no node_modules reachable, and a stack without project plugins uses it.
 */
describe("native plugin: installed from its tarball with `pulumi plugin install`", function () {
  this.timeout(300_000);
  let home: string;
  let projectDir: string;
  let emulator: RunningEmulator;
  let stack: LocalStack | undefined;

  before(async () => {
    emulator = await sharedEmulator();
    home = fs.mkdtempSync(path.join(os.tmpdir(), "chc-pulumi-home-"));
    projectDir = fs.mkdtempSync(path.join(os.tmpdir(), "chc-native-installed-"));
    fs.writeFileSync(path.join(projectDir, "Pulumi.yaml"), "name: chc-native-installed\nruntime: nodejs\n");
  });

  after(async () => {
    await stack?.dispose();
    fs.rmSync(home, { recursive: true, force: true });
    fs.rmSync(projectDir, { recursive: true, force: true });
  });

  it("installs, and the installed launcher starts without node_modules and prints its port", async () => {
    const env = { ...process.env, PULUMI_HOME: home, PULUMI_SKIP_UPDATE_CHECK: "true" };
    await run(
      path.join(pulumiCliDir(), "pulumi"),
      ["plugin", "install", "resource", "clickhouse-cloud", version, "--file", tarball],
      { env },
    );
    const installed = path.join(home, "plugins", `resource-clickhouse-cloud-v${version}`);
    expect(fs.readdirSync(installed)).to.include.members([
      "pulumi-resource-clickhouse-cloud",
      "pulumi-resource-clickhouse-cloud.js",
    ]);
    const { stdout } = await run(path.join(pulumiCliDir(), "pulumi"), ["plugin", "ls"], { env });
    expect(stdout).to.match(new RegExp(`clickhouse-cloud\\s+resource\\s+${version.replace(/\./g, "\\.")}`));
    // Only PATH (for node itself): no NODE_PATH, and the plugin directory has no node_modules above it.
    const port = await firstLine(path.join(installed, "pulumi-resource-clickhouse-cloud"), {
      PATH: process.env.PATH,
    });
    expect(Number(port)).to.be.greaterThan(0);
  });

  it("serves a stack that names no project plugin: up creates an API key, destroy deletes it", async () => {
    stack = await LocalStack.create({
      projectDir,
      programModule: path.join(__dirname, "programs", "one-key", "index.js"),
      config: {
        ...nativeStackConfig(emulator.fixture),
        "e2e:keyName": { value: `installed-${process.pid}` },
      },
      env: { PULUMI_HOME: home },
    });
    const outputs = await stack.up();
    const { fixture } = emulator;
    const keyUrl = `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}/keys/${String(outputs.keyUuid.value)}`;
    const auth = { headers: { authorization: basicAuth(fixture.tokenKey, fixture.tokenSecret) } };
    expect((await send(keyUrl, "GET", auth)).body.result).to.include({ name: `installed-${process.pid}` });
    await stack.destroy();
    expect((await send(keyUrl, "GET", auth)).status).to.equal(404);
  });
});
