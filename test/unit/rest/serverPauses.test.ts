import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { expect } from "chai";
import { SharedBudget } from "../../../provider/rest/budget/sharedBudget";
import { systemClock } from "../../../provider/clock";
import { CannedServer, type CannedResponse } from "../../support/cannedServer";
import { managementClientFor, observabilityClientFor } from "../../support/clients";
import { SimulatedClock, testOptions } from "../../support/restHarness";

const ORG = "0f8e5a52-6c1d-4a7e-9d0b-3c2f1e4d5a6b";
const organization = { status: 200, body: JSON.stringify({ result: { id: ORG, name: "org" } }) };
const emptyAlertList = { status: 200, body: JSON.stringify({ data: [] }) };
const tooMany = (headers: Record<string, string>): CannedResponse => ({
  status: 429,
  body: JSON.stringify({ status: 429, error: "Too many requests" }),
  headers,
});

/** A server that answers 429 with `headers` to the first `count` requests, then `success`. */
async function tooManyThen(count: number, headers: Record<string, string>, success: CannedResponse) {
  return new CannedServer((index) => (index < count ? tooMany(headers) : success)).start();
}

/** No 429 makes a client wait much longer than its API's window, whatever the server says. */
describe("429 pauses are bounded by the API's window", () => {
  const servers: CannedServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.stop();
  });

  it("Retry-After: 999999999 is ignored with one warning; the client backs off briefly and gets through", async () => {
    const server = await tooManyThen(2, { "retry-after": "999999999" }, organization);
    servers.push(server);
    const logs: string[] = [];
    const clock = new SimulatedClock();
    const client = managementClientFor(server.url, testOptions(logs, { clock, throttle: "off" }));
    expect((await client.organizations.get(ORG)).id).to.equal(ORG);
    expect(server.received).to.have.length(3);
    // The back-off of a 429 that names no reset: 100 ms then 200 ms at most with the test's settings.
    expect(Math.max(...clock.sleeps)).to.be.at.most(200);
    const warnings = logs.filter((line) => line.includes("999999999"));
    expect(warnings, logs.join("\n")).to.have.length(1);
    expect(warnings[0]).to.contain('ignoring "retry-after: 999999999"');
  });

  it("X-RateLimit-Reset of 50 s waits one management window (10 s), not 50", async () => {
    const server = await tooManyThen(1, { "x-ratelimit-reset": "50" }, organization);
    servers.push(server);
    const clock = new SimulatedClock();
    const client = managementClientFor(server.url, testOptions([], { clock, throttle: "off" }));
    await client.organizations.get(ORG);
    expect(clock.sleeps).to.have.length(1);
    // The window and its margin, plus at most 100 ms of jitter.
    expect(clock.sleeps[0]).to.be.within(10_100, 10_200);
  });

  it("RateLimit-Reset of 50 s is within the observability API's minute and is waited in full", async () => {
    const server = await tooManyThen(1, { "ratelimit-reset": "50" }, emptyAlertList);
    servers.push(server);
    const clock = new SimulatedClock();
    const client = observabilityClientFor(server.url, testOptions([], { clock, throttle: "off" }));
    await client.alerts.list();
    expect(clock.sleeps[0]).to.be.within(50_000, 50_100);
  });

  describe("with the machine's shared budget (real time)", () => {
    let tmp: string;
    const savedTmp = process.env.TMPDIR;
    beforeEach(() => {
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), "chc-pause-test-"));
      process.env.TMPDIR = tmp;
    });
    afterEach(() => {
      if (savedTmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = savedTmp;
      fs.rmSync(tmp, { recursive: true, force: true });
    });

    it("an absurd Retry-After never reaches the pause the other processes read", async () => {
      const server = await tooManyThen(1, { "retry-after": "999999999" }, organization);
      servers.push(server);
      const logs: string[] = [];
      const client = managementClientFor(server.url, testOptions(logs, { clock: undefined }));
      await client.organizations.get(ORG);
      const pauseFiles = filesNamed(tmp, "pause");
      expect(pauseFiles).to.have.length(1);
      const pausedUntil = Number(fs.readFileSync(pauseFiles[0], "utf8"));
      // The pause of a 429 that names no reset (1 s), not 31 years.
      expect(pausedUntil - Date.now()).to.be.below(2_000);
    });
  });
});

/** The files called `name` anywhere below `dir`. */
function filesNamed(dir: string, name: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((entry) => path.basename(entry) === name)
    .map((entry) => path.join(dir, entry));
}

/** Time that moves only when slept through. */
class VirtualClock {
  nowMs = 1_000_000;
  now(): number {
    return this.nowMs;
  }
  sleep(ms: number): Promise<void> {
    this.nowMs += ms;
    return Promise.resolve();
  }
}

describe("pauses in the shared budget", () => {
  let dir: string;
  const settings = { limit: 10, windowMs: 10_000, marginMs: 100, maxPauseMs: 10_100 };
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "chc-budget-pause-"));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("a planted pause 31 years away is ignored with one warning line, and requests go on", async () => {
    const clock = new VirtualClock();
    fs.writeFileSync(path.join(dir, "pause"), String(clock.now() + 999_999_999_000));
    const logs: string[] = [];
    const budget = new SharedBudget(dir, settings, clock, (line) => logs.push(line));
    for (let i = 0; i < 3; i++) (await budget.take())()();
    expect(clock.now()).to.equal(1_000_000);
    expect(logs, logs.join("\n")).to.have.length(1);
    expect(logs[0]).to.contain(`ignoring ${path.join(dir, "pause")}`);
  });

  it("a planted pause an hour away is ignored, the warning saying how far away it is", async () => {
    const clock = new VirtualClock();
    fs.writeFileSync(path.join(dir, "pause"), String(clock.now() + 60 * 60 * 1000));
    const logs: string[] = [];
    const budget = new SharedBudget(dir, settings, clock, (line) => logs.push(line));
    (await budget.take())()();
    expect(clock.now()).to.equal(1_000_000);
    expect(logs).to.deep.equal([
      `shared rate-limit budget: ignoring ${path.join(dir, "pause")}: 1 h, longer than any 429 asks`,
    ]);
  });

  it("a pause of one window and its margin, the longest a 429 can ask for, is honoured", async () => {
    const clock = new VirtualClock();
    fs.writeFileSync(path.join(dir, "pause"), String(clock.now() + settings.maxPauseMs));
    const budget = new SharedBudget(dir, settings, clock);
    (await budget.take())()();
    expect(clock.now()).to.equal(1_000_000 + settings.maxPauseMs);
  });

  it("a pause within one window is honoured", async () => {
    const clock = new VirtualClock();
    fs.writeFileSync(path.join(dir, "pause"), String(clock.now() + 10_000));
    const budget = new SharedBudget(dir, settings, clock);
    (await budget.take())()();
    expect(clock.now()).to.equal(1_010_000);
  });

  it("a process waiting on another's pause says so once; the one that paused says nothing", async () => {
    const paused: string[] = [];
    const waiting: string[] = [];
    const pausing = new SharedBudget(dir, settings, systemClock, (line) => paused.push(line));
    const other = new SharedBudget(dir, settings, systemClock, (line) => waiting.push(line));
    pausing.pauseUntil(Date.now() + 300);
    await Promise.all([other.take(), other.take(), pausing.take()]);
    expect(waiting, waiting.join("\n")).to.have.length(1);
    expect(waiting[0]).to.match(/waiting 0\.\d s: another process using this key was answered 429/);
    expect(paused).to.deep.equal([]);
  });
});
