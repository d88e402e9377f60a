import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { expect } from "chai";

const cliPath = path.resolve(__dirname, "../../../emulator/cli/main.js");

/** Runs the CLI to its end; every case here must fail before it would serve. */
function runCli(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cliPath, ...args],
      { cwd, encoding: "utf8", timeout: 20_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

describe("emulator: CLI errors say what to do", () => {
  let directory: string;

  beforeEach(async () => {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), "emulator-errors-"));
  });
  afterEach(async () => {
    await fs.rm(directory, { recursive: true, force: true });
  });

  it("a port in use: names the port, suggests --port 0 or stopping the other process, no stack trace", async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const run = await runCli(["--port", String(port), "--quiet"], directory);
      expect(run.code).to.equal(1);
      expect(run.stderr).to.equal(
        `pulumi-clickhouse-cloud-emulator: port ${port} on 127.0.0.1 is already in use, perhaps by an emulator ` +
          "that is still running: stop that process (`npx pulumi-clickhouse-cloud-emulator stop --pid-file " +
          "<file>`, or kill <pid>), or pass --port 0 to let the system pick a free port\n",
      );
    } finally {
      blocker.close();
    }
  });

  it("--fixture-out in a directory that does not exist: names the user's path and how to create it", async () => {
    const run = await runCli(["--fixture-out", "out/fixture.json"], directory);
    expect(run.code).to.equal(1);
    expect(run.stderr).to.equal(
      "pulumi-clickhouse-cloud-emulator: --fixture-out out/fixture.json: the directory out does not exist; " +
        "create it first (mkdir -p out) or choose another path\n",
    );
  });

  it("--fixture-out under a file, or naming a directory: the user's path, never a temporary file", async () => {
    await fs.writeFile(path.join(directory, "plain"), "x");
    await fs.mkdir(path.join(directory, "folder"));
    const underFile = await runCli(["--fixture-out", "plain/fixture.json"], directory);
    expect(underFile.code).to.equal(1);
    expect(underFile.stderr).to.include("--fixture-out plain/fixture.json: plain is a file, not a directory");
    const isDirectory = await runCli(["--fixture-out", "folder"], directory);
    expect(isDirectory.code).to.equal(1);
    expect(isDirectory.stderr).to.include(
      "--fixture-out folder: that is a directory; name a file in it instead",
    );
    for (const output of [underFile.stderr, isDirectory.stderr]) expect(output).to.not.include(".tmp");
  });

  it("--state and --pid-file get the same check", async () => {
    const state = await runCli(["--state", "missing/state.json"], directory);
    expect(state.stderr).to.include("--state missing/state.json: the directory missing does not exist");
    const pid = await runCli(["--pid-file", "missing/e.pid"], directory);
    expect(pid.stderr).to.include("--pid-file missing/e.pid: the directory missing does not exist");
  });

  it("--dialect takes spec or production only, as a usage error naming both", async () => {
    const run = await runCli(["--dialect", "prod", "--quiet"], directory);
    expect(run.code).to.equal(2);
    expect(run.stderr).to.include('--dialect must be spec or production; got "prod"');
  });

  it("an unknown command is a usage error", async () => {
    const run = await runCli(["start"], directory);
    expect(run.code).to.equal(2);
    expect(run.stderr).to.include('unknown command "start"; commands: serve, stop, configure');
  });

  it("configure: a missing fixture file says how to produce it", async () => {
    const run = await runCli(["configure", "--fixture", "fixture.json"], directory);
    expect(run.code).to.equal(1);
    expect(run.stderr).to.include(
      "--fixture fixture.json does not exist: start the emulator with --fixture-out fixture.json " +
        "(and --detach to wait until it is written)",
    );
  });

  it("configure: a file that is not a fixture is refused before the CLI runs", async () => {
    await fs.writeFile(path.join(directory, "other.json"), JSON.stringify({ name: "package" }));
    const run = await runCli(["configure", "--fixture", "other.json"], directory);
    expect(run.code).to.equal(1);
    expect(run.stderr).to.include("--fixture other.json is not an emulator fixture: it has no managementUrl");
  });
});
