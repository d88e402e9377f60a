import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { expect } from "chai";
import { systemClock } from "../../provider/rest/clock";
import { budgetDirectory, SharedBudget } from "../../provider/rest/sharedBudget";
import { sharedBudgetFor, sharedBudgetVariable } from "../../provider/rest/sharedBudgetSetting";

const settings = { limit: 10, windowMs: 1_000, marginMs: 100 };

/**
 * Several processes that share one key's budget: together they send no more than `limit` requests in any window
 * (plus margin), as one process would. Each child takes `perProcess` tickets and prints the times it was let go.
 */
const child = `
const { SharedBudget } = require(${JSON.stringify(path.join(__dirname, "..", "..", "provider", "rest", "sharedBudget.js"))});
const { systemClock } = require(${JSON.stringify(path.join(__dirname, "..", "..", "provider", "rest", "clock.js"))});
(async () => {
  const budget = new SharedBudget(process.argv[1], ${JSON.stringify(settings)}, systemClock);
  const times = [];
  await Promise.all(Array.from({ length: Number(process.argv[2]) }, async () => {
    const sent = await budget.take();
    times.push(Date.now());
    sent();
  }));
  console.log(JSON.stringify(times));
})();
`;

describe("shared budget: one key's rate limit shared by the processes of a machine", function () {
  this.timeout(60_000);
  let dir: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "chc-budget-test-"));
  });

  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("three processes taking 10 tickets each send at most 10 in any window of 1 s", async () => {
    const runs = await Promise.all(
      [1, 2, 3].map(() =>
        promisify(execFile)(process.execPath, ["-e", child, dir, "10"]).then(
          ({ stdout }) => JSON.parse(stdout) as number[],
        ),
      ),
    );
    const times = runs.flat().sort((a, b) => a - b);
    expect(times).to.have.length(30);
    // No window holds more than 10: the i-th and (i + 10)-th send are a window apart. (The budget keeps them a window
    // plus the margin apart; the margin absorbs the time between a send and the child reading the clock.)
    for (let i = 0; i + settings.limit < times.length; i++) {
      expect(times[i + settings.limit] - times[i], `requests ${i} and ${i + settings.limit}`).to.be.at.least(
        settings.windowMs,
      );
    }
  });

  it("a ticket taken by a process that was killed before sending does not block the others", async () => {
    // Ticket 0 of a process that no longer exists (a finished child's pid), never marked sent.
    const { stdout } = await promisify(execFile)(process.execPath, ["-e", "console.log(process.pid)"]);
    fs.writeFileSync(path.join(dir, "0"), `pending ${stdout.trim()}`);
    const budget = new SharedBudget(dir, { limit: 1, windowMs: 200, marginMs: 0 }, systemClock);
    const sent = await budget.take();
    sent();
    expect(fs.readFileSync(path.join(dir, "1"), "utf8")).to.match(/^sent \d+$/);
  });

  it("a ticket of a live process of another user holds the next request back", async () => {
    // The signal check of a process one may not signal fails with EPERM: it is alive. Pid 1 always lives and
    // belongs to root; as root, the child gives up root first, and keeps its budget in the system's temp dir,
    // which every user may write (the tests' own temp dir may be private).
    const asAnotherUser = `
      const fs = require("node:fs");
      const os = require("node:os");
      const path = require("node:path");
      const { SharedBudget } = require(${JSON.stringify(path.join(__dirname, "..", "..", "provider", "rest", "sharedBudget.js"))});
      if (process.getuid() === 0) { process.setgid(65534); process.setuid(65534); }
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chc-budget-other-user-"));
      process.on("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
      fs.writeFileSync(path.join(dir, "0"), "pending 1");
      const start = Date.now();
      let now = start;
      const clock = { now: () => now, sleep: async (ms) => { now += ms; if (now - start > 3000) { console.log("held"); process.exit(0); } } };
      new SharedBudget(dir, { limit: 1, windowMs: 1000, marginMs: 100 }, clock).take().then(() => console.log("sent"));
    `;
    const env = { ...process.env };
    if (process.getuid?.() === 0) delete env.TMPDIR;
    const { stdout } = await promisify(execFile)(process.execPath, ["-e", asAnotherUser], { env });
    expect(stdout.trim()).to.equal("held");
  });

  it("a 429's pause written by one process holds back another's next request", async () => {
    const budget = new SharedBudget(dir, settings, systemClock);
    const other = new SharedBudget(dir, settings, systemClock);
    const until = Date.now() + 300;
    budget.pauseUntil(until);
    await other.take();
    expect(Date.now()).to.be.at.least(until);
  });

  it("names the budget's directory by a hash, never by the credential", () => {
    const directory = budgetDirectory("https://api.clickhouse.cloud", "Basic a2V5OnNlY3JldA==");
    expect(directory.startsWith(path.join(os.tmpdir(), "pulumi-clickhouse-cloud-budget"))).to.equal(true);
    expect(path.basename(directory)).to.match(/^[0-9a-f]{32}$/);
    expect(directory).to.not.contain("a2V5OnNlY3JldA");
  });

  it("deletes other keys' budgets nobody has used for a day, and keeps the recent ones", async () => {
    const stale = path.join(dir, "stale");
    const recent = path.join(dir, "recent");
    for (const budget of [stale, recent]) {
      fs.mkdirSync(budget);
      fs.writeFileSync(path.join(budget, "7"), "sent 1");
    }
    const dayAndMinuteAgo = (Date.now() - 24 * 60 * 60 * 1000 - 60_000) / 1000;
    fs.utimesSync(stale, dayAndMinuteAgo, dayAndMinuteAgo);
    const hourAgo = (Date.now() - 60 * 60 * 1000) / 1000;
    fs.utimesSync(recent, hourAgo, hourAgo);
    const mine = new SharedBudget(path.join(dir, "mine"), settings, systemClock);
    (await mine.take())();
    expect(fs.readdirSync(dir).sort()).to.deep.equal(["mine", "recent"]);
  });
});

describe("shared budget setting", () => {
  const saved = process.env[sharedBudgetVariable];
  afterEach(() => {
    if (saved === undefined) delete process.env[sharedBudgetVariable];
    else process.env[sharedBudgetVariable] = saved;
  });
  const budget = () =>
    sharedBudgetFor("https://api.example.com", "Basic a2V5OnNlY3JldA==", settings, systemClock);

  it("is on unless PULUMI_CLICKHOUSE_CLOUD_SHARED_BUDGET is off, in any case and with blanks", () => {
    delete process.env[sharedBudgetVariable];
    expect(budget()).to.be.instanceOf(SharedBudget);
    process.env[sharedBudgetVariable] = " OFF ";
    expect(budget()).to.equal(undefined);
  });
});

/** Time that moves only when slept through. */
class VirtualClock {
  nowMs = 0;
  now(): number {
    return this.nowMs;
  }
  sleep(ms: number): Promise<void> {
    this.nowMs += ms;
    return Promise.resolve();
  }
}

describe("shared budget in one process (virtual clock)", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "chc-budget-unit-"));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const limit3 = { limit: 3, windowMs: 1_000, marginMs: 100 };

  it("lets the 4th request of a limit of 3 go one window and margin after the 1st was sent", async () => {
    const clock = new VirtualClock();
    const budget = new SharedBudget(path.join(dir, "key"), limit3, clock);
    for (let i = 0; i < 3; i++) (await budget.take())();
    expect(clock.now()).to.equal(0);
    (await budget.take())();
    expect(clock.now()).to.equal(1_100);
  });

  it("keeps the longer of two pauses", async () => {
    const clock = new VirtualClock();
    const budget = new SharedBudget(path.join(dir, "key"), limit3, clock);
    budget.pauseUntil(5_000);
    budget.pauseUntil(2_000);
    (await budget.take())();
    expect(clock.now()).to.equal(5_000);
  });

  it("keeps the newest ticket and the 4 × limit before it, and deletes older ones", async () => {
    const clock = new VirtualClock();
    const budget = new SharedBudget(path.join(dir, "key"), { ...limit3, windowMs: 0, marginMs: 0 }, clock);
    for (let i = 0; i < 20; i++) (await budget.take())();
    const tickets = fs.readdirSync(path.join(dir, "key")).map(Number);
    expect(tickets.sort((a, b) => a - b)).to.deep.equal([7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
  });
  it("a ticket whose request is not sent yet holds the next request back until it is", async () => {
    const holders = { "just created": "", "taken by a live process": `pending ${process.pid}` };
    for (const [what, text] of Object.entries(holders)) {
      const key = path.join(dir, what);
      fs.mkdirSync(key);
      fs.writeFileSync(path.join(key, "0"), text);
      const clock = new SteppingClock(Date.now());
      const budget = new SharedBudget(key, { limit: 1, windowMs: 1_000, marginMs: 100 }, clock);
      let sent = false;
      const taken = budget.take().then(() => (sent = true));
      await clock.until(clock.start + 3_000);
      expect(sent, `${what}: sent while ticket 0 was unsent`).to.equal(false);
      const sentAt = clock.now();
      fs.writeFileSync(path.join(key, "0"), `sent ${sentAt}`);
      await taken;
      expect(clock.now() - sentAt, what).to.equal(1_100);
    }
  });

  it("a ticket of a process that is gone counts as sent when it was taken", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ["-e", "console.log(process.pid)"]);
    const gone = { "a finished process": `pending ${stdout.trim()}`, "no process (pid 0)": "pending 0" };
    for (const [what, text] of Object.entries(gone)) {
      const key = path.join(dir, what);
      fs.mkdirSync(key);
      const clock = new SteppingClock(Date.now());
      const takenAt = clock.start - 400;
      fs.writeFileSync(path.join(key, "0"), text);
      fs.utimesSync(path.join(key, "0"), takenAt / 1000, takenAt / 1000);
      const budget = new SharedBudget(key, { limit: 1, windowMs: 1_000, marginMs: 100 }, clock);
      (await budget.take())();
      // File times keep less than a millisecond exactly.
      expect(clock.now() - clock.start, what).to.be.closeTo(700, 1);
    }
  });

  it("a ticket deleted as old holds nothing back", async () => {
    const key = path.join(dir, "key");
    fs.mkdirSync(key);
    fs.writeFileSync(path.join(key, "9"), "sent 0");
    const clock = new VirtualClock();
    const budget = new SharedBudget(key, limit3, clock);
    (await budget.take())();
    expect(clock.now()).to.equal(0);
    expect(fs.readdirSync(key).sort()).to.deep.equal(["10", "9"]);
  });
});

/** Time that moves only when slept through, one macrotask per sleep, so a test can run beside a waiting budget. */
class SteppingClock {
  private nowMs: number;
  constructor(readonly start: number) {
    this.nowMs = start;
  }
  now(): number {
    return this.nowMs;
  }
  async sleep(ms: number): Promise<void> {
    // A budget that waits a simulated minute waits for something that never comes: fail instead of hanging.
    if (this.nowMs - this.start > 60_000) throw new Error("the budget waited more than a minute");
    this.nowMs += ms;
    await new Promise((resolve) => setImmediate(resolve));
  }
  /** Lets the waiting budget run until its sleeps have moved the clock to `ms`. */
  async until(ms: number): Promise<void> {
    while (this.nowMs < ms) await new Promise((resolve) => setImmediate(resolve));
  }
}
