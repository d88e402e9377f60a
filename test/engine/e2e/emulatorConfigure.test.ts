import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { expect } from "chai";
import { pulumiCliDir } from "../../../scripts/lib/pulumiCli";
import { sharedEmulator } from "../../support/emulator";

const repoRoot = path.resolve(__dirname, "..", "..", "..", "..");
const cliPath = path.join(repoRoot, "dist", "emulator", "cli", "main.js");

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd, env, encoding: "utf8" }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

/** `configure --fixture`: the one command that turns a fixture into stack config, through the real CLI. */
describe("emulator CLI: configure a stack from a fixture", function () {
  this.timeout(120_000);
  let project: string;
  let env: NodeJS.ProcessEnv;

  beforeEach(async () => {
    project = fs.mkdtempSync(path.join(os.tmpdir(), "chc-configure-"));
    fs.writeFileSync(path.join(project, "Pulumi.yaml"), "name: configure-check\nruntime: nodejs\n");
    fs.mkdirSync(path.join(project, "state"));
    fs.writeFileSync(
      path.join(project, "fixture.json"),
      JSON.stringify((await sharedEmulator()).fixture, null, 2),
    );
    env = {
      PATH: `${pulumiCliDir()}${path.delimiter}${process.env.PATH ?? ""}`,
      HOME: process.env.HOME,
      PULUMI_HOME: path.join(project, ".pulumi-home"),
      PULUMI_BACKEND_URL: `file://${path.join(project, "state")}`,
      PULUMI_CONFIG_PASSPHRASE: "configure-test",
      PULUMI_SKIP_UPDATE_CHECK: "true",
    };
    const init = await run("pulumi", ["stack", "init", "ci"], project, env);
    expect(init.code, init.stderr).to.equal(0);
  });
  afterEach(() => fs.rmSync(project, { recursive: true, force: true }));

  it("sets the provider settings (credentials encrypted) and the ids named by --set", async () => {
    const fixture = JSON.parse(fs.readFileSync(path.join(project, "fixture.json"), "utf8")) as Record<
      string,
      unknown
    > & { services: { production: string }; dashboards: { tileIds: string[] }[] };
    const configured = await run(
      process.execPath,
      [
        cliPath,
        "configure",
        "--fixture",
        "fixture.json",
        "--set",
        "serviceId=services.production",
        "--set",
        "tileId=dashboards.0.tileIds.0",
      ],
      project,
      env,
    );
    expect(configured.code, configured.stderr).to.equal(0);
    expect(configured.stdout).to.include("clickhouse:tokenSecret = [secret]");
    expect(configured.stdout).to.not.include(String(fixture.tokenSecret));

    const shown = await run("pulumi", ["config", "--show-secrets", "--json"], project, env);
    const config = JSON.parse(shown.stdout) as Record<string, { value: string; secret: boolean }>;
    expect(config["clickhouse:apiUrl"]).to.deep.equal({ value: fixture.managementUrl, secret: false });
    expect(config["clickhouse:organizationId"].value).to.equal(fixture.organizationId);
    expect(config["clickhouse:tokenKey"]).to.deep.equal({ value: fixture.tokenKey, secret: false });
    expect(config["clickhouse:tokenSecret"]).to.deep.equal({ value: fixture.tokenSecret, secret: true });
    expect(config["observability:apiUrl"].value).to.equal(fixture.observabilityUrl);
    expect(config["observability:apiToken"]).to.deep.equal({
      value: fixture.observabilityToken,
      secret: true,
    });
    expect(config["configure-check:serviceId"].value).to.equal(fixture.services.production);
    expect(config["configure-check:tileId"].value).to.equal(fixture.dashboards[0].tileIds[0]);

    const stackFile = fs.readFileSync(path.join(project, "Pulumi.ci.yaml"), "utf8");
    expect(stackFile).to.not.include(String(fixture.tokenSecret));
    expect(stackFile).to.not.include(String(fixture.observabilityToken));
  });

  it("the plain `pulumi config set` of a key id needs --plaintext, which is why configure passes it", async () => {
    const { fixture } = await sharedEmulator();
    const refused = await run(
      "pulumi",
      ["config", "set", "clickhouse:tokenKey", fixture.tokenKey],
      project,
      env,
    );
    expect(refused.code).to.not.equal(0);
    expect(refused.stderr).to.include("looks like a secret");
    const accepted = await run(
      "pulumi",
      ["config", "set", "--plaintext", "clickhouse:tokenKey", fixture.tokenKey],
      project,
      env,
    );
    expect(accepted.code, accepted.stderr).to.equal(0);
  });

  it("without PULUMI_CONFIG_PASSPHRASE: says to set it, and for how long", async () => {
    const { PULUMI_CONFIG_PASSPHRASE: _dropped, ...withoutPassphrase } = env;
    const configured = await run(
      process.execPath,
      [cliPath, "configure", "--fixture", "fixture.json"],
      project,
      withoutPassphrase,
    );
    expect(configured.code).to.equal(1);
    expect(configured.stderr).to.include("PULUMI_CONFIG_PASSPHRASE");
    expect(configured.stderr).to.include(
      "Set PULUMI_CONFIG_PASSPHRASE (any value for a stack that only meets the emulator) before " +
        "`pulumi stack init`, and keep it set for every later pulumi command of that stack.",
    );
  });

  it("without the Pulumi CLI on PATH: says where to get it and how to put the built one on PATH", async () => {
    const configured = await run(
      process.execPath,
      [cliPath, "configure", "--fixture", "fixture.json"],
      project,
      { ...env, PATH: "/usr/bin:/bin" },
    );
    expect(configured.code).to.equal(1);
    expect(configured.stderr).to.include("the Pulumi CLI (pulumi) is not on PATH");
    expect(configured.stderr).to.include('export PATH="$HOME/.pulumi/versions/3.248.0/bin:$PATH"');
  });
});
