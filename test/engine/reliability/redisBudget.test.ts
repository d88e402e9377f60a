import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { LocalStack } from "../../../scripts/lib/localStack";
import { RedisServer } from "../../../scripts/lib/redisServer";
import { directApi, type DirectApi } from "./support/directApi";
import {
  dedicatedEmulator,
  requestStats,
  stackConfigFor,
  takeRequests,
} from "../../support/reliability/emulators";
import { remoteInventory, stateInventory, without } from "./support/inventory";
import { reportCase } from "../../support/reliability/report";
import { inventoryOffBudget, sharedKeyProgram, sharedKeyWindowMs as windowMs } from "./support/sharedKey";

const runners = 3;
const keysPerRunner = 15;

/**
 * Pipelines on different runners: several `pulumi up` at once with the same API key, each with a temp dir of its
 * own, so that the machine's budget cannot join them; only the Redis they all name can.
 */
describe("runners sharing one API key's budget through Redis (10 requests per window per key)", function () {
  this.timeout(600_000);
  let emulator: RunningEmulator;
  let api: DirectApi;
  let redis: RedisServer | undefined;
  let tmp: string;

  before(async () => {
    emulator = await dedicatedEmulator({ rateLimits: true, managementRateWindowMs: windowMs });
    api = directApi(emulator.fixture);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "chc-redis-runners-"));
  });

  after(async () => {
    await redis?.kill();
    await emulator?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /**
   * Runs `runners` ups at once, each with its own temp dir and `sharedBudget` (a Redis URL, or unset), calling
   * `meanwhile` once they have started; checks every key was made once, destroys them, and returns the traffic.
   */
  /** One stack per runner, each with a temp dir of its own, as on separate machines. */
  function runnerStacks(name: string, sharedBudget: string | undefined): Promise<LocalStack[]> {
    return Promise.all(
      Array.from({ length: runners }, (_, index) =>
        LocalStack.create({
          ...sharedKeyProgram,
          stackName: `redis-${name}-${process.pid}-${index}`,
          env: { TMPDIR: fs.mkdtempSync(path.join(tmp, `${name}-${index}-`)) },
          config: {
            ...stackConfigFor(emulator, "default"),
            "clickhouse:throttle": { value: `10/${windowMs / 1000}s` },
            ...(sharedBudget === undefined
              ? {}
              : { "clickhouse:sharedBudget": { value: sharedBudget, secret: true } }),
            "e2e:pipeline": { value: `${name}-${index}` },
            "e2e:keyCount": { value: String(keysPerRunner) },
          },
        }),
      ),
    );
  }

  /** What 429s do to runners that share no budget: the ups run to their end, failed or not, and are counted. */
  async function uncoordinatedUps(name: string) {
    const stacks = await runnerStacks(name, undefined);
    try {
      await emulator.control.reset();
      await emulator.control.clearRequests();
      // Without a shared budget an up may run out of retries in a 429 storm: that is what the store prevents.
      const outcomes = await Promise.allSettled(stacks.map((stack) => stack.up()));
      const stats = requestStats(await takeRequests(emulator));
      await emulator.control.updateSettings({ rateLimits: false });
      await Promise.all(stacks.map((stack) => stack.destroy()));
      const failed = outcomes.filter((outcome) => outcome.status === "rejected").length;
      console.log(
        `      ${name}: ${stats.requests} requests, ${stats.tooManyRequests} answered 429, ${failed} ups failed`,
      );
      return stats;
    } finally {
      await emulator.control.updateSettings({ rateLimits: true });
      await Promise.all(stacks.map((stack) => stack.dispose()));
    }
  }

  async function parallelUps(
    name: string,
    sharedBudget: string | undefined,
    meanwhile: () => Promise<void> = async () => undefined,
  ) {
    const stacks = await runnerStacks(name, sharedBudget);
    try {
      await emulator.control.reset();
      const baseline = await inventoryOffBudget(emulator, api);
      await emulator.control.clearRequests();
      await Promise.all([...stacks.map((stack) => stack.up()), meanwhile()]);
      const entries = await takeRequests(emulator);
      const stats = requestStats(entries);

      const resources = (await Promise.all(stacks.map((stack) => stack.resources()))).flat();
      expect(resources).to.have.length(runners * keysPerRunner);
      // Every key of every stack exists once, and no other: nothing was made twice.
      expect(without(await inventoryOffBudget(emulator, api), baseline)).to.deep.equal(
        stateInventory(resources),
      );
      // Each key is one POST and the rename from its marked name; the creates of a runner that wait together share
      // one listing of the keys (for a key a killed run left under their marks), so a runner lists at least once.
      const answered = entries.filter((entry) => entry.status !== 429);
      const sent = (method: string) => answered.filter((entry) => entry.method === method).length;
      expect(sent("POST"), "creates").to.equal(runners * keysPerRunner);
      expect(sent("PATCH"), "renames").to.equal(runners * keysPerRunner);
      expect(sent("GET"), "listings").to.be.within(runners, runners * keysPerRunner);
      expect(answered, "requests answered other than 429").to.have.length(
        sent("POST") + sent("PATCH") + sent("GET"),
      );
      const output = stacks.flatMap((stack) => stack.logs.map((log) => log.stdout + log.stderr)).join("\n");
      // What each up reports under "Diagnostics:" (the warnings of its provider process), at its end.
      const diagnostics = stacks.map((stack) => {
        const stdout = stack.logs.at(-1)?.stdout ?? "";
        return stdout.slice(stdout.indexOf("Diagnostics:"));
      });
      await emulator.control.updateSettings({ rateLimits: false });
      await Promise.all(stacks.map((stack) => stack.destroy()));
      expect(without(await remoteInventory(api), baseline).keys).to.deep.equal([]);
      console.log(`      ${name}: ${stats.requests} requests, ${stats.tooManyRequests} answered 429`);
      return { stats, output, diagnostics };
    } finally {
      await emulator.control.updateSettings({ rateLimits: true });
      await Promise.all(stacks.map((stack) => stack.dispose()));
    }
  }

  it(`${runners} runners with separate temp dirs through one Redis: every key made once, no 429`, async () => {
    redis = await RedisServer.start({ password: "runner-secret" });
    const { stats, output } = await parallelUps("through-redis", redis.url(":runner-secret"));
    expect(stats.tooManyRequests, "requests answered 429").to.equal(0);
    expect(output).to.not.contain("runner-secret");
    reportCase({
      case: `shared key through Redis: ${runners} runners`,
      injected: `real limit shape, ${windowMs / 1000} s window, separate temp dirs, ${runners}×${keysPerRunner} keys`,
      result: "all up; every key once",
      requests: stats.requests,
      tooManyRequests: stats.tooManyRequests,
      faults: stats.faults,
      objectsLeft: 0,
    });
  });

  it("the control: the same runners without the store meet 429s (each throttles only itself)", async () => {
    const stats = await uncoordinatedUps("control");
    expect(stats.tooManyRequests, "requests answered 429").to.be.above(0);
  });

  it("Redis killed mid-run: a warning, every run finishes, every key made once", async () => {
    await redis?.kill();
    redis = await RedisServer.start();
    const running = redis;
    const { stats, diagnostics } = await parallelUps("redis-killed", running.url(), async () => {
      // Once the runners have sent their first window's worth of creates through Redis.
      for (;;) {
        const sent = (await emulator.control.requests()).filter((entry) => entry.method === "POST").length;
        if (sent >= 10) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await running.kill();
    });
    // One warning line from each runner's provider (the engine shows the URL, a secret setting, as [secret]).
    for (const [index, text] of diagnostics.entries()) {
      const warnings =
        text.match(/warning: shared rate-limit budget: the Redis at \S+ .*cannot be reached/g) ?? [];
      expect(warnings, `runner ${index}: ${text}`).to.have.length(1);
    }
    reportCase({
      case: `shared key through Redis: Redis killed mid-run, ${runners} runners`,
      injected: `Redis SIGKILLed after the first 10 creates, ${runners}×${keysPerRunner} keys`,
      result: "all up; every key once",
      requests: stats.requests,
      tooManyRequests: stats.tooManyRequests,
      faults: stats.faults,
      objectsLeft: 0,
    });
  });
});
