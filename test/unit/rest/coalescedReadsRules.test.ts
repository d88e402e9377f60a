/**
 * The rules of coalesced reads against a fake collection whose every request is recorded ("get <id>", "list
 * <offset>") and whose clock moves only when told: when a read is taken for one alone (its own GET) and when for one
 * of many (a list), how the count of reads and a remembered page count age, when a list is taken whole and when only
 * its first page is, the pages a first page promises, and how a write of this process (`asWrite`,
 * `forgetKeptLists`) ends what a kept list answers. Also the end of a paged list, and the reads of objects under a
 * service, which a kept list answers.
 */
import { expect } from "chai";
import type { Clock } from "../../../provider/clock";
import { CoalescedReads, type CoalescingSettings } from "../../../provider/rest/coalescing/coalescedReads";
import { readToEnd } from "../../../provider/rest/coalescing/listPages";
import { PerServiceReads } from "../../../provider/rest/coalescing/perServiceReads";
import { asWrite, forgetKeptLists } from "../../../provider/rest/coalescing/writeGeneration";

const settings: CoalescingSettings = { windowMs: 10, maxAgeMs: 30_000 };

interface Thing {
  readonly id: string;
}

/** A clock that stands still until `pass` moves it. */
function stillClock(): Clock & { pass(ms: number): void } {
  let now = Date.parse("2030-01-01T00:00:00.000Z");
  return {
    now: () => now,
    sleep: async (ms) => {
      now += ms;
    },
    pass: (ms) => {
      now += ms;
    },
  };
}

/**
 * `total` things `t0`, `t1`, ... of which a page holds `pageLength` (the API's own page size, which may differ from
 * the `pageSize` the reader asks for); `total: undefined` serves the whole list in one unpaged answer.
 */
function fakeCollection(options: {
  total: number | undefined;
  count?: number;
  pageSize?: number;
  pageLength?: number;
  withGetOne?: boolean;
}) {
  const count = options.count ?? options.total ?? 5;
  const pageSize = options.pageSize ?? 2;
  const pageLength = options.pageLength ?? pageSize;
  const things = Array.from({ length: count }, (_, n) => ({ id: `t${n}` }));
  const calls: string[] = [];
  const clock = stillClock();
  const reads = new CoalescedReads<Thing>(
    {
      getOne:
        options.withGetOne === false
          ? undefined
          : async (id) => {
              calls.push(`get ${id}`);
              const found = things.find((thing) => thing.id === id);
              if (found === undefined) throw new Error(`thing ${id} was not found by its GET`);
              return found;
            },
      fetchPage: async (offset) => {
        calls.push(`list ${offset}`);
        if (options.total === undefined) return { items: things, total: undefined };
        return { items: things.slice(offset, offset + pageLength), total: options.total };
      },
      pageSize,
      notFound: (id) => new Error(`thing ${id} is not in the list`),
      clock,
    },
    settings,
  );
  return { reads, calls, clock };
}

/** Lets a window pass with nothing read, so that the next read of any collection comes alone. */
function quietWindow(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, settings.windowMs + 5));
}

async function readAll(reads: CoalescedReads<Thing>, ids: string[], freshness?: "now" | "recent") {
  return (await Promise.all(ids.map((id) => reads.read(id, freshness)))).map((thing) => thing.id);
}

describe("coalesced reads: when a read is alone, and what a list costs", () => {
  it("a second read of a collection, though it comes alone, is answered from a list: it is one of many", async () => {
    const { reads, calls } = fakeCollection({ total: undefined });
    await quietWindow();
    expect(await readAll(reads, ["t1"])).to.deep.equal(["t1"]);
    await quietWindow();
    expect(await readAll(reads, ["t2"])).to.deep.equal(["t2"]);
    expect(calls).to.deep.equal(["get t1", "list 0"]);
  });

  it("once a list's age has passed since the first read, a read that comes alone is one GET again", async () => {
    const { reads, calls, clock } = fakeCollection({ total: undefined });
    await quietWindow();
    await readAll(reads, ["t1"]);
    clock.pass(settings.maxAgeMs);
    await quietWindow();
    await readAll(reads, ["t2"]);
    expect(calls).to.deep.equal(["get t1", "get t2"]);
  });

  it("takes a list whole when its pages are as many as the reads it answers", async () => {
    // Three pages of two things, and three reads.
    const { reads, calls } = fakeCollection({ total: 6 });
    expect(await readAll(reads, ["t2", "t3", "t5"])).to.deep.equal(["t2", "t3", "t5"]);
    expect(calls).to.deep.equal(["list 0", "list 2", "list 4"]);
  });

  it("after a first page that showed more pages than reads, reads go singly until they are as many as the pages", async () => {
    // Five pages of two things.
    const { reads, calls } = fakeCollection({ total: 10 });
    expect(await readAll(reads, ["t6", "t8"])).to.deep.equal(["t6", "t8"]);
    expect(calls).to.deep.equal(["list 0", "get t6", "get t8"]);
    calls.length = 0;
    expect(await readAll(reads, ["t5", "t7"])).to.deep.equal(["t5", "t7"]);
    expect(calls, "four reads, five pages").to.deep.equal(["get t5", "get t7"]);
    calls.length = 0;
    expect(await readAll(reads, ["t9"])).to.deep.equal(["t9"]);
    expect(calls, "five reads, five pages").to.deep.equal(["list 0", "list 2", "list 4", "list 6", "list 8"]);
  });

  it("forgets the page count a first page showed once a list's age has passed, and looks at the first page again", async () => {
    const { reads, calls, clock } = fakeCollection({ total: 10 });
    await readAll(reads, ["t6", "t8"]);
    clock.pass(settings.maxAgeMs);
    calls.length = 0;
    expect(await readAll(reads, ["t1", "t7"])).to.deep.equal(["t1", "t7"]);
    expect(calls).to.deep.equal(["list 0", "get t7"]);
  });

  it("counts the reads a list answers when a write came while they waited, and takes the list whole for them", async () => {
    const { reads, calls } = fakeCollection({ total: 6 });
    const read = readAll(reads, ["t2", "t3", "t5"]);
    // Another resource's write: the reads counted so far were of the generation before it.
    forgetKeptLists();
    expect(await read).to.deep.equal(["t2", "t3", "t5"]);
    expect(calls).to.deep.equal(["list 0", "list 2", "list 4"]);
  });

  it("a collection without a GET of one object is always listed to its end, however many its pages", async () => {
    const { reads, calls } = fakeCollection({ total: 6, withGetOne: false });
    await quietWindow();
    expect(await readAll(reads, ["t5"])).to.deep.equal(["t5"]);
    expect(calls).to.deep.equal(["list 0", "list 2", "list 4"]);
  });

  it("counts pages by what the API's first page holds when it holds more than was asked for", async () => {
    // Pages of four where two were asked for: eight things are two pages, not four.
    const { reads, calls } = fakeCollection({ total: 8, pageLength: 4 });
    expect(await readAll(reads, ["t4", "t5", "t6"])).to.deep.equal(["t4", "t5", "t6"]);
    expect(calls).to.deep.equal(["list 0", "list 4"]);
  });

  it("an empty first page ends the list whatever total it reports: its reads are not found, and not read singly", async () => {
    const { reads, calls } = fakeCollection({ total: 5000, count: 0, pageSize: 1000 });
    const outcomes = await Promise.allSettled([reads.read("t1"), reads.read("t2")]);
    expect(outcomes.map((outcome) => (outcome as PromiseRejectedResult).reason?.message)).to.deep.equal([
      "thing t1 is not in the list",
      "thing t2 is not in the list",
    ]);
    expect(calls).to.deep.equal(["list 0"]);
  });
});

describe("coalesced reads: what a write of this process ends", () => {
  it("a list taken while a write was under way answers no read after the write ended", async () => {
    const { reads, calls } = fakeCollection({ total: undefined });
    let finish: () => void = () => undefined;
    const write = asWrite(() => new Promise<void>((resolve) => (finish = resolve)));
    expect(await readAll(reads, ["t1", "t2"], "recent")).to.deep.equal(["t1", "t2"]);
    finish();
    await write;
    expect(await readAll(reads, ["t1", "t2"], "recent")).to.deep.equal(["t1", "t2"]);
    expect(calls).to.deep.equal(["list 0", "list 0"]);
  });

  it("a list kept from before forgetKeptLists answers no read, not even one during a later write", async () => {
    const { reads, calls } = fakeCollection({ total: undefined });
    await readAll(reads, ["t1", "t2"], "recent");
    forgetKeptLists();
    let finish: () => void = () => undefined;
    const write = asWrite(() => new Promise<void>((resolve) => (finish = resolve)));
    expect(await readAll(reads, ["t1", "t2"], "recent")).to.deep.equal(["t1", "t2"]);
    finish();
    await write;
    expect(calls).to.deep.equal(["list 0", "list 0"]);
  });
});

describe("a paged list read to its end", () => {
  it("ends at an empty page even when the total it reports promises more", async () => {
    const asked: number[] = [];
    const listed = await readToEnd(async (offset) => {
      asked.push(offset);
      if (asked.length > 3) throw new Error("asked for the same page again and again");
      return { items: offset === 0 ? ["a", "b"] : [], total: 5 };
    });
    expect(listed).to.deep.equal(["a", "b"]);
    expect(asked).to.deep.equal([0, 2]);
  });
});

describe("coalesced reads: a list under way and a list kept", () => {
  it("a read that comes while a list is under way is answered by that list", async () => {
    const calls: string[] = [];
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const reads = new CoalescedReads<Thing>(
      {
        getOne: async (id) => {
          calls.push(`get ${id}`);
          return { id };
        },
        fetchPage: async (offset) => {
          calls.push(`list ${offset}`);
          await released;
          return { items: [{ id: "t1" }, { id: "t2" }, { id: "t3" }], total: undefined };
        },
        pageSize: 100,
        notFound: (id) => new Error(`thing ${id} is not in the list`),
        clock: stillClock(),
      },
      settings,
    );
    const first = readAll(reads, ["t1", "t2"]);
    await quietWindow();
    expect(calls, "the list is under way").to.deep.equal(["list 0"]);
    const late = reads.read("t3");
    release();
    expect(await first).to.deep.equal(["t1", "t2"]);
    expect((await late).id).to.equal("t3");
    expect(calls).to.deep.equal(["list 0"]);
  });

  it("a list kept for reads that may be a moment old answers them until its age has passed, not at its end", async () => {
    const { reads, calls, clock } = fakeCollection({ total: undefined });
    await readAll(reads, ["t1", "t2"]);
    expect(calls).to.deep.equal(["list 0"]);
    clock.pass(settings.maxAgeMs - 1);
    expect(await readAll(reads, ["t3"], "recent")).to.deep.equal(["t3"]);
    expect(calls, "a moment before its age has passed").to.deep.equal(["list 0"]);
    clock.pass(1);
    expect(await readAll(reads, ["t4"], "recent")).to.deep.equal(["t4"]);
    expect(calls.length, "once its age has passed, the kept list answers nothing").to.be.greaterThan(1);
  });
});

describe("reads of objects under a service", () => {
  it("are answered from the service's list kept from a moment ago, when this process has written nothing since", async () => {
    const calls: string[] = [];
    const objects = [{ id: "e1" }, { id: "e2" }];
    const perService = new PerServiceReads<Thing>({
      get: async (_organizationId, _serviceId, id) => {
        calls.push(`get ${id}`);
        return { id };
      },
      list: async (organizationId, serviceId) => {
        calls.push(`list ${organizationId}/${serviceId}`);
        return objects;
      },
      notFound: (_organizationId, _serviceId, id) => new Error(`${id} not found`),
      clock: stillClock(),
    });
    const both = () => Promise.all(["e1", "e2"].map((id) => perService.read("org", "svc", id)));
    expect((await both()).map((object) => object.id)).to.deep.equal(["e1", "e2"]);
    expect((await both()).map((object) => object.id)).to.deep.equal(["e1", "e2"]);
    expect(calls).to.deep.equal(["list org/svc"]);
  });
});
