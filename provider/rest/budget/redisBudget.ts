/**
 * One API key's rate-limit budget shared by every runner that names the same Redis: pipelines on different CI
 * runners, workers of an Automation API fleet.
 *
 * The same rule as the process's own throttle, kept in Redis: a request takes a slot before it is sent and keeps
 * it until one window (plus the margin) after its answer. The server counted the request before it answered, so
 * no window the server can draw holds more than `limit` requests of the key, whichever runners sent them. The slots
 * are a sorted set whose scores are the times each slot is held until; a slot whose request is not answered yet is
 * held for a lease (the longest a request can take, plus the window), so a runner killed mid-request frees its
 * slots by themselves. A 429 sets a pause every runner honours. Each step is one Lua script, atomic in Redis, and
 * every time is Redis's own (TIME), so the runners' clocks need not agree.
 *
 * When Redis is lost the budget falls back on `local` (this machine's budget, or none), for the rest of the
 * process: the process's own throttle and the 429 handling still hold, so nothing fails or is sent twice.
 */
import { randomUUID } from "node:crypto";
import type { Clock } from "../../clock";
import { SharedBudgetSettingError, type RedisStore } from "./redisStore";
import type { SharedBudgetSettings } from "./sharedBudget";
import type { RateBudget } from "./throttle";

/** The longest a waiting request sleeps before asking again: an answer can free a slot before its lease ends. */
const POLL_MS = 200;
/** Names this process's pauses in Redis, so that a pause another runner set can be told from its own. */
const processId = randomUUID();

/** `now` in milliseconds, from Redis's clock. */
const NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/**
 * KEYS: slots, pause. ARGV: limit, lease ms, slot id, longest believable pause ms. Returns {0, ""} when the slot
 * was taken, else {ms to wait, and for a pause the pausing process's id and the pause's end}.
 */
const TAKE = `${NOW}
local pause = redis.call('GET', KEYS[2])
if pause then
  local untilMs, owner = string.match(pause, '^(%d+) (.*)$')
  untilMs = tonumber(untilMs)
  if untilMs and untilMs > now and untilMs <= now + tonumber(ARGV[4]) then
    return {untilMs - now, owner, untilMs}
  end
end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
  if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
  return {0, ''}
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {math.max(1, tonumber(oldest[2]) - now), ''}`;

/** KEYS: slots. ARGV: hold ms, slot id. The slot is held until one window after now, the answer's arrival. */
const ANSWERED = `${NOW}
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[1]), ARGV[2])
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[1]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return 0`;

/** KEYS: pause. ARGV: pause ms, process id. Keeps the later of this pause and the one in force. */
const PAUSE = `${NOW}
local untilMs = now + tonumber(ARGV[1])
local current = redis.call('GET', KEYS[1])
local currentUntil = current and tonumber(string.match(current, '^(%d+)')) or 0
if untilMs > currentUntil then
  redis.call('SET', KEYS[1], string.format('%d %s', untilMs, ARGV[2]), 'PX', ARGV[1])
end
return 0`;

export interface RedisBudgetSettings extends SharedBudgetSettings {
  /** How long a slot whose request has not been answered is held: the longest a request takes, plus the window. */
  readonly leaseMs: number;
}

export class RedisBudget implements RateBudget {
  private readonly slots: string;
  private readonly pause: string;
  /** The budget used once Redis is lost, made then. */
  private local: RateBudget | undefined;
  /** Pauses of other runners already reported, by their process id and end, each once. */
  private readonly reported = new Set<string>();

  constructor(
    private readonly store: RedisStore,
    /** The hash of the API's URL and the credential that names this budget's keys. */
    digest: string,
    private readonly settings: RedisBudgetSettings,
    private readonly clock: Clock,
    private readonly fallback: () => RateBudget | undefined,
    private readonly log: (line: string) => void = () => undefined,
  ) {
    this.slots = `pulumi-clickhouse-cloud:budget:${digest}:slots`;
    this.pause = `pulumi-clickhouse-cloud:budget:${digest}:pause`;
  }

  async take(): Promise<() => (() => void) | void> {
    if (this.store.lost) return this.takeLocally();
    const slot = randomUUID();
    const { limit, windowMs, marginMs, leaseMs, maxPauseMs } = this.settings;
    try {
      for (;;) {
        const args = [String(limit), String(leaseMs), slot, String(maxPauseMs)];
        const reply = (await this.store.run(TAKE, [this.slots, this.pause], args)) as [
          number,
          string,
          number?,
        ];
        const [waitMs, pausedBy, pausedUntil] = reply;
        if (waitMs <= 0) break;
        if (pausedBy !== "" && pausedBy !== processId) this.reportPause(`${pausedBy} ${pausedUntil}`, waitMs);
        await this.clock.sleep(Math.min(waitMs, POLL_MS));
      }
    } catch (error) {
      if (error instanceof SharedBudgetSettingError) throw error;
      return this.takeLocally();
    }
    const holdMs = String(windowMs + marginMs);
    // When the answer's note cannot reach Redis, the slot's lease frees it later: never sooner than it should.
    return () => () => void this.store.run(ANSWERED, [this.slots], [holdMs, slot]).catch(() => undefined);
  }

  pauseUntil(untilMs: number): void {
    if (this.store.lost) return this.localBudget()?.pauseUntil(untilMs);
    const ms = String(Math.max(1, Math.round(untilMs - this.clock.now())));
    // The process's own throttle pauses meanwhile; a pause Redis did not get is the local budget's to keep.
    void this.store.run(PAUSE, [this.pause], [ms, processId]).catch((error: unknown) => {
      if (!(error instanceof SharedBudgetSettingError)) this.localBudget()?.pauseUntil(untilMs);
    });
  }

  private async takeLocally(): Promise<() => (() => void) | void> {
    const local = this.localBudget();
    return local === undefined ? () => undefined : local.take();
  }

  private localBudget(): RateBudget | undefined {
    this.local ??= this.fallback();
    return this.local;
  }

  /** Says once per pause (its process and end) that a request waits on another runner's 429. */
  private reportPause(key: string, waitMs: number): void {
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.log(
      `shared rate-limit budget: waiting ${(waitMs / 1000).toFixed(1)} s: another runner using this key was ` +
        "answered 429 and paused it (through Redis)",
    );
  }
}
