/**
 * The emulator's state: in memory, and when a state file is given, saved after every change with an atomic
 * write (a temporary file renamed over the old one), so a crash never leaves a half-written file. Saves are
 * coalesced: while one is running, further changes only mark the state dirty for one more save.
 */
import { promises as fs } from "node:fs";
import { replaceFileAtomically } from "./atomicFile";
import { seedWorld } from "./fixture";
import type { OrganizationTier } from "../model/serviceDefaults";
import type { ByteSource } from "./random";
import type { EmulatorState, FixtureIdentity } from "./types";

interface StateFile {
  version: 1;
  fixture: FixtureIdentity;
  /** The fixture's state, for POST /__emulator/reset after a restart. */
  initial: EmulatorState;
  current: EmulatorState;
}

export interface StoreOptions {
  statePath?: string;
  fixtureBytes: ByteSource;
  organizationTier?: OrganizationTier;
}

export class Store {
  private saving: Promise<void> | undefined;
  private dirty = false;

  private constructor(
    readonly fixture: FixtureIdentity,
    private readonly initial: EmulatorState,
    private current: EmulatorState,
    private readonly statePath: string | undefined,
  ) {}

  /** Loads the state file when it exists, otherwise seeds a new world (and writes the file at once). */
  static async open(options: StoreOptions): Promise<Store> {
    const saved = options.statePath ? await readStateFile(options.statePath) : undefined;
    if (saved) {
      return new Store(saved.fixture, saved.initial, saved.current, options.statePath);
    }
    const world = seedWorld(options.fixtureBytes, new Date(), options.organizationTier);
    const store = new Store(world.fixture, world.state, structuredClone(world.state), options.statePath);
    store.changed();
    await store.flush();
    return store;
  }

  get state(): EmulatorState {
    return this.current;
  }

  /** Call after every change of `state`. */
  changed(): void {
    if (!this.statePath) return;
    this.dirty = true;
    this.saving ??= this.saveWhileDirty().finally(() => {
      this.saving = undefined;
    });
  }

  reset(): void {
    this.current = structuredClone(this.initial);
    this.changed();
  }

  /** Resolves when every change so far is on disk. */
  async flush(): Promise<void> {
    while (this.saving) await this.saving;
  }

  private async saveWhileDirty(): Promise<void> {
    while (this.dirty) {
      this.dirty = false;
      // 0600: the file holds the fixture's credentials.
      await replaceFileAtomically(this.statePath as string, this.serialize(), 0o600);
    }
  }

  private serialize(): string {
    const file: StateFile = {
      version: 1,
      fixture: this.fixture,
      initial: this.initial,
      current: this.current,
    };
    return JSON.stringify(file);
  }
}

async function readStateFile(statePath: string): Promise<StateFile | undefined> {
  let text: string;
  try {
    text = await fs.readFile(statePath, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  let parsed: Partial<StateFile>;
  try {
    parsed = JSON.parse(text) as Partial<StateFile>;
  } catch (error) {
    throw new Error(
      `State file ${statePath} is not valid JSON (${(error as Error).message}); move it away to start fresh`,
    );
  }
  if (parsed.version !== 1 || !parsed.fixture || !parsed.initial || !parsed.current) {
    throw new Error(`State file ${statePath} was not written by this emulator; move it away to start fresh`);
  }
  return parsed as StateFile;
}
