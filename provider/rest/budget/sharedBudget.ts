/**
 * One API key's rate-limit budget shared by every process of this machine that uses the key: parallel
 * `pulumi up` of different stacks (pipelines of one team on one runner) each throttle only themselves, so
 * together they send more than the key allows and spend their time waiting out 429s.
 *
 * Lock-free, through files in a directory of this user's (budgetDirectory.ts) named by a hash of the API's URL
 * and the credential (never the credential itself). Every file is opened without following symbolic links, and
 * made only where none was (O_EXCL), mode 0600. Each request takes the next ticket: a file `<n>` created with O_EXCL,
 * so exactly one process holds each number. Ticket n may be sent once ticket n - limit was answered at least one
 * window (plus the margin) ago. The server counted that request before it answered, however long the request took
 * to reach it (a process starved of CPU may take seconds), so no window of the server then holds more than `limit`
 * requests of this key from this machine: the rule of the process's own throttle. A ticket's file says
 * `pending <pid>` while its request waits, `sending <pid>` from the moment it is sent, and `sent <ms>` once it is
 * answered (the name is the one earlier releases wrote at the send, which a waiter reads the same way). A ticket
 * whose process is gone (killed) holds nothing back if it was never sent, and otherwise until the request's lease
 * from its send ends (the longest an attempt takes, plus the window); a ticket still empty (its process was killed
 * between creating and writing it) holds the next request back until a lease from its creation ends. A 429 writes
 * `pause` (the time sending may resume), which every process honours: up to `maxPauseMs` from now, since no 429 can
 * need more, so a pause further away (written by a bug or planted) is ignored with a warning rather than hanging
 * every process.
 */
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import type { Clock } from "../../clock";
import type { RateBudget } from "./throttle";

/** How often a waiting request looks at the ticket it waits for. */
const POLL_MS = 50;
/** Tickets older than this many windows' worth are deleted by whoever takes a new one. */
const KEEP_TICKETS_FACTOR = 4;
/**
 * A budget directory nobody has taken a ticket from for this long is deleted by the next process that opens a
 * budget: each key a machine ever used (every emulator run makes new ones) would otherwise stay in the temp dir.
 */
const IDLE_BUDGET_MS = 24 * 60 * 60 * 1000;

export interface SharedBudgetSettings {
  readonly limit: number;
  readonly windowMs: number;
  readonly marginMs: number;
  /** The longest pause a 429 can ask for; a pause in the budget further away than this is ignored. */
  readonly maxPauseMs: number;
  /**
   * How long a request sent by a process that is gone may still count in a window of the server: its longest
   * attempt, plus the window and the margin. `DEFAULT_ATTEMPT_MS` plus the window and margin when not given.
   */
  readonly leaseMs?: number;
}

/** A request's single attempt takes at most this long unless its client says otherwise (the default timeout). */
export const DEFAULT_ATTEMPT_MS = 30_000;

// Windows has no symbolic-link flag for open; its links need privileges to make.
const NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;
const { O_CREAT, O_EXCL, O_RDONLY, O_TRUNC, O_WRONLY } = fs.constants;
/** A new file, never one that is there already, nor through a link. */
const CREATE_NEW = O_WRONLY | O_CREAT | O_EXCL | NOFOLLOW;

export class SharedBudget implements RateBudget {
  /** The pause this process wrote last: a later one in the file was written by another process. */
  private ownPause = 0;
  /** The pauses (by their end) already reported in the log, each once. */
  private readonly reported = new Set<number>();

  constructor(
    private readonly dir: string,
    private readonly settings: SharedBudgetSettings,
    private readonly clock: Clock,
    /** Receives a line when this process waits on another's pause, or ignores a pause it cannot believe. */
    private readonly log: (line: string) => void = () => undefined,
  ) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    this.forgetIdleBudgets();
  }

  /** Deletes the other budgets of the temp dir that no process has taken a ticket from for IDLE_BUDGET_MS. */
  private forgetIdleBudgets(): void {
    const parent = path.dirname(this.dir);
    for (const name of fs.readdirSync(parent)) {
      const other = path.join(parent, name);
      if (other === this.dir) continue;
      try {
        // Taking or forgetting a ticket creates or deletes a file, which moves the directory's mtime.
        if (this.clock.now() - fs.statSync(other).mtimeMs > IDLE_BUDGET_MS) {
          fs.rmSync(other, { recursive: true, force: true });
        }
      } catch {
        // Deleted by another process meanwhile.
      }
    }
  }

  /**
   * Waits until this machine's use of the key leaves room for one more request, and returns the function to call
   * when that request is sent, which returns the one to call when its answer (or its failure) arrives.
   */
  async take(): Promise<() => () => void> {
    const ticket = this.claim();
    const before = ticket - this.settings.limit;
    for (;;) {
      const pausedUntil = this.pausedUntil();
      const wait = Math.max(this.waitFor(before), pausedUntil - this.clock.now());
      if (wait <= 0) break;
      if (pausedUntil > this.clock.now() && pausedUntil !== this.ownPause)
        this.reportOthersPause(pausedUntil);
      await this.clock.sleep(Math.min(wait, POLL_MS));
    }
    return () => {
      this.write(ticket, `sending ${process.pid}`);
      return () => this.write(ticket, `sent ${this.clock.now()}`);
    };
  }

  /** Tells every process of the key to send nothing before `untilMs` (a 429's reset). */
  pauseUntil(untilMs: number): void {
    if (untilMs <= this.pausedUntil()) return;
    const temporary = path.join(this.dir, `pause.${process.pid}.${randomBytes(6).toString("hex")}`);
    try {
      writeNew(temporary, String(untilMs));
      // Renaming replaces whatever is at `pause`, a link included, never what a link points to.
      fs.renameSync(temporary, this.pauseFile());
      this.ownPause = untilMs;
    } catch {
      // The budget was deleted as idle meanwhile: this process's own throttle still pauses.
      fs.rmSync(temporary, { force: true });
    }
  }

  /** When sending may resume; 0 when no pause is in force or the one in the file is too far away to believe. */
  private pausedUntil(): number {
    // No file reads as NaN, and so as 0.
    const until = Number(this.read("pause")) || 0;
    const now = this.clock.now();
    if (until <= now + this.settings.maxPauseMs) return until;
    this.reportOnce(
      until,
      `ignoring ${this.pauseFile()}`,
      `${describeMs(until - now)}, longer than any 429 asks`,
    );
    return 0;
  }

  private reportOthersPause(until: number): void {
    const waitMs = until - this.clock.now();
    this.reportOnce(
      until,
      `waiting ${describeMs(waitMs)}`,
      `another process using this key was answered 429 and paused it (${this.pauseFile()})`,
    );
  }

  private reportOnce(until: number, what: string, why: string): void {
    if (this.reported.has(until)) return;
    this.reported.add(until);
    this.log(`shared rate-limit budget: ${what}: ${why}`);
  }

  private pauseFile(): string {
    return path.join(this.dir, "pause");
  }

  /**
   * Milliseconds until ticket `n`'s request has aged out of every window; 0 when it has, was never sent, or never
   * existed.
   */
  private waitFor(n: number): number {
    if (n < 0) return 0;
    const text = this.read(String(n));
    if (text === undefined) return 0; // deleted as old, or never taken
    const [state, value] = text.split(" ");
    const { windowMs, marginMs, leaseMs = DEFAULT_ATTEMPT_MS + windowMs + marginMs } = this.settings;
    if (state === "sent") return Number(value) + windowMs + marginMs - this.clock.now();
    // Pending, sending, or empty (created and not written yet). A process that is gone never sent a pending
    // request; a sending one's lease runs from the send (the write). An empty ticket names no process, and counts as
    // sending from its creation: its process is about to write it, or was killed between creating and writing it
    // and left it empty for good, which then holds the next request back for a lease, no longer.
    if (!alive(Number(value)))
      return state === "pending" ? 0 : this.writtenAt(n) + leaseMs - this.clock.now();
    // Waiting, or in flight: look again soon.
    return POLL_MS;
  }

  /** Takes the next free ticket number. */
  private claim(): number {
    let next = this.highest() + 1;
    for (;;) {
      try {
        writeNew(path.join(this.dir, String(next)), `pending ${process.pid}`);
        this.forgetBefore(next - KEEP_TICKETS_FACTOR * this.settings.limit);
        return next;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        // ENOENT: another process found this budget idle and deleted it just now; it starts again empty.
        if (code === "ENOENT") fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
        else if (code !== "EEXIST") throw error;
        else next += 1;
      }
    }
  }

  private highest(): number {
    let highest = -1;
    for (const name of this.names()) {
      const n = Number(name);
      if (Number.isInteger(n) && n > highest) highest = n;
    }
    return highest;
  }

  private forgetBefore(n: number): void {
    for (const name of this.names()) {
      const ticket = Number(name);
      if (Number.isInteger(ticket) && ticket < n) fs.rmSync(path.join(this.dir, name), { force: true });
    }
  }

  /**
   * The names in the budget's directory; none when it cannot be listed: another process deleted it as idle (the
   * next ticket's creation makes it again), or the creation fails too and says why.
   */
  private names(): string[] {
    try {
      return fs.readdirSync(this.dir);
    } catch {
      return [];
    }
  }

  private writtenAt(n: number): number {
    try {
      return fs.statSync(path.join(this.dir, String(n))).mtimeMs;
    } catch {
      return 0;
    }
  }

  private read(name: string): string | undefined {
    try {
      return withFile(path.join(this.dir, name), O_RDONLY | NOFOLLOW, (fd) => fs.readFileSync(fd, "utf8"));
    } catch {
      // Missing, or a link: nothing this process wrote.
      return undefined;
    }
  }

  private write(n: number, text: string): void {
    try {
      withFile(path.join(this.dir, String(n)), O_WRONLY | O_TRUNC | NOFOLLOW, (fd) => fs.writeSync(fd, text));
    } catch {
      // The ticket was deleted as old meanwhile (nobody waits for it any more), or replaced by a link.
    }
  }
}

/** Creates `file` (mode 0600) with `text`, failing with EEXIST when anything is at that name. */
function writeNew(file: string, text: string): void {
  withFile(file, CREATE_NEW, (fd) => fs.writeSync(fd, text), 0o600);
}

function withFile<T>(file: string, flags: number, use: (fd: number) => T, mode?: number): T {
  const fd = fs.openSync(file, flags, mode);
  try {
    return use(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function describeMs(ms: number): string {
  const seconds = ms / 1000;
  return seconds < 3600 ? `${seconds.toFixed(1)} s` : `${(seconds / 3600).toFixed(0)} h`;
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
