import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { expect } from "chai";
import { systemClock } from "../../../provider/clock";
import { budgetDirectory } from "../../../provider/rest/budget/budgetDirectory";
import { SharedBudget } from "../../../provider/rest/budget/sharedBudget";
import { sharedBudgetFor, sharedBudgetVariable } from "../../../provider/rest/budget/sharedBudgetSetting";
import type { RateBudget } from "../../../provider/rest/budget/throttle";

const settings = { limit: 10, windowMs: 1_000, marginMs: 100, maxPauseMs: 10_000 };
const BASE_URL = "https://api.example.com";
const CREDENTIAL = "Basic a2V5OnNlY3JldA==";

/**
 * Several processes that share one key's budget: together they send no more than `limit` requests in any window
 * (plus margin), as one process would. Each child takes `perProcess` tickets and prints the times it was let go.
 */
const child = `
const { SharedBudget } = require(${JSON.stringify(path.join(__dirname, "..", "..", "..", "provider", "rest", "budget", "sharedBudget.js"))});
const { systemClock } = require(${JSON.stringify(path.join(__dirname, "..", "..", "..", "provider", "clock.js"))});
(async () => {
  const budget = new SharedBudget(process.argv[1], ${JSON.stringify(settings)}, systemClock);
  const times = [];
  await Promise.all(Array.from({ length: Number(process.argv[2]) }, async () => {
    const sent = await budget.take();
    times.push(Date.now());
    sent()();
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
    const budget = new SharedBudget(
      dir,
      { limit: 1, windowMs: 200, marginMs: 0, maxPauseMs: 10_000 },
      systemClock,
    );
    const sent = await budget.take();
    sent()();
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
      const { SharedBudget } = require(${JSON.stringify(path.join(__dirname, "..", "..", "..", "provider", "rest", "budget", "sharedBudget.js"))});
      if (process.getuid() === 0) { process.setgid(65534); process.setuid(65534); }
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chc-budget-other-user-"));
      process.on("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
      fs.writeFileSync(path.join(dir, "0"), "pending 1");
      const start = Date.now();
      let now = start;
      const clock = { now: () => now, sleep: async (ms) => { now += ms; if (now - start > 3000) { console.log("held"); process.exit(0); } } };
      new SharedBudget(dir, { limit: 1, windowMs: 1000, marginMs: 100, maxPauseMs: 10_000 }, clock).take().then(() => console.log("sent"));
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
    const userDirectory = `pulumi-clickhouse-cloud-budget-${process.getuid!()}`;
    expect(path.dirname(directory)).to.equal(path.join(os.tmpdir(), userDirectory));
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
    (await mine.take())()();
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

  it("a PULUMI_CLICKHOUSE_CLOUD_SHARED_BUDGET it cannot read is an error naming it, without the password", () => {
    process.env[sharedBudgetVariable] = "tcp://ci:hunter2@redis.example.com:6379";
    expect(budget).to.throw(
      'PULUMI_CLICKHOUSE_CLOUD_SHARED_BUDGET must be "local", "off", or a Redis URL, ' +
        'redis[s]://[[user]:password@]host[:port][/database]; got "tcp://ci:***@redis.example.com:6379", ' +
        "whose scheme is not redis or rediss",
    );
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

/** A pid above Linux's largest (2^22): no process has it, so only a replaced `process.kill` makes it live. */
const OTHER_USERS_PID = 4_194_305;

describe("shared budget in one process (virtual clock)", () => {
  let dir: string;
  const restore: Array<() => void> = [];
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "chc-budget-unit-"));
  });
  afterEach(() => {
    for (const undo of restore.splice(0)) undo();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /**
   * Makes `pid` a live process of another user for the signal check: signalling it fails with EPERM, as it does
   * for any process of another user when this one is not root.
   */
  function asAnotherUsersProcess(pid: number): void {
    const realKill = process.kill;
    process.kill = ((target: number, signal?: string | number) => {
      if (target === pid) throw Object.assign(new Error(`kill EPERM`), { code: "EPERM" });
      return realKill.call(process, target, signal);
    }) as typeof process.kill;
    restore.push(() => (process.kill = realKill));
  }
  const limit3 = { limit: 3, windowMs: 1_000, marginMs: 100, maxPauseMs: 10_000 };

  it("lets the 4th request of a limit of 3 go one window and margin after the 1st was answered", async () => {
    const clock = new VirtualClock();
    const budget = new SharedBudget(path.join(dir, "key"), limit3, clock);
    for (let i = 0; i < 3; i++) (await budget.take())()();
    expect(clock.now()).to.equal(0);
    (await budget.take())()();
    expect(clock.now()).to.equal(1_100);
  });

  it("holds a slow request's ticket from its answer, not its send: the server may count it late", async () => {
    // A process starved of CPU, or a slow network, can deliver a request long after it was marked sent; the server
    // counts it on arrival, and answers after that.
    const clock = new VirtualClock();
    const budget = new SharedBudget(path.join(dir, "key"), limit3, clock);
    const answers: Array<() => void> = [];
    for (let i = 0; i < 3; i++) answers.push((await budget.take())());
    await clock.sleep(500);
    for (const answered of answers) answered();
    (await budget.take())()();
    expect(clock.now()).to.equal(1_600);
  });

  it("keeps the longer of two pauses", async () => {
    const clock = new VirtualClock();
    const budget = new SharedBudget(path.join(dir, "key"), limit3, clock);
    budget.pauseUntil(5_000);
    budget.pauseUntil(2_000);
    (await budget.take())()();
    expect(clock.now()).to.equal(5_000);
  });

  it("keeps the newest ticket and the 4 × limit before it, and deletes older ones", async () => {
    const clock = new VirtualClock();
    const budget = new SharedBudget(
      path.join(dir, "key"),
      { ...limit3, windowMs: 0, marginMs: 0, maxPauseMs: 10_000 },
      clock,
    );
    for (let i = 0; i < 20; i++) (await budget.take())()();
    const tickets = fs.readdirSync(path.join(dir, "key")).map(Number);
    expect(tickets.sort((a, b) => a - b)).to.deep.equal([7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
  });
  it("a ticket whose request is not sent yet holds the next request back until it is", async () => {
    const holders = {
      "just created": "",
      "waiting in a live process": `pending ${process.pid}`,
      "sent by a live process, not answered yet": `sending ${process.pid}`,
      "waiting in a live process of another user": `pending ${OTHER_USERS_PID}`,
    };
    asAnotherUsersProcess(OTHER_USERS_PID);
    for (const [what, text] of Object.entries(holders)) {
      const key = path.join(dir, what);
      fs.mkdirSync(key);
      fs.writeFileSync(path.join(key, "0"), text);
      const clock = new SteppingClock(Date.now());
      const budget = new SharedBudget(
        key,
        { limit: 1, windowMs: 1_000, marginMs: 100, maxPauseMs: 10_000 },
        clock,
      );
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

  it("looks at the ticket it waits for every 50 ms, so another process's change counts at once", async () => {
    const key = path.join(dir, "key");
    fs.mkdirSync(key);
    const clock = new SteppingClock(Date.now());
    fs.writeFileSync(path.join(key, "0"), `sent ${clock.start}`);
    // 200 ms into the wait, another process deletes ticket 0 as old: nothing holds this request back any more.
    clock.when(clock.start + 200, () => fs.rmSync(path.join(key, "0")));
    const budget = new SharedBudget(
      key,
      { limit: 1, windowMs: 1_000, marginMs: 100, maxPauseMs: 10_000 },
      clock,
    );
    (await budget.take())()();
    expect(clock.now() - clock.start).to.be.at.most(250);
  });

  it("marks its ticket pending while it waits, sending once sent, and sent with the time of the answer", async () => {
    const key = path.join(dir, "key");
    fs.mkdirSync(key);
    const clock = new SteppingClock(Date.now());
    fs.writeFileSync(path.join(key, "0"), `sent ${clock.start}`);
    const budget = new SharedBudget(
      key,
      { limit: 1, windowMs: 1_000, marginMs: 100, maxPauseMs: 10_000 },
      clock,
    );
    const taken = budget.take();
    await clock.until(clock.start + 100);
    expect(fs.readFileSync(path.join(key, "1"), "utf8")).to.equal(`pending ${process.pid}`);
    const answered = (await taken)();
    expect(fs.readFileSync(path.join(key, "1"), "utf8")).to.equal(`sending ${process.pid}`);
    await clock.sleep(300);
    answered();
    expect(fs.readFileSync(path.join(key, "1"), "utf8")).to.equal(`sent ${clock.start + 1_400}`);
  });

  it("a ticket of a process that is gone holds nothing back when it was never sent", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ["-e", "console.log(process.pid)"]);
    const gone = { "a finished process": `pending ${stdout.trim()}`, "no process (pid 0)": "pending 0" };
    for (const [what, text] of Object.entries(gone)) {
      const key = path.join(dir, what);
      fs.mkdirSync(key);
      fs.writeFileSync(path.join(key, "0"), text);
      const clock = new SteppingClock(Date.now());
      const budget = new SharedBudget(
        key,
        { limit: 1, windowMs: 1_000, marginMs: 100, maxPauseMs: 10_000 },
        clock,
      );
      (await budget.take())()();
      expect(clock.now() - clock.start, what).to.equal(0);
    }
  });

  it("a ticket of a process that is gone while sending holds the next request for its lease from the send", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ["-e", "console.log(process.pid)"]);
    const gone = { "a finished process": `sending ${stdout.trim()}`, "no process (pid 0)": "sending 0" };
    for (const [what, text] of Object.entries(gone)) {
      const key = path.join(dir, what);
      fs.mkdirSync(key);
      const clock = new SteppingClock(Date.now());
      const sentAt = clock.start - 400;
      fs.writeFileSync(path.join(key, "0"), text);
      fs.utimesSync(path.join(key, "0"), sentAt / 1000, sentAt / 1000);
      const budget = new SharedBudget(
        key,
        { limit: 1, windowMs: 1_000, marginMs: 100, maxPauseMs: 10_000, leaseMs: 2_000 },
        clock,
      );
      (await budget.take())()();
      // File times keep less than a millisecond exactly.
      expect(clock.now() - clock.start, what).to.be.closeTo(1_600, 1);
    }
  });

  it("a ticket left empty by a process killed between creating and writing it holds the next request for a lease from its creation, no longer", async () => {
    const key = path.join(dir, "key");
    fs.mkdirSync(key);
    const clock = new SteppingClock(Date.now());
    const createdAt = clock.start - 400;
    fs.writeFileSync(path.join(key, "0"), "");
    fs.utimesSync(path.join(key, "0"), createdAt / 1000, createdAt / 1000);
    const budget = new SharedBudget(
      key,
      { limit: 1, windowMs: 1_000, marginMs: 100, maxPauseMs: 10_000, leaseMs: 2_000 },
      clock,
    );
    (await budget.take())()();
    // File times keep less than a millisecond exactly.
    expect(clock.now() - clock.start).to.be.closeTo(1_600, 1);
  });

  it("without a lease given, a gone process's ticket holds the next request 30 s plus the window and margin from its send", async () => {
    const savedTmp = process.env.TMPDIR;
    process.env.TMPDIR = dir;
    restore.push(() =>
      savedTmp === undefined ? delete process.env.TMPDIR : (process.env.TMPDIR = savedTmp),
    );
    const noLease = { limit: 1, windowMs: 1_000, marginMs: 100, maxPauseMs: 10_000 };
    const own = path.join(dir, "key");
    const budgets: Array<[string, string, (clock: SteppingClock) => RateBudget]> = [
      ["made by itself", own, (clock) => new SharedBudget(own, noLease, clock)],
      [
        "made for a client's key",
        budgetDirectory(BASE_URL, CREDENTIAL),
        (clock) => sharedBudgetFor(BASE_URL, CREDENTIAL, noLease, clock, undefined, "local")!,
      ],
    ];
    for (const [what, key, open] of budgets) {
      const clock = new SteppingClock(Date.now());
      const budget = open(clock);
      const sentAt = clock.start - 400;
      fs.writeFileSync(path.join(key, "0"), "sending 0");
      fs.utimesSync(path.join(key, "0"), sentAt / 1000, sentAt / 1000);
      const answered = (await budget.take())();
      if (typeof answered === "function") answered();
      // File times keep less than a millisecond exactly.
      expect(clock.now() - clock.start, what).to.be.closeTo(30_000 + 1_000 + 100 - 400, 1);
    }
  });

  it("a pause another process set that is over by now is not reported while the request waits its turn", async () => {
    for (const [what, endsAfterNowMs] of [
      ["ends now", 0],
      ["ended 0.5 s ago", -500],
    ] as const) {
      const key = path.join(dir, what);
      fs.mkdirSync(key);
      const clock = new VirtualClock();
      clock.nowMs = 1_000_000;
      fs.writeFileSync(path.join(key, "0"), `sent ${clock.nowMs}`);
      fs.writeFileSync(path.join(key, "pause"), String(clock.nowMs + endsAfterNowMs));
      const logs: string[] = [];
      const budget = new SharedBudget(key, { ...limit3, limit: 1 }, clock, (line) => logs.push(line));
      (await budget.take())()();
      expect(clock.now(), what).to.equal(1_001_100);
      expect(logs, what).to.deep.equal([]);
    }
  });

  it("a 429 asking for the pause already in force leaves the pause file as it is", async () => {
    const budget = new SharedBudget(path.join(dir, "key"), limit3, new VirtualClock());
    const pauseFile = path.join(dir, "key", "pause");
    budget.pauseUntil(5_000);
    const written = fs.statSync(pauseFile).ino;
    budget.pauseUntil(5_000);
    expect(fs.statSync(pauseFile).ino).to.equal(written);
    expect(fs.readFileSync(pauseFile, "utf8")).to.equal("5000");
  });

  it("closes every file it opens", async () => {
    const clock = new VirtualClock();
    const budget = new SharedBudget(path.join(dir, "key"), { ...limit3, windowMs: 0, marginMs: 0 }, clock);
    budget.pauseUntil(100);
    const lowestFree = lowestFreeDescriptor();
    for (let i = 0; i < 5; i++) (await budget.take())()();
    budget.pauseUntil(200);
    // A descriptor left open would take the lowest free number, and the next file opened would get a higher one.
    expect(lowestFreeDescriptor()).to.equal(lowestFree);
  });

  it("a ticket deleted as old holds nothing back", async () => {
    const key = path.join(dir, "key");
    fs.mkdirSync(key);
    fs.writeFileSync(path.join(key, "9"), "sent 0");
    const clock = new VirtualClock();
    const budget = new SharedBudget(key, limit3, clock);
    (await budget.take())()();
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
  private pending: { atMs: number; action: () => void } | undefined;
  async sleep(ms: number): Promise<void> {
    // A budget that waits a simulated minute waits for something that never comes: fail instead of hanging.
    if (this.nowMs - this.start > 60_000) throw new Error("the budget waited more than a minute");
    if (!(ms >= 0)) throw new Error(`the budget slept ${ms} ms`);
    this.nowMs += ms;
    if (this.pending !== undefined && this.nowMs >= this.pending.atMs) {
      this.pending.action();
      this.pending = undefined;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  /** Runs `action` during the sleep that takes the clock to `atMs` or past it, as another process would act then. */
  when(atMs: number, action: () => void): void {
    this.pending = { atMs, action };
  }
  /** Lets the waiting budget run until its sleeps have moved the clock to `ms`. */
  async until(ms: number): Promise<void> {
    while (this.nowMs < ms) await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Another process acting between two file operations of this one, played by replacing one of `fs`'s functions
 * for one call: it takes the ticket number this process just found free, deletes the whole budget as idle, or
 * deletes a ticket this process is about to delete or look at.
 */
describe("shared budget: another process between two file operations", () => {
  let dir: string;
  const restore: Array<() => void> = [];
  // The module object itself: what `import * as` gives has getters only.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const nodeFs = require("node:fs") as Record<string, (...args: unknown[]) => unknown>;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "chc-budget-race-"));
  });
  afterEach(() => {
    for (const undo of restore.splice(0)) undo();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /**
   * Runs `before` once, the next time `name` is called with `target` (or a path `target` accepts), then calls the
   * real function.
   */
  function onNextCall(
    name: "readdirSync" | "openSync" | "statSync" | "renameSync",
    target: string | ((file: string) => boolean),
    before: () => unknown,
  ): void {
    const real = nodeFs[name];
    const matches = typeof target === "string" ? (file: unknown) => file === target : target;
    let done = false;
    nodeFs[name] = (...args: unknown[]) => {
      if (!done && matches(args[0] as string)) {
        done = true;
        const replaced = before();
        if (replaced !== undefined) return replaced;
      }
      return real(...args);
    };
    restore.push(() => (nodeFs[name] = real));
  }

  const oneAtATime = { limit: 1, windowMs: 1_000, marginMs: 100, maxPauseMs: 10_000 };

  it("takes the next number when another process took the one it found free", async () => {
    const key = path.join(dir, "key");
    const budget = new SharedBudget(key, oneAtATime, new VirtualClock());
    // The other process creates ticket 0 right after this one listed the directory.
    onNextCall("readdirSync", key, () => {
      fs.writeFileSync(path.join(key, "0"), `sent 0`);
      return [];
    });
    (await budget.take())()();
    expect(fs.readdirSync(key).sort()).to.deep.equal(["0", "1"]);
    expect(fs.readFileSync(path.join(key, "0"), "utf8")).to.equal("sent 0");
    expect(fs.readFileSync(path.join(key, "1"), "utf8")).to.match(/^sent \d+$/);
  });

  it("makes the budget again, private, when another process deleted it as idle", async () => {
    const key = path.join(dir, "key");
    const budget = new SharedBudget(key, oneAtATime, new VirtualClock());
    onNextCall("readdirSync", key, () => {
      fs.rmSync(key, { recursive: true });
      return [];
    });
    (await budget.take())()();
    expect(fs.readdirSync(key)).to.deep.equal(["0"]);
    expect(fs.statSync(key).mode & 0o777).to.equal(0o700);
  });

  it("makes the budget again when another process deleted it as idle while this one kept it", async () => {
    const key = path.join(dir, "key");
    const budget = new SharedBudget(key, oneAtATime, new VirtualClock());
    fs.rmSync(key, { recursive: true });
    (await budget.take())()();
    expect(fs.readdirSync(key)).to.deep.equal(["0"]);
    expect(fs.statSync(key).mode & 0o777).to.equal(0o700);
  });

  it("takes its ticket when another process deleted the budget and made it again meanwhile", async () => {
    const key = path.join(dir, "key");
    const budget = new SharedBudget(key, oneAtATime, new VirtualClock());
    onNextCall("openSync", path.join(key, "0"), () => {
      throw Object.assign(new Error("ENOENT: no such file or directory"), { code: "ENOENT" });
    });
    (await budget.take())()();
    expect(fs.readdirSync(key)).to.deep.equal(["0"]);
  });

  it("takes the number after the highest, in whatever order the directory lists the tickets", async () => {
    const key = path.join(dir, "key");
    fs.mkdirSync(key);
    for (const ticket of ["5", "20"]) fs.writeFileSync(path.join(key, ticket), "sent 0");
    const budget = new SharedBudget(key, oneAtATime, new VirtualClock());
    // File systems list in no particular order: here the highest comes first.
    onNextCall("readdirSync", key, () => ["20", "5"]);
    (await budget.take())()();
    expect(fs.readdirSync(key).sort()).to.deep.equal(["20", "21"]);
  });

  it("fails the request with the file system's error when it refuses to create the ticket", async () => {
    const key = path.join(dir, "key");
    const budget = new SharedBudget(key, oneAtATime, new VirtualClock());
    // As a user without write access to the budget would be (root never is).
    onNextCall("openSync", path.join(key, "0"), () => {
      throw Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
    });
    const failure = await budget.take().then(
      () => undefined,
      (error: NodeJS.ErrnoException) => error,
    );
    expect(failure?.code).to.equal("EACCES");
    expect(fs.readdirSync(key)).to.deep.equal([]);
  });

  it("does not mind an old ticket another process deleted first", async () => {
    const key = path.join(dir, "key");
    fs.mkdirSync(key);
    fs.writeFileSync(path.join(key, "20"), "sent 0");
    const budget = new SharedBudget(key, oneAtATime, new VirtualClock());
    // The listing that looks for old tickets still shows ticket 3, which the other process has just deleted.
    let listings = 0;
    const real = nodeFs.readdirSync;
    nodeFs.readdirSync = (...args: unknown[]) => {
      const names = real(...args) as string[];
      return args[0] === key && ++listings === 2 ? [...names, "3"] : names;
    };
    restore.push(() => (nodeFs.readdirSync = real));
    (await budget.take())()();
    expect(fs.readdirSync(key).sort()).to.deep.equal(["20", "21"]);
  });

  it("a pause it cannot put in place leaves no temporary file behind, and the request goes on", async () => {
    const cases: Record<string, (key: string) => void> = {
      // A directory where the pause goes: renaming a file over it fails.
      "a directory in the way": (key) => fs.mkdirSync(path.join(key, "pause")),
      "the budget deleted as idle meanwhile": (key) =>
        onNextCall(
          "renameSync",
          (file) => path.basename(file).startsWith("pause."),
          () => {
            fs.rmSync(key, { recursive: true });
          },
        ),
    };
    for (const [what, interfere] of Object.entries(cases)) {
      const key = path.join(dir, what);
      const clock = new VirtualClock();
      const budget = new SharedBudget(key, oneAtATime, clock);
      interfere(key);
      expect(() => budget.pauseUntil(5_000), what).to.not.throw();
      (await budget.take())()();
      expect(clock.now(), what).to.equal(0);
      expect(
        fs.readdirSync(key).filter((name) => name.startsWith("pause.")),
        what,
      ).to.deep.equal([]);
    }
  });

  it("counts a gone process's ticket deleted before it could be looked at as sent long ago", async () => {
    const key = path.join(dir, "key");
    fs.mkdirSync(key);
    fs.writeFileSync(path.join(key, "0"), "sending 0");
    const clock = new SteppingClock(Date.now());
    const budget = new SharedBudget(key, oneAtATime, clock);
    onNextCall("statSync", path.join(key, "0"), () => {
      throw Object.assign(new Error("ENOENT: no such file or directory"), { code: "ENOENT" });
    });
    (await budget.take())()();
    expect(clock.now()).to.equal(clock.start);
  });
});

/** The number the next file opened gets: the lowest one no open file holds. */
function lowestFreeDescriptor(): number {
  const fd = fs.openSync(__filename, "r");
  fs.closeSync(fd);
  return fd;
}
