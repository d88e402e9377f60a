import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { createClient } from "@redis/client";
import { expect } from "chai";
import { systemClock } from "../../../provider/clock";
import { budgetDigest } from "../../../provider/rest/budget/budgetDirectory";
import { RedisBudget } from "../../../provider/rest/budget/redisBudget";
import type * as RedisBudgetModule from "../../../provider/rest/budget/redisBudget";
import { redisStore, SharedBudgetSettingError } from "../../../provider/rest/budget/redisStore";
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
function budgetThrough(url: string, logs: string[], credential = CREDENTIAL): RateBudget {
  const budget = sharedBudgetFor(BASE_URL, credential, settings, systemClock, (line) => logs.push(line), {
    redisUrl: url,
  });
  expect(budget).to.be.instanceOf(RedisBudget);
  return budget!;
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

  it("a slot is held until one window after its answer, not after its sending", async () => {
    const budget = budgetThrough(redis.url(), []);
    const single = sharedBudgetFor(
      BASE_URL,
      "Basic b3RoZXI=",
      { ...settings, limit: 1 },
      systemClock,
      undefined,
      {
        redisUrl: redis.url(),
      },
    )!;
    const answered = (await single.take())() as () => void;
    const answerAt = Date.now() + 400;
    setTimeout(answered, 400);
    await takeAndAnswer(single);
    expect(Date.now() - answerAt).to.be.at.least(settings.windowMs);
    // The answer ended the lease an unanswered request holds its slot for.
    expect(Date.now() - answerAt).to.be.below(settings.leaseMs);
    await takeAndAnswer(budget);
  });

  it("a 429 noted by one runner pauses another, which says so once", async () => {
    const pausing = budgetThrough(redis.url(), []);
    // Another runner: another process id, played by a fresh copy of the module.
    const logs: string[] = [];
    const other = otherRunnersBudget(redis.url(), logs);
    const until = Date.now() + 500;
    pausing.pauseUntil(until);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await Promise.all([takeAndAnswer(other), takeAndAnswer(other), takeAndAnswer(other)]);
    expect(Date.now()).to.be.at.least(until - 20);
    expect(logs, logs.join("\n")).to.have.length(1);
    expect(logs[0]).to.match(/waiting 0\.\d s: another runner using this key was answered 429/);
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
  });

  it("Redis lost in the middle: one warning line, and every later request still gets its slot", async () => {
    const logs: string[] = [];
    const budget = budgetThrough(redis.url(), logs);
    for (let i = 0; i < 3; i++) await takeAndAnswer(budget);
    expect(logs).to.deep.equal([]);
    await redis.kill();
    for (let i = 0; i < 3; i++) await takeAndAnswer(budget);
    expect(logs, logs.join("\n")).to.have.length(1);
    expect(logs[0]).to.contain("cannot be reached");
    expect(logs[0]).to.contain("this process goes on with this machine's budget and its own throttle");
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
        () => "redis://nonexistent.invalid:6379/0",
        /host name does not resolve/,
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
        expect(message).to.contain("clickhouse:sharedBudget (or PULUMI_CLICKHOUSE_CLOUD_SHARED_BUDGET)");
        expect(message).to.match(reply);
        expect(message).to.not.contain("wrong-password");
        expect(message).to.not.contain("right-password");
        expect(logs).to.deep.equal([]);
      });
    }

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
function otherRunnersBudget(url: string, logs: string[]): RateBudget {
  const fresh = freshlyLoaded<typeof RedisBudgetModule>(
    path.join(__dirname, "../../../provider/rest/budget/redisBudget"),
  );
  const store = redisStore(url, "clickhouse:sharedBudget", () => undefined);
  const digest = budgetDigest(BASE_URL, CREDENTIAL);
  return new fresh.RedisBudget(
    store,
    digest,
    settings,
    systemClock,
    () => undefined,
    (line) => logs.push(line),
  );
}
