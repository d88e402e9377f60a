import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { LocalStack } from "../../../scripts/lib/localStack";
import { basicAuth, send } from "../../support/httpRequests";
import { sharedEmulator } from "../../support/emulator";
import { repoRoot } from "../../support/programs";
import {
  enginePlatform,
  packageVersion as version,
  releaseDir,
  releaseDryRun,
  serveRelease,
  type ReleaseServer,
} from "../../support/release";
import { CliProject, yamlExampleProject } from "./support/cliProject";
import { nativeStackConfig } from "../../support/nativeProject";

const assetName = (): string => {
  const { os: system, arch } = enginePlatform();
  return `pulumi-resource-clickhouse-cloud-v${version}-${system}-${arch}.tar.gz`;
};

/**
 * The engine's download URL overrides, as a mirror of GitHub releases would set them: the schema's release URL
 * (`https://github.com/<repo>/releases/download/v${VERSION}`) maps to the loopback server's same path.
 */
function downloadOverride(server: ReleaseServer): string {
  const origin = new URL(server.downloadUrl).origin;
  return (
    "^https://github.com/pulumi-clickhouse-cloud/pulumi-clickhouse-cloud/releases/download/(?P<tag>.+)$" +
    `=${origin}/releases/download/\${tag}`
  );
}

/**
 * The plugin as users get it: from the release's assets (dist/release/ of `npm run release -- --dry-run`, served
 * on loopback as GitHub serves them), never from a local file. `pulumi plugin install --server` takes it from the
 * URL; and a program that names clickhouse-cloud resources, in TypeScript (the released Node SDK) and in YAML, has
 * the engine download it on its own into a Pulumi home where it was never installed.
 */
describe("native plugin: installed from the release's assets", function () {
  this.timeout(600_000);
  let emulator: RunningEmulator;
  let server: ReleaseServer;
  const cleanup: (() => Promise<void> | void)[] = [];

  before(async () => {
    await releaseDryRun();
    emulator = await sharedEmulator();
    server = await serveRelease();
  });

  after(async () => {
    for (const step of cleanup.reverse()) await step();
    await server?.close();
  });

  function installedPlugin(home: string): string[] {
    const dir = path.join(home, "plugins", `resource-clickhouse-cloud-v${version}`);
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  }

  async function keyStatus(id: string): Promise<number> {
    const { fixture } = emulator;
    const url = `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}/keys/${id}`;
    const headers = { authorization: basicAuth(fixture.tokenKey, fixture.tokenSecret) };
    return (await send(url, "GET", { headers })).status;
  }

  it("pulumi plugin install resource clickhouse-cloud <version> --server <url> installs this platform's asset", async () => {
    const project = CliProject.create("name: chc-release-install\nruntime: yaml\n");
    cleanup.push(() => project.dispose());
    expect(installedPlugin(project.home)).to.deep.equal([]);
    await project.pulumi([
      "plugin",
      "install",
      "resource",
      "clickhouse-cloud",
      version,
      "--server",
      server.downloadUrl,
    ]);
    expect(server.requests).to.include(`/releases/download/v${version}/${assetName()}`);
    expect(installedPlugin(project.home)).to.include.members([
      "pulumi-resource-clickhouse-cloud",
      "pulumi-resource-clickhouse-cloud.js",
    ]);
  });

  it("a TypeScript program on the released Node SDK: the engine downloads the plugin itself, then creates", async () => {
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "chc-release-ts-"));
    const home = fs.mkdtempSync(path.join(os.tmpdir(), "chc-release-home-"));
    cleanup.push(() => {
      for (const dir of [workDir, home]) fs.rmSync(dir, { recursive: true, force: true });
    });
    // The released SDK, unpacked where npm would put it; it shares the engine's @pulumi/pulumi (its state is per
    // module), as a program's own node_modules would.
    const installed = path.join(workDir, "node_modules", "pulumi-clickhouse-cloud-native");
    fs.mkdirSync(installed, { recursive: true });
    execFileSync("tar", [
      "-xzf",
      path.join(releaseDir, "npm", `pulumi-clickhouse-cloud-native-${version}.tgz`),
      "-C",
      installed,
      "--strip-components=1",
    ]);
    fs.symlinkSync(
      path.join(repoRoot, "node_modules", "@pulumi"),
      path.join(workDir, "node_modules", "@pulumi"),
    );
    const program = path.join(workDir, "index.js");
    fs.writeFileSync(
      program,
      [
        'const chc = require("pulumi-clickhouse-cloud-native");',
        `const key = new chc.ApiKey("released", { name: "released-${process.pid}", roles: [chc.ApiKeyRole.Developer] });`,
        "exports.keyUuid = key.id;",
        "",
      ].join("\n"),
    );
    fs.writeFileSync(path.join(workDir, "Pulumi.yaml"), "name: chc-release-typescript\nruntime: nodejs\n");
    const stack = await LocalStack.create({
      projectDir: workDir,
      programModule: program,
      config: nativeStackConfig(emulator.fixture),
      env: {
        PULUMI_HOME: home,
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "false",
        PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: downloadOverride(server),
      },
    });
    cleanup.push(() => stack.dispose());
    expect(installedPlugin(home)).to.deep.equal([]);
    const before = server.requests.length;

    const outputs = await stack.up();
    expect(server.requests.slice(before)).to.include(`/releases/download/v${version}/${assetName()}`);
    expect(installedPlugin(home)).to.include("pulumi-resource-clickhouse-cloud");
    const keyId = String(outputs.keyUuid.value);
    expect(await keyStatus(keyId)).to.equal(200);
    await stack.destroy();
    expect(await keyStatus(keyId)).to.equal(404);
  });

  it("the YAML example: its package declaration names the release, and the engine downloads the plugin", async () => {
    const project = await yamlExampleProject(emulator.fixture, {
      PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: downloadOverride(server),
    });
    cleanup.push(() => project.dispose());
    expect(installedPlugin(project.home)).to.deep.equal([]);
    const before = server.requests.length;

    const created = await project.pulumi(["up", "--yes", "--skip-preview"]);
    expect(created.stdout).to.include("+ 9 created");
    expect(server.requests.slice(before)).to.include(`/releases/download/v${version}/${assetName()}`);
    expect(installedPlugin(project.home)).to.include("pulumi-resource-clickhouse-cloud");
    await project.pulumi(["destroy", "--yes", "--skip-preview"]);
  });
});
