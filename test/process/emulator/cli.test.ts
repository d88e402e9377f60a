import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { promises as fs } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { expect } from "chai";
import type { Fixture } from "../../../emulator";
import { basicAuth, delay, expectManagementSuccess, send } from "../../support/httpRequests";

const cliPath = path.resolve(__dirname, "../../../emulator/cli/main.js");

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

function exitOf(child: ChildProcess): Promise<Exit> {
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
}

/** Polls for the file the CLI writes once it listens; bounded to 10 s. */
async function readFixture(file: string): Promise<Fixture> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      return JSON.parse(await fs.readFile(file, "utf8")) as Fixture;
    } catch {
      await delay(100);
    }
  }
  throw new Error(`${file} was not written within 10 s`);
}

/** Polls until `read()` includes `text` (the CLI prints its start lines after it writes the fixture); bounded to 10 s. */
async function untilPrinted(read: () => string, text: string): Promise<void> {
  for (let attempt = 0; attempt < 100 && !read().includes(text); attempt += 1) await delay(100);
}

describe("emulator: CLI", () => {
  let directory: string;
  let child: ChildProcess | undefined;

  beforeEach(async () => {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), "emulator-cli-"));
  });
  afterEach(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    child = undefined;
    await fs.rm(directory, { recursive: true, force: true });
  });

  it("--port 0 --fixture-out: answers a replica scaling PATCH with the fixture's credentials, stops on SIGTERM", async () => {
    const fixtureFile = path.join(directory, "f.json");
    child = spawn(process.execPath, [cliPath, "--port", "0", "--fixture-out", fixtureFile], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = exitOf(child);
    const fixture = await readFixture(fixtureFile);
    expect((await fs.stat(fixtureFile)).mode & 0o777).to.equal(0o600);

    const response = await send(
      `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}/services/${fixture.services.production}/replicaScaling`,
      "PATCH",
      {
        headers: { authorization: basicAuth(fixture.tokenKey, fixture.tokenSecret) },
        body: { numReplicas: 4 },
      },
    );
    expect(expectManagementSuccess(response).numReplicas).to.equal(4);
    expect(output).to.include(fixture.managementUrl).and.include(fixture.organizationId);

    child.kill("SIGTERM");
    expect(await exited).to.deep.equal({ code: 0, signal: null });
    expect(output).to.include("PATCH").and.include("replicaScaling 200");
  });

  it("rate limits are on by default, and --state keeps changes across runs", async () => {
    const fixtureFile = path.join(directory, "f.json");
    const statePath = path.join(directory, "state.json");
    const run = async () => {
      await fs.rm(fixtureFile, { force: true });
      child = spawn(
        process.execPath,
        [cliPath, "--fixture-out", fixtureFile, "--state", statePath, "--quiet"],
        {
          stdio: "ignore",
        },
      );
      const exited = exitOf(child);
      return { fixture: await readFixture(fixtureFile), stop: () => (child?.kill("SIGINT"), exited) };
    };
    const first = await run();
    const auth = { authorization: basicAuth(first.fixture.tokenKey, first.fixture.tokenSecret) };
    const orgUrl = (fixture: Fixture) =>
      `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}`;
    const created = await send(`${orgUrl(first.fixture)}/keys`, "POST", {
      headers: auth,
      body: { name: "kept", roles: ["admin"] },
    });
    expect(created.headers.get("x-ratelimit-limit")).to.equal("10");
    expect((await first.stop()).code).to.equal(0);

    const second = await run();
    const keys = expectManagementSuccess(
      await send(`${orgUrl(second.fixture)}/keys`, "GET", { headers: auth }),
    );
    expect(keys.map((key: { name: string }) => key.name)).to.include("kept");
    expect((await second.stop()).code).to.equal(0);
  });

  it("--dialect production: says so on start and writes the dialect into the fixture; spec by default", async () => {
    for (const args of [["--dialect", "production"], []]) {
      const fixtureFile = path.join(directory, `f${args.length}.json`);
      child = spawn(process.execPath, [cliPath, "--fixture-out", fixtureFile, "--quiet", ...args], {
        stdio: ["ignore", "pipe", "ignore"],
      });
      let output = "";
      child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const exited = exitOf(child);
      const fixture = await readFixture(fixtureFile);
      const expected = args.length > 0 ? "production" : "spec";
      expect(fixture.dialect).to.equal(expected);
      await untilPrinted(() => output, `(--dialect ${expected})`);
      child.kill("SIGTERM");
      await exited;
      expect(output).to.include(`(--dialect ${expected})`);
    }
  });

  it("refuses a bad flag with usage and exit code 2", async () => {
    child = spawn(process.execPath, [cliPath, "--rate-limits", "maybe"], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let errors = "";
    child.stderr?.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    const exit = await exitOf(child);
    expect(exit.code).to.equal(2);
    expect(errors).to.include("--rate-limits must be on or off").and.include("Usage:");
  });
});
