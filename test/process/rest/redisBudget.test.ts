import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { createClient } from "@redis/client";
import { expect } from "chai";
import { systemClock, type Clock } from "../../../provider/clock";
import { budgetDigest, budgetDirectory, budgetRoot } from "../../../provider/rest/budget/budgetDirectory";
import { RedisBudget } from "../../../provider/rest/budget/redisBudget";
import type * as RedisBudgetModule from "../../../provider/rest/budget/redisBudget";
import { RedisStore, redisStore, SharedBudgetSettingError } from "../../../provider/rest/budget/redisStore";
import type { SharedBudgetSettings } from "../../../provider/rest/budget/sharedBudget";
import { sharedBudgetFor } from "../../../provider/rest/budget/sharedBudgetSetting";
import type { RateBudget } from "../../../provider/rest/budget/throttle";
import { freshlyLoaded } from "../../support/freshlyLoaded";
import { RedisServer } from "../../../scripts/lib/redisServer";
import { observabilityClientFor } from "../../support/clients";
import { CannedServer } from "../../support/cannedServer";
import { testOptions, unusedPort } from "../../support/restHarness";

const settings = { limit: 10, windowMs: 1_000, marginMs: 100, maxPauseMs: 1_100, leaseMs: 5_000 };
const BASE_URL = "https://api.example.com";
const CREDENTIAL = "Basic a2V5OnNlY3JldA==";

/**
 * A runner of its own: a process with its own temp dir, sharing the key's budget through Redis only. It takes
 * `count` slots at once, prints the times it was let go, and notes each answer 20 ms after.
 */
const runner = `
const { sharedBudgetFor } = require(${JSON.stringify(path.join(__dirname, "..", "..", "..", "provider", "rest", "budget", "sharedBudgetSetting.js"))});
const { systemClock } = require(${JSON.stringify(path.join(__dirname, "..", "..", "..", "provider", "clock.js"))});
(async () => {
  const budget = sharedBudgetFor(${JSON.stringify(BASE_URL)}, ${JSON.stringify(CREDENTIAL)}, ${JSON.stringify(settings)},
    systemClock, (line) => console.error(line), { redisUrl: process.argv[1] });
  const times = [];
  await Promise.all(Array.from({ length: Number(process.argv[2]) }, async () => {
    const sent = await budget.take();
    times.push(Date.now());
    const answered = sent();
    await new Promise((resolve) => setTimeout(resolve, 20));
    answered();
  }));
  console.log(JSON.stringify(times));
})();
`;

/** A budget of this process through `url`, collecting its warning lines in `logs`. */
function budgetThrough(
  url: string,
  logs: string[],
  credential = CREDENTIAL,
  clock: Clock = systemClock,
  budgetSettings: SharedBudgetSettings = settings,
): RateBudget {
  const budget = sharedBudgetFor(BASE_URL, credential, budgetSettings, clock, (line) => logs.push(line), {
    redisUrl: url,
  });
  expect(budget).to.be.instanceOf(RedisBudget);
  return budget!;
}

/**
 * The URL of a Redis that is not there (nothing listens on the port), named by a user of its own: the process keeps
 * one store per URL, so no other test's store answers for it.
 */
async function unreachableRedisUrl(): Promise<string> {
  return `redis://${randomUUID()}@127.0.0.1:${await unusedPort()}/0`;
}

/** Time that moves only when slept through. */
class VirtualClock implements Clock {
  nowMs = 1_000_000;
  now(): number {
    return this.nowMs;
  }
  sleep(ms: number): Promise<void> {
    this.nowMs += ms;
    return Promise.resolve();
  }
}

async function takeAndAnswer(budget: RateBudget): Promise<void> {
  const answered = (await budget.take())();
  if (typeof answered === "function") answered();
}

describe("shared budget through Redis", function () {
  this.timeout(60_000);
  let redis: RedisServer;
  let tmp: string;
  const savedTmp = process.env.TMPDIR;

  beforeEach(async () => {
    redis = await RedisServer.start();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "chc-redis-budget-"));
    process.env.TMPDIR = tmp;
  });
  afterEach(async () => {
    await redis.kill();
    if (savedTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmp;
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("three runners with separate temp dirs taking 10 slots each send at most 10 in any window of 1 s", async () => {
    const runs = await Promise.all(
      [1, 2, 3].map((index) => {
        const env = { ...process.env, TMPDIR: fs.mkdtempSync(path.join(tmp, `runner-${index}-`)) };
        return promisify(execFile)(process.execPath, ["-e", runner, redis.url(), "10"], { env }).then(
          ({ stdout, stderr }) => {
            expect(stderr, "warnings").to.equal("");
            return JSON.parse(stdout) as number[];
          },
        );
      }),
    );
    const times = runs.flat().sort((a, b) => a - b);
    expect(times).to.have.length(30);
    for (let i = 0; i + settings.limit < times.length; i++) {
      expect(times[i + settings.limit] - times[i], `requests ${i} and ${i + settings.limit}`).to.be.at.least(
        settings.windowMs,
      );
    }
    // Each runner used Redis alone: none of them made a budget directory in its temp dir.
    for (const runnerDir of fs.readdirSync(tmp))
      expect(fs.readdirSync(path.join(tmp, runnerDir))).to.deep.equal([]);
  });

  it("a slot another runner's answer ends is held one window after it, not for the lease, and the wait is not called a pause", async () => {
    const oneAtATime = { ...settings, limit: 1, leaseMs: 10_000 };
    const answering = otherRunnersBudget(redis.url(), [], oneAtATime);
    const logs: string[] = [];
    const waiting = budgetThrough(redis.url(), logs, CREDENTIAL, systemClock, oneAtATime);
    const answered = (await answering.take())() as () => void;
    const answerAt = Date.now() + 400;
    setTimeout(answered, 400);
    await takeAndAnswer(waiting);
    const sinceAnswer = Date.now() - answerAt;
    expect(sinceAnswer).to.be.at.least(settings.windowMs);
    // The answer ended the lease an unanswered request holds its slot for; the waiter asks every 200 ms.
    expect(sinceAnswer).to.be.below(settings.windowMs + settings.marginMs + 1_000);
    expect(logs).to.deep.equal([]);
  });

  it("a 429 noted by one runner pauses another, which says so once per pause", async () => {
    const logs: string[] = [];
    const waiting = budgetThrough(redis.url(), logs);
    // Another runner: another process id, played by a fresh copy of the module.
    const pausing = otherRunnersBudget(redis.url(), []);
    for (const pause of [1, 2]) {
      const until = Date.now() + 300;
      pausing.pauseUntil(until);
      await Promise.all([takeAndAnswer(waiting), takeAndAnswer(waiting), takeAndAnswer(waiting)]);
      expect(Date.now(), `pause ${pause}`).to.be.at.least(until - 20);
      expect(logs, logs.join("\n")).to.have.length(pause);
    }
    for (const line of logs)
      expect(line).to.match(/waiting 0\.\d s: another runner using this key was answered 429/);
  });

  it("its own 429's pause holds its requests back, and it says nothing of another runner", async () => {
    const logs: string[] = [];
    const budget = budgetThrough(redis.url(), logs);
    const until = Date.now() + 300;
    budget.pauseUntil(until);
    await takeAndAnswer(budget);
    expect(Date.now()).to.be.at.least(until - 20);
    expect(logs).to.deep.equal([]);
  });

  it("names its keys by a hash of the URL and credential, never the credential", async () => {
    const budget = budgetThrough(redis.url(), []);
    await takeAndAnswer(budget);
    budget.pauseUntil(Date.now() + 1_000);
    const client = createClient({ url: redis.url() });
    await client.connect();
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const keys = (await client.keys("*")).map(String).sort();
      expect(keys).to.have.length(2);
      for (const key of keys)
        expect(key).to.match(/^pulumi-clickhouse-cloud:budget:[0-9a-f]{32}:(pause|slots)$/);
      expect(keys.join(" ")).to.not.contain("a2V5OnNlY3JldA");
    } finally {
      client.destroy();
    }
  });

  it("Redis down at the start: one warning line for every budget, and the machine's budget takes over", async () => {
    const url = `redis://:hunter2@127.0.0.1:${await unusedPort()}/0`;
    const logs: string[] = [];
    const management = budgetThrough(url, logs);
    const observability = budgetThrough(url, logs, "Bearer token");
    await Promise.all([takeAndAnswer(management), takeAndAnswer(observability), takeAndAnswer(management)]);
    expect(logs, logs.join("\n")).to.have.length(1);
    expect(logs[0]).to.match(
      /the Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:\d+\/0 .* cannot be reached \(ECONNREFUSED\)/,
    );
    expect(logs[0]).to.not.contain("hunter2");
    const machineBudgets = path.join(tmp, `pulumi-clickhouse-cloud-budget-${process.getuid!()}`);
    expect(fs.readdirSync(machineBudgets)).to.have.length(2);
    expect(fs.readdirSync(budgetDirectory(BASE_URL, CREDENTIAL)).sort()).to.deep.equal(["0", "1"]);
    expect(fs.readdirSync(budgetDirectory(BASE_URL, "Bearer token"))).to.deep.equal(["0"]);
  });

  it("Redis unreachable: a 429's pause holds the very next request back, whether Redis was found so before or by the pause", async () => {
    for (const when of ["before", "by the pause"]) {
      const clock = new VirtualClock();
      // A key of its own for each case: the machine's budget keeps the other case's pause.
      const budget = budgetThrough(await unreachableRedisUrl(), [], `Bearer ${when}`, clock);
      if (when === "before") await takeAndAnswer(budget);
      const start = clock.now();
      budget.pauseUntil(start + 1_000);
      await takeAndAnswer(budget);
      expect(clock.now() - start, when).to.equal(1_000);
    }
  });

  it("Redis unreachable and the machine's budget refused: pauses and requests go on, throttled by the process alone", async () => {
    fs.mkdirSync(budgetRoot());
    fs.chmodSync(budgetRoot(), 0o777);
    const unhandled: unknown[] = [];
    const noteUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", noteUnhandled);
    try {
      const clock = new VirtualClock();
      const logs: string[] = [];
      const budget = budgetThrough(await unreachableRedisUrl(), logs, CREDENTIAL, clock);
      budget.pauseUntil(clock.now() + 1_000);
      await takeAndAnswer(budget);
      budget.pauseUntil(clock.now() + 1_000);
      await takeAndAnswer(budget);
      // A rejection nobody handles is reported once the current turn of the event loop ends.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).to.deep.equal([]);
      expect(clock.now()).to.equal(1_000_000);
      expect(logs, logs.join("\n")).to.have.length(2);
      expect(logs[0]).to.contain("cannot be reached (ECONNREFUSED)");
      expect(logs[1]).to.match(/^shared rate-limit budget off: .*budget-\d+ has mode 0777, not 0700/);
    } finally {
      process.off("unhandledRejection", noteUnhandled);
    }
  });

  it("Redis lost in the middle: one warning line, and every later request still gets its slot", async () => {
    const logs: string[] = [];
    const budget = budgetThrough(redis.url(), logs);
    for (let i = 0; i < 3; i++) await takeAndAnswer(budget);
    // A slot not answered: its command's reply comes after those of the answers before it, so none is in flight.
    await budget.take();
    expect(logs).to.deep.equal([]);
    await redis.kill();
    for (let i = 0; i < 3; i++) await takeAndAnswer(budget);
    expect(logs, logs.join("\n")).to.have.length(1);
    expect(logs[0]).to.contain("cannot be reached (the connection was lost)");
    expect(logs[0]).to.contain("this process goes on with this machine's budget and its own throttle");
  });

  describe("a Redis that does not answer counts as lost after the store's timeout", () => {
    it("one that accepts the connection and never answers: one warning line, and the connection closed", async function () {
      // The connection is awaited until closed: a store that kept it would keep the test waiting.
      this.timeout(10_000);
      const connections: net.Socket[] = [];
      // It reads what the client sends, and never answers.
      const silent = net.createServer((socket) => connections.push(socket.resume()));
      await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
      try {
        const url = `redis://127.0.0.1:${(silent.address() as net.AddressInfo).port}/0`;
        const warnings: string[] = [];
        const store = new RedisStore(url, "clickhouse:sharedBudget", (line) => warnings.push(line), 200);
        const failure = await store.run("return 0", [], []).then(
          () => undefined,
          (error: unknown) => error as Error,
        );
        expect(failure?.message).to.equal("connecting took over 0.2 s");
        expect(store.lost).to.equal(true);
        expect(warnings).to.deep.equal([
          `shared rate-limit budget: the Redis at ${url} (clickhouse:sharedBudget) cannot be reached ` +
            "(connecting took over 0.2 s); this process goes on with this machine's budget and its own throttle",
        ]);
        expect(connections).to.have.length(1);
        if (!connections[0].closed) await new Promise((resolve) => connections[0].once("close", resolve));
      } finally {
        for (const socket of connections) socket.destroy();
        await new Promise((resolve) => silent.close(resolve));
      }
    });

    it("one that stops answering mid-run: one warning line naming the command", async () => {
      const warnings: string[] = [];
      const store = new RedisStore(
        redis.url(),
        "clickhouse:sharedBudget",
        (line) => warnings.push(line),
        200,
      );
      expect(await store.run("return 7", [], [])).to.equal(7);
      const admin = createClient({ url: redis.url() });
      await admin.connect();
      try {
        // Redis holds every client's commands for 2 s, as a Redis swapping or stuck would.
        await admin.sendCommand(["CLIENT", "PAUSE", "2000", "ALL"]);
        const failure = await store.run("return 7", [], []).then(
          () => undefined,
          (error: unknown) => error as Error,
        );
        expect(failure?.message).to.equal("the command took over 0.2 s");
        expect(warnings).to.have.length(1);
        expect(warnings[0]).to.contain("cannot be reached (the command took over 0.2 s)");
        // Given up for the rest of the process: a later command fails with the same reason, at once.
        const later = await store.run("return 7", [], []).then(
          () => undefined,
          (error: unknown) => error as Error,
        );
        expect(later?.message).to.equal("the command took over 0.2 s");
        expect(warnings).to.have.length(1);
      } finally {
        admin.destroy();
      }
    });

    it("a command answered in time leaves no timer behind to keep a finished process alive", async () => {
      const store = new RedisStore(redis.url(), "clickhouse:sharedBudget", () => undefined);
      const timers = () =>
        process.getActiveResourcesInfo().filter((resource) => resource === "Timeout").length;
      // Connected, and past the first await, where mocha sets its own timer for the test.
      expect(await store.run("return 7", [], [])).to.equal(7);
      const before = timers();
      expect(await store.run("return 7", [], [])).to.equal(7);
      expect(timers()).to.equal(before);
    });
  });

  describe("a wrong setting is an error naming it, never its password", () => {
    let guarded: RedisServer;
    before(async () => {
      guarded = await RedisServer.start({ password: "right-password" });
    });
    after(async () => {
      await guarded.kill();
    });

    const cases: Array<[string, () => string, RegExp]> = [
      ["a wrong password", () => guarded.url(":wrong-password"), /WRONGPASS|invalid password/],
      ["no password", () => guarded.url(), /NOAUTH/],
      ["a database Redis does not have", () => guarded.url(":right-password", 99), /DB index/],
      // .invalid is reserved never to resolve (RFC 2606).
      [
        "a host name that does not resolve",
        // Each time another name: the process keeps one store per URL, and its verdict.
        () => `redis://nonexistent-${randomUUID()}.invalid:6379/0`,
        /refused the connection, its host name does not resolve\./,
      ],
    ];
    for (const [what, url, reply] of cases) {
      it(what, async () => {
        const logs: string[] = [];
        const budget = budgetThrough(url(), logs);
        const failure = await budget.take().then(
          () => undefined,
          (error: unknown) => error,
        );
        expect(failure).to.be.instanceOf(SharedBudgetSettingError);
        const message = (failure as Error).message;
        expect(String(failure)).to.match(
          /^SharedBudgetSettingError: clickhouse:sharedBudget \(or PULUMI_CLICKHOUSE_CLOUD_SHARED_BUDGET\): /,
        );
        expect(message).to.match(reply);
        expect(message).to.match(/\. Check the URL's user, password, host and database\.$/);
        expect(message).to.not.contain("wrong-password");
        expect(message).to.not.contain("right-password");
        expect(logs).to.deep.equal([]);
      });
    }

    it("a refusal stands: later requests fail with it without asking Redis again", async () => {
      const admin = createClient({ url: redis.url() });
      await admin.connect();
      try {
        await admin.sendCommand([
          "ACL",
          "SETUSER",
          "budget",
          "on",
          ">budget-password",
          "~*",
          "&*",
          "+@all",
          "-eval",
        ]);
        const budget = budgetThrough(redis.url("budget:budget-password"), []);
        for (let i = 0; i < 3; i++) {
          const failure = await budget.take().then(
            () => undefined,
            (error: unknown) => error as Error,
          );
          expect(failure).to.be.instanceOf(SharedBudgetSettingError);
          expect(failure?.message).to.contain("it answered: NOPERM");
        }
        const stats = String(await admin.sendCommand(["INFO", "commandstats"]));
        expect(stats).to.match(/^cmdstat_eval:calls=0,.*rejected_calls=1,/m);
      } finally {
        admin.destroy();
      }
    });

    it("a 429's pause through a refused Redis leaves this machine's budget alone", async () => {
      const budget = budgetThrough(`redis://nonexistent-${randomUUID()}.invalid:6379/0`, []);
      budget.pauseUntil(Date.now() + 1_000);
      const failure = await budget.take().then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).to.be.instanceOf(SharedBudgetSettingError);
      expect(fs.existsSync(budgetRoot())).to.equal(false);
    });

    it("through a client: the request fails with that error and is never sent", async () => {
      const server = await new CannedServer(() => ({
        status: 200,
        body: JSON.stringify({ data: [] }),
      })).start();
      try {
        const client = observabilityClientFor(
          server.url,
          testOptions([], { clock: undefined, sharedBudget: { redisUrl: guarded.url(":wrong-password") } }),
        );
        const failure = await client.alerts.list().then(
          () => undefined,
          (error: unknown) => error as Error,
        );
        expect(failure?.message).to.match(
          /^clickhouse:sharedBudget \(or PULUMI_CLICKHOUSE_CLOUD_SHARED_BUDGET\): the Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:\d+\/0 refused the connection/,
        );
        expect(server.received).to.deep.equal([]);
      } finally {
        await server.stop();
      }
    });
  });
});

/** The budget of another runner: the Redis budget's module loaded afresh, so its process id differs. */
function otherRunnersBudget(
  url: string,
  logs: string[],
  budgetSettings: RedisBudgetModule.RedisBudgetSettings = settings,
): RateBudget {
  const fresh = freshlyLoaded<typeof RedisBudgetModule>(
    path.join(__dirname, "../../../provider/rest/budget/redisBudget"),
  );
  const store = redisStore(url, "clickhouse:sharedBudget", () => undefined);
  const digest = budgetDigest(BASE_URL, CREDENTIAL);
  return new fresh.RedisBudget(
    store,
    digest,
    budgetSettings,
    systemClock,
    () => undefined,
    (line) => logs.push(line),
  );
}
