import { execFile } from "node:child_process";
import { promises as fs, readFileSync } from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { expect } from "chai";
import type { Fixture } from "../../../emulator";
import { basicAuth, expectManagementSuccess, send } from "../../support/httpRequests";

const cliPath = path.resolve(__dirname, "../../../emulator/cli/main.js");

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI to its end, as a script line would. */
function runCli(args: string[], cwd: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cliPath, ...args], { cwd, encoding: "utf8" }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** Alive and not exited: an exited process its new parent (init) has not reaped yet counts as stopped. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat[stat.lastIndexOf(")") + 2] !== "Z";
  } catch {
    return false; // gone between the two checks
  }
}

describe("emulator: CLI in the background (--detach, --pid-file, stop)", () => {
  let directory: string;
  const started: number[] = [];

  beforeEach(async () => {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), "emulator-bg-"));
  });
  afterEach(async () => {
    for (const pid of started.splice(0)) if (isRunning(pid)) process.kill(pid, "SIGKILL");
    await fs.rm(directory, { recursive: true, force: true });
  });

  it("--detach returns only once it serves, with the fixture and pid files written; stop frees the port", async () => {
    const detached = await runCli(
      ["--port", "0", "--fixture-out", "fixture.json", "--pid-file", "emulator.pid", "--detach", "--quiet"],
      directory,
    );
    expect(detached.code, detached.stderr).to.equal(0);
    // Read at once, with no waiting: the command returned after both files were written.
    const fixture = JSON.parse(await fs.readFile(path.join(directory, "fixture.json"), "utf8")) as Fixture;
    const pid = Number(await fs.readFile(path.join(directory, "emulator.pid"), "utf8"));
    started.push(pid);
    expect(detached.stdout).to.include(`listening on ${fixture.managementUrl} (pid ${pid})`);
    // --quiet prints no credentials: they are in the fixture file, which only its owner can read.
    for (const credential of [fixture.tokenKey, fixture.tokenSecret, fixture.observabilityToken])
      expect(detached.stdout + detached.stderr).to.not.include(credential);
    expect(detached.stdout).to.include("fixture written to fixture.json");

    const response = await send(
      `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}/services`,
      "GET",
      {
        headers: { authorization: basicAuth(fixture.tokenKey, fixture.tokenSecret) },
      },
    );
    expect(expectManagementSuccess(response)).to.have.length(4);

    const stopped = await runCli(["stop", "--pid-file", "emulator.pid"], directory);
    expect(stopped.code, stopped.stderr).to.equal(0);
    expect(stopped.stdout).to.include(`stopped the emulator (pid ${pid})`);
    expect(isRunning(pid)).to.equal(false);
    await fs.access(path.join(directory, "emulator.pid")).then(
      () => expect.fail("the pid file should be gone"),
      () => undefined,
    );
    const port = Number(new URL(fixture.managementUrl).port);
    expect(await portIsFree(port)).to.equal(true);
  });

  it("prints next steps that name the user's files, and the same kill works as `stop`", async () => {
    const detached = await runCli(
      ["--seed", "7", "--fixture-out", "fixture.json", "--pid-file", "emulator.pid", "--detach"],
      directory,
    );
    expect(detached.code, detached.stderr).to.equal(0);
    expect(detached.stdout).to.include(
      "npx pulumi-clickhouse-cloud-emulator configure --fixture fixture.json   # points the Pulumi stack of this " +
        "directory at it; add --plugin for a stack of the provider plugin",
    );
    expect(detached.stdout).to.include(
      "npx pulumi-clickhouse-cloud-emulator stop --pid-file emulator.pid   # stops it",
    );
    const pid = Number(await fs.readFile(path.join(directory, "emulator.pid"), "utf8"));
    started.push(pid);
    process.kill(pid, "SIGTERM");
    for (let attempt = 0; attempt < 100 && isRunning(pid); attempt += 1)
      await new Promise((r) => setTimeout(r, 50));
    expect(isRunning(pid)).to.equal(false);
    const again = await runCli(["stop", "--pid-file", "emulator.pid"], directory);
    expect(again.code).to.equal(0);
    expect(again.stdout).to.include("no emulator to stop: emulator.pid does not exist");
  });

  it("--seed gives the same ids and credentials on every start", async () => {
    const fixtures: Fixture[] = [];
    for (const name of ["a", "b"]) {
      const run = await runCli(
        ["--seed", "42", "--fixture-out", `${name}.json`, "--pid-file", `${name}.pid`, "--detach"],
        directory,
      );
      expect(run.code, run.stderr).to.equal(0);
      started.push(Number(await fs.readFile(path.join(directory, `${name}.pid`), "utf8")));
      fixtures.push(JSON.parse(await fs.readFile(path.join(directory, `${name}.json`), "utf8")) as Fixture);
      await runCli(["stop", "--pid-file", `${name}.pid`], directory);
    }
    const withoutUrls = fixtures.map(({ managementUrl: _m, observabilityUrl: _o, ...rest }) => rest);
    expect(withoutUrls[0]).to.deep.equal(withoutUrls[1]);
  });

  it("--detach fails, with the reason, when the emulator cannot serve", async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const run = await runCli(["--port", String(port), "--pid-file", "emulator.pid", "--detach"], directory);
      expect(run.code).to.equal(1);
      expect(run.stderr).to.include(`port ${port} on 127.0.0.1 is already in use`);
      expect(run.stderr).to.include("pass --port 0");
    } finally {
      blocker.close();
    }
  });

  it("keeps what holds credentials private: the log file 0600 (also one that existed), files written through unguessable temporary names", async () => {
    const existingLog = path.join(directory, "old.log");
    await fs.writeFile(existingLog, "earlier output\n", { mode: 0o644 });
    // A link planted where a predictable temporary name would be: writing through it would overwrite the target.
    const target = path.join(directory, "someone-elses-file");
    await fs.writeFile(target, "untouched");
    for (let offset = 0; offset < 400; offset += 1) {
      await fs
        .symlink(target, path.join(directory, `.fixture.json.${process.pid + offset}.tmp`))
        .catch(() => undefined);
    }
    for (const [name, log] of [
      ["first", "new.log"],
      ["second", "old.log"],
    ] as const) {
      const run = await runCli(
        [
          "--fixture-out",
          "fixture.json",
          "--pid-file",
          `${name}.pid`,
          "--log-file",
          log,
          "--detach",
          "--quiet",
        ],
        directory,
      );
      expect(run.code, run.stderr).to.equal(0);
      started.push(Number(await fs.readFile(path.join(directory, `${name}.pid`), "utf8")));
      expect((await fs.stat(path.join(directory, log))).mode & 0o777, log).to.equal(0o600);
      await runCli(["stop", "--pid-file", `${name}.pid`], directory);
    }
    expect((await fs.stat(path.join(directory, "fixture.json"))).mode & 0o777).to.equal(0o600);
    expect(await fs.readFile(target, "utf8")).to.equal("untouched");
    const leftovers = (await fs.readdir(directory)).filter((name) =>
      /^\.fixture\.json\.[0-9a-f]{16}\.tmp$/.test(name),
    );
    expect(leftovers).to.deep.equal([]);
  });

  it("warns, on the command's own stderr, when --host serves beyond this machine", async () => {
    const exposed = await runCli(
      ["--host", "0.0.0.0", "--pid-file", "wide.pid", "--detach", "--quiet"],
      directory,
    );
    expect(exposed.code, exposed.stderr).to.equal(0);
    started.push(Number(await fs.readFile(path.join(directory, "wide.pid"), "utf8")));
    expect(exposed.stderr).to.include(
      "warning: --host 0.0.0.0 serves the emulator to other machines that can reach this one",
    );
    await runCli(["stop", "--pid-file", "wide.pid"], directory);
    const local = await runCli(
      ["--host", "127.0.0.1", "--pid-file", "local.pid", "--detach", "--quiet"],
      directory,
    );
    expect(local.code, local.stderr).to.equal(0);
    started.push(Number(await fs.readFile(path.join(directory, "local.pid"), "utf8")));
    expect(local.stderr).to.not.include("warning");
    await runCli(["stop", "--pid-file", "local.pid"], directory);
  });

  it("--detach without --pid-file is a usage error", async () => {
    const run = await runCli(["--detach"], directory);
    expect(run.code).to.equal(2);
    expect(run.stderr).to.include("--detach needs --pid-file <file>").and.include("Usage:");
  });

  it("stop refuses a pid file that does not hold a process id", async () => {
    await fs.writeFile(path.join(directory, "emulator.pid"), "not a pid\n");
    const run = await runCli(["stop", "--pid-file", "emulator.pid"], directory);
    expect(run.code).to.equal(1);
    expect(run.stderr).to.include('--pid-file emulator.pid does not hold a process id; got "not a pid"');
  });
});

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}
