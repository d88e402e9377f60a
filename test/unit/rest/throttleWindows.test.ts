import { expect } from "chai";
import type { Clock } from "../../../provider/clock";
import { MANAGEMENT_THROTTLE, Throttle } from "../../../provider/rest/budget/throttle";

/**
 * Virtual time: `sleep` registers a wake-up and `settle` advances the clock from one wake-up to the next once
 * nothing else can run, so the throttle's waits are exact and cost no real time.
 */
class VirtualClock implements Clock {
  private time = 0;
  private readonly timers: { at: number; wake: () => void }[] = [];

  now(): number {
    return this.time;
  }

  sleep(ms: number): Promise<void> {
    return new Promise((wake) => this.timers.push({ at: this.time + Math.max(0, ms), wake }));
  }

  /** Runs until `work` settles, advancing time whenever every task is waiting on the clock. */
  async settle<T>(work: Promise<T>): Promise<T> {
    let done = false;
    const result = work.finally(() => (done = true));
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      if (done) return result;
      this.timers.sort((a, b) => a.at - b.at);
      const next = this.timers.shift();
      if (next === undefined)
        throw new Error("deadlock: nothing is waiting on the clock and the work is pending");
      this.time = Math.max(this.time, next.at);
      next.wake();
    }
  }
}

interface Exchange {
  sentAt: number;
  receivedAt: number;
  answeredAt: number;
  /** What a server with @fastify/rate-limit's rule answers: a window starts at the first request after the last. */
  status: 200 | 429;
}

/**
 * A server that counts requests in fixed windows starting at the first request received after the previous window
 * ended (the rule of the emulator's rate limiter), reached with the given network delays each way.
 */
class WindowedServer {
  readonly exchanges: Exchange[] = [];
  private windowStart = -Infinity;
  private count = 0;

  constructor(
    private readonly clock: VirtualClock,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly delayMs: (index: number) => { there: number; back: number },
  ) {}

  async request(): Promise<Exchange> {
    const index = this.exchanges.length;
    const { there, back } = this.delayMs(index);
    const sentAt = this.clock.now();
    const exchange: Exchange = { sentAt, receivedAt: 0, answeredAt: 0, status: 200 };
    this.exchanges.push(exchange);
    await this.clock.sleep(there);
    exchange.receivedAt = this.clock.now();
    if (this.windowStart + this.windowMs <= exchange.receivedAt) {
      this.windowStart = exchange.receivedAt;
      this.count = 0;
    }
    this.count += 1;
    if (this.count > this.limit) exchange.status = 429;
    await this.clock.sleep(back);
    exchange.answeredAt = this.clock.now();
    return exchange;
  }
}

async function burst(requests: number, delays: (index: number) => { there: number; back: number }) {
  const clock = new VirtualClock();
  const { limit, windowMs } = MANAGEMENT_THROTTLE;
  const server = new WindowedServer(clock, limit, windowMs, delays);
  const throttle = new Throttle(MANAGEMENT_THROTTLE, clock);
  await clock.settle(
    Promise.all(Array.from({ length: requests }, () => throttle.run(() => server.request()))),
  );
  return { exchanges: server.exchanges, clock };
}

describe("throttle windows (virtual clock)", () => {
  it("sends 50 requests at 10 per 10 s in 4 windows: 10 at once, then 10 per window, with no 429", async () => {
    const { exchanges } = await burst(50, () => ({ there: 20, back: 20 }));
    expect(exchanges.filter((e) => e.status === 429)).to.deep.equal([]);
    const sent = exchanges.map((e) => e.sentAt);
    // Ten at 0; each later ten one window (10 000 ms) plus the 100 ms margin after the answers (40 ms) of the ten
    // before them.
    expect(sent.slice(0, 10)).to.deep.equal(Array(10).fill(0));
    expect(sent.slice(10, 20)).to.deep.equal(Array(10).fill(10_140));
    expect(sent.slice(20, 30)).to.deep.equal(Array(10).fill(20_280));
    expect(sent.slice(30, 40)).to.deep.equal(Array(10).fill(30_420));
    expect(sent.slice(40, 50)).to.deep.equal(Array(10).fill(40_560));
  });

  it("holds every slot from the answer, so slow and uneven networks never overflow a server window", async () => {
    // The first request of each ten crawls to the server (4 s) and back fast; the others the other way round,
    // so the server's windows start late and answers arrive in a different order than requests were sent.
    const { exchanges } = await burst(40, (index) =>
      index % 10 === 0 ? { there: 4_000, back: 10 } : { there: 10 + index, back: 3_000 },
    );
    expect(exchanges.filter((e) => e.status === 429)).to.deep.equal([]);
    // The window rule, seen from the client: the request sent after ten others never goes before the oldest of
    // those ten answers is 10 s old.
    const bySend = [...exchanges].sort((a, b) => a.sentAt - b.sentAt);
    for (let i = 10; i < bySend.length; i++) {
      const tenBefore = bySend.slice(0, i).map((e) => e.answeredAt);
      tenBefore.sort((a, b) => b - a);
      expect(bySend[i].sentAt).to.be.at.least(tenBefore[9] + 10_000);
    }
  });

  it("lets requests spaced wider than the limit go at once", async () => {
    const clock = new VirtualClock();
    const throttle = new Throttle({ ...MANAGEMENT_THROTTLE, limit: 2 }, clock);
    const sentAt: number[] = [];
    const send = async () => {
      sentAt.push(clock.now());
      await clock.sleep(5);
    };
    await clock.settle(throttle.run(send));
    await clock.settle(clock.sleep(6_000));
    await clock.settle(throttle.run(send));
    await clock.settle(throttle.run(send));
    // The third waits for the first's answer (at 5) to be a window and margin old: 5 + 10 000 + 100.
    expect(sentAt).to.deep.equal([0, 6_005, 10_105]);
  });

  it("waits out a 429 pause before sending anything else", async () => {
    const clock = new VirtualClock();
    const throttle = new Throttle(MANAGEMENT_THROTTLE, clock);
    const sentAt: number[] = [];
    const send = async () => {
      sentAt.push(clock.now());
    };
    await clock.settle(throttle.run(send));
    throttle.pauseFor(2_500);
    await clock.settle(throttle.run(send));
    expect(sentAt).to.deep.equal([0, 2_500]);
  });

  it("keeps a 40 s pause when a later 429 names no reset or a shorter one", async () => {
    for (const later of [undefined, 1_000]) {
      const clock = new VirtualClock();
      const throttle = new Throttle(MANAGEMENT_THROTTLE, clock);
      const sentAt: number[] = [];
      const send = async () => {
        sentAt.push(clock.now());
      };
      await clock.settle(throttle.run(send));
      throttle.pauseFor(40_000);
      throttle.pauseFor(later);
      await clock.settle(throttle.run(send));
      expect(sentAt, `then ${String(later)}`).to.deep.equal([0, 40_000]);
    }
  });
});
