/**
 * Reads of objects of one collection, answered together. The engine sends a refresh's reads in parallel (eight at a
 * time by default), and each used to cost a request of its own, where one page of the collection's list holds a
 * thousand objects: at the observability API's 100 requests a minute, a stack of 600 objects waited five minutes
 * to refresh. Here reads that arrive within a short window are answered from one list, taken once and kept for the
 * reads that follow; a read that arrives alone is still one GET of its object.
 *
 * - A list is kept for `maxAgeMs` from when it was asked for, and only until this process writes to either API
 *   (`writeGeneration`): a list taken before a write never answers a read after it. A kept list answers only the
 *   reads that accept a `recent` answer (a refresh's); the others are answered by lists asked for while they wait.
 * - A read that arrives while a list of the current generation is under way waits for that list.
 * - A read is alone when it is the only read of its collection since the last write and no read of any collection
 *   comes just before it or during its window; a read that is the first of its collection amid others (a refresh
 *   moving on to the next kind) is taken for the first of many.
 * - A list costs one request per page. When its first page shows more pages than there are reads to answer (a few
 *   objects of an organization that has many thousands), the reads that page holds are answered from it and the
 *   rest are read singly, and the page count is remembered, so later reads go singly until enough have come to make
 *   the whole list the cheaper way.
 * - A list whose page fails (after the client's own retries) is not kept: its reads fall back to single reads.
 * - An object a complete list does not hold is not found, with the error a GET's own not-found answer gives.
 */
import type { Clock } from "../../clock";
import { pageCount, readToEnd, type PageFetch } from "./listPages";
import { writeGeneration } from "./writeGeneration";

/** How reads are gathered and how long a list answers them. */
export interface CoalescingSettings {
  /**
   * How long the first read of a batch waits for others, in milliseconds. The engine's parallel reads reach the
   * provider within a few milliseconds of each other; a read answered from a kept list does not wait at all.
   */
  readonly windowMs: number;
  /** How long a list answers reads after it was asked for, in milliseconds. */
  readonly maxAgeMs: number;
}

/**
 * The window catches the reads the engine sends together (a burst of up to `--parallel` reads, then one more each
 * time an answer frees a slot) and costs a read that arrives alone no more than a round trip to a nearby server.
 * Thirty seconds of list age cover a refresh of a few thousand objects, whose reads of one collection arrive within a
 * few seconds of each other once the list answers them, while a long `up` (a service can take minutes to start)
 * never answers a read from a list taken well before it. A refresh is no snapshot of one instant either: its reads
 * are spread over its whole run.
 */
export const DEFAULT_COALESCING: CoalescingSettings = { windowMs: 10, maxAgeMs: 30_000 };

/**
 * How old the answer to a read may be. `now`: a list answers it only when the list was asked for while the read
 * waited, so the answer is as current as a GET sent then; what a direct user of the client and an update (which
 * merges what it read into its PUT) need. `recent`: a list kept from a moment ago answers it too (see the module's
 * comment); what a refresh needs, in a provider process that lives for one command.
 */
export type Freshness = "now" | "recent";

/** How one collection is read: by id, and as a list. */
export interface CollectionReading<T extends { readonly id: string }> {
  /** One object by its own GET; absent when the API serves none (the object is read from the list). */
  readonly getOne?: (id: string) => Promise<T>;
  /** The page of the list that starts at `offset`; an unpaged list answers the whole list with no total. */
  readonly fetchPage: PageFetch<T>;
  /** The most objects a page holds. */
  readonly pageSize: number;
  /** The error of a read whose object a complete list does not hold: the not-found error the object's GET gives. */
  notFound(id: string): Error;
  /** Time for the lists' age. */
  readonly clock: Clock;
}

/** What a list gave: the objects by id (lower case), and whether that is the whole collection. */
type ListOutcome<T> =
  { readonly byId: ReadonlyMap<string, T>; readonly complete: boolean } | { readonly failure: unknown };

interface Listing<T> {
  /** The write generation when the list was asked for. */
  readonly generation: number;
  readonly askedAt: number;
  /** Reads waiting for it; decides whether its later pages are worth taking. */
  readers: number;
  readonly outcome: Promise<ListOutcome<T>>;
  /** Set once the list has answered. */
  settled?: ListOutcome<T>;
}

interface WaitingRead<T> {
  readonly id: string;
  /** Whether a read of any collection came just before it. */
  readonly amidOthers: boolean;
  /** The process's reads, this one included, when it came. */
  readonly readsSoFar: number;
  resolve(object: T): void;
  reject(error: unknown): void;
}

/**
 * The reads of every collection in this process, in real time. A read that is the first of its collection but comes
 * amid reads of others (a refresh moving on from the alerts to the keys) is one of many to come, not one alone.
 */
const activity = { reads: 0, lastAt: Number.NEGATIVE_INFINITY };

function noteRead(windowMs: number): { amidOthers: boolean; readsSoFar: number } {
  const now = performance.now();
  const amidOthers = now - activity.lastAt < windowMs;
  activity.reads += 1;
  activity.lastAt = now;
  return { amidOthers, readsSoFar: activity.reads };
}

/** Reads of one collection since the last write: how many, so that a lone read knows it is one of many. */
interface Demand {
  readonly generation: number;
  readonly since: number;
  reads: number;
}

export class CoalescedReads<T extends { readonly id: string }> {
  private waiting: WaitingRead<T>[] | undefined;
  private listing: Listing<T> | undefined;
  private demand: Demand = { generation: -1, since: 0, reads: 0 };
  /**
   * The pages the list took when last asked and not taken whole: its size, which a write hardly changes, kept for
   * as long as a list would be.
   */
  private knownPages: { readonly pages: number; readonly at: number } | undefined;

  constructor(
    private readonly reading: CollectionReading<T>,
    private readonly settings: CoalescingSettings = DEFAULT_COALESCING,
  ) {}

  /** The object `id`, from a list shared with other reads or by its own GET. */
  read(id: string, freshness: Freshness = "now"): Promise<T> {
    const generation = writeGeneration();
    const moment = noteRead(this.settings.windowMs);
    this.countRead(generation);
    const listing = this.currentListing(generation, freshness);
    if (listing !== undefined) {
      listing.readers += 1;
      return this.fromListing(listing, id);
    }
    return new Promise<T>((resolve, reject) => this.enqueue({ id, ...moment, resolve, reject }));
  }

  private countRead(generation: number): void {
    const now = this.reading.clock.now();
    if (this.demand.generation !== generation || now - this.demand.since >= this.settings.maxAgeMs) {
      this.demand = { generation, since: now, reads: 0 };
    }
    this.demand.reads += 1;
  }

  /** Reads of the current generation so far. */
  private readsSinceWrite(generation: number): number {
    return this.demand.generation === generation ? this.demand.reads : 0;
  }

  /**
   * The list that may answer a read now: of this generation, young enough, and under way or (for a `recent` read)
   * complete.
   */
  private currentListing(generation: number, freshness: Freshness): Listing<T> | undefined {
    const listing = this.listing;
    if (listing === undefined || listing.generation !== generation) return undefined;
    if (this.reading.clock.now() - listing.askedAt >= this.settings.maxAgeMs) {
      this.listing = undefined;
      return undefined;
    }
    const settled = listing.settled;
    if (settled === undefined) return listing;
    return freshness === "recent" && "byId" in settled && settled.complete ? listing : undefined;
  }

  private enqueue(read: WaitingRead<T>): void {
    if (this.waiting !== undefined) {
      this.waiting.push(read);
      return;
    }
    this.waiting = [read];
    setTimeout(() => {
      const batch = this.waiting ?? [];
      this.waiting = undefined;
      this.answer(batch);
    }, this.settings.windowMs);
  }

  /** Answers the reads gathered in one window. */
  private answer(batch: readonly WaitingRead<T>[]): void {
    const generation = writeGeneration();
    const reads = this.readsSinceWrite(generation);
    // A list asked for since these reads came answers them whatever their freshness.
    let listing = this.currentListing(generation, "now");
    if (listing === undefined) {
      const getOne = this.reading.getOne;
      const known = this.knownPages;
      const tooManyPages =
        known !== undefined &&
        this.reading.clock.now() - known.at < this.settings.maxAgeMs &&
        known.pages > reads;
      if (getOne !== undefined && (isAlone(batch, reads) || tooManyPages)) {
        for (const read of batch) settle(read, getOne(read.id));
        return;
      }
      listing = this.startListing(generation);
    }
    listing.readers += batch.length;
    for (const read of batch) settle(read, this.fromListing(listing, read.id));
  }

  private startListing(generation: number): Listing<T> {
    let listing: Listing<T> | undefined = undefined;
    // Deferred by a turn, so that the listing exists (and counts its readers) before its first page is asked for.
    const outcome = Promise.resolve().then(async () => {
      const taken = await this.takeList(listing!);
      listing!.settled = taken;
      return taken;
    });
    listing = { generation, askedAt: this.reading.clock.now(), readers: 0, outcome };
    this.listing = listing;
    return listing;
  }

  /**
   * The list from its first page: whole when it has one page or its pages are no more than the reads it answers;
   * otherwise the first page alone, and the page count remembered.
   */
  private async takeList(listing: Listing<T>): Promise<ListOutcome<T>> {
    const { fetchPage, pageSize, getOne } = this.reading;
    try {
      const first = await fetchPage(0);
      const pages = pageCount(first, pageSize);
      const reads = Math.max(listing.readers, this.readsSinceWrite(listing.generation));
      if (pages > 1 && getOne !== undefined && pages > reads) {
        this.knownPages = { pages, at: this.reading.clock.now() };
        return { byId: byLowerCaseId(first.items), complete: false };
      }
      return { byId: byLowerCaseId(await readToEnd(fetchPage, first)), complete: true };
    } catch (failure) {
      return { failure };
    }
  }

  /** The object from the list; by its own GET when the list failed or holds only part of the collection. */
  private async fromListing(listing: Listing<T>, id: string): Promise<T> {
    const outcome = await listing.outcome;
    const getOne = this.reading.getOne;
    if ("failure" in outcome) {
      if (getOne === undefined) throw outcome.failure;
      return getOne(id);
    }
    const found = outcome.byId.get(id.toLowerCase());
    if (found !== undefined) return found;
    if (outcome.complete || getOne === undefined) throw this.reading.notFound(id);
    return getOne(id);
  }
}

/**
 * Whether the batch is one read that came alone: the only read of its collection since the last write, with no read
 * of any other collection just before it or during its window.
 */
function isAlone(batch: readonly WaitingRead<unknown>[], readsOfCollection: number): boolean {
  const only = batch.length === 1 ? batch[0]! : undefined;
  return (
    only !== undefined && readsOfCollection <= 1 && !only.amidOthers && activity.reads === only.readsSoFar
  );
}

function settle<T>(read: WaitingRead<T>, answer: Promise<T>): void {
  answer.then(read.resolve, read.reject);
}

function byLowerCaseId<T extends { readonly id: string }>(objects: readonly T[]): Map<string, T> {
  return new Map(objects.map((object) => [object.id.toLowerCase(), object]));
}
