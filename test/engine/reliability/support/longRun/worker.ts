/**
 * The provider process of a long run: the per-kind provider implementations, driven the way the engine drives a
 * dynamic provider (check, diff, create, read, update, delete), `concurrency` operations at a time as
 * `pulumi up --parallel` would. It keeps what the engine would keep in state: an object is recorded when its
 * create returns, dropped when its delete returns, and left as it was when an operation fails. Run as
 * `node --expose-gc worker.js` with LONG_RUN set (JSON: fixture, operations, seed, concurrency); prints one JSON
 * line: the recorded resources, the failed operations and the heap after GC at every checkpoint.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { Fixture } from "../../../../../emulator";
import { seededFloats } from "../../../../../emulator/state/random";
import { providerOf as registeredProvider } from "../../../../support/providers";
import { inputsFor, longRunKinds, updatedInputs, type Inputs, type LongRunKind } from "./resources";

export interface LongRunSettings {
  fixture: Fixture;
  operations: number;
  seed: number;
  concurrency: number;
  checkpointEvery: number;
}

export interface Recorded {
  name: string;
  kind: LongRunKind;
  id: string;
  inputs: Inputs;
  outs: Inputs;
}

export type Action = "create" | "update" | "refresh" | "delete";

/** A failed operation the next `pulumi up` of the same program would run again. */
interface Retry {
  action: Action;
  name: string;
  kind: LongRunKind;
  inputs: Inputs;
}

export interface LongRunResult {
  recorded: Recorded[];
  done: Record<Action, number>;
  failed: { action: Action; kind: LongRunKind; message: string }[];
  /** Operations of the closing run (the next `up`, without faults) that failed: none may. */
  closingFailures: string[];
  /** Recorded resources a refresh found gone: lost objects. */
  vanished: string[];
  /** Old objects of replaces whose delete failed: the engine keeps them in state, marked for deletion. */
  condemned: Recorded[];
  /** heapUsed after a full GC, in bytes, after every `checkpointEvery` operations. */
  heapCheckpoints: number[];
}

type Provider = Required<pulumi.dynamic.ResourceProvider>;

function providerOf(kind: LongRunKind): Provider {
  return registeredProvider(kind);
}

function configureRequest(fixture: Fixture): pulumi.dynamic.ConfigureRequest {
  const values: Record<string, string> = {
    "clickhouse:apiUrl": fixture.managementUrl,
    "clickhouse:organizationId": fixture.organizationId,
    "clickhouse:tokenKey": fixture.tokenKey,
    "clickhouse:tokenSecret": fixture.tokenSecret,
    "observability:apiUrl": fixture.observabilityUrl,
    "observability:apiToken": fixture.observabilityToken,
    // The emulator of a long run enforces no rate limit: its 429s are injected faults.
    "clickhouse:throttle": "off",
    "observability:throttle": "off",
  };
  return {
    config: {
      get: (key) => values[key],
      require: (key) => {
        if (values[key] === undefined) throw new Error(`Missing required configuration key: ${key}`);
        return values[key];
      },
    },
  };
}

class LongRun {
  private readonly random: () => number;
  private readonly recorded = new Map<string, Recorded>();
  /** Resources an operation is working on: the engine never runs two operations on one resource at once. */
  private readonly busy = new Set<string>();
  private serial = 0;
  private started = 0;
  private completed = 0;
  readonly result: LongRunResult = {
    recorded: [],
    done: { create: 0, update: 0, refresh: 0, delete: 0 },
    failed: [],
    closingFailures: [],
    vanished: [],
    condemned: [],
    heapCheckpoints: [],
  };

  constructor(private readonly settings: LongRunSettings) {
    this.random = seededFloats(settings.seed);
  }

  private readonly retries: Retry[] = [];

  async run(): Promise<LongRunResult> {
    const lanes = Array.from({ length: this.settings.concurrency }, () => this.lane());
    await Promise.all(lanes);
    this.result.recorded = [...this.recorded.values()];
    return this.result;
  }

  /**
   * The next `pulumi up` of the same program: the old objects of replaces are deleted, and every failed create,
   * update and delete runs again; then a refresh reads every recorded resource.
   */
  async close(): Promise<LongRunResult> {
    const attempt = async (what: string, step: () => Promise<void>) => {
      await step().catch((error: Error) => this.result.closingFailures.push(`${what}: ${error.message}`));
    };
    for (const old of this.result.condemned.splice(0)) {
      await attempt(`delete ${old.kind} ${old.id}`, () => providerOf(old.kind).delete(old.id, old.outs));
    }
    for (const retry of this.retries.splice(0)) {
      const target = this.recorded.get(retry.name);
      const what = `${retry.action} ${retry.name}`;
      if (retry.action === "create" && !target) {
        await attempt(what, () => this.createNamed(retry.name, retry.kind, retry.inputs));
      } else if (retry.action === "update" && target) {
        await attempt(what, () => this.update(target, retry.inputs));
      } else if (retry.action === "delete" && target) {
        await attempt(what, () => this.delete(target));
      }
    }
    for (const resource of [...this.recorded.values()]) {
      await attempt(`refresh ${resource.name}`, () => this.refresh(resource));
    }
    this.result.recorded = [...this.recorded.values()];
    return this.result;
  }

  private async lane(): Promise<void> {
    while (this.started < this.settings.operations) {
      this.started += 1;
      await this.operation();
      this.completed += 1;
      if (this.completed % this.settings.checkpointEvery === 0) this.checkpoint();
    }
  }

  private checkpoint(): void {
    const gc = (globalThis as { gc?: () => void }).gc;
    if (!gc) throw new Error("run the long-run worker with node --expose-gc");
    gc();
    gc();
    this.result.heapCheckpoints.push(process.memoryUsage().heapUsed);
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)];
  }

  private idle(): Recorded[] {
    return [...this.recorded.values()].filter((resource) => !this.busy.has(resource.name));
  }

  /** About a third creates, the rest spread over updates, refreshes and deletes of idle resources. */
  private chooseAction(): Action {
    if (this.idle().length < 5) return "create";
    const draw = this.random();
    if (draw < 0.3) return "create";
    if (draw < 0.55) return "update";
    if (draw < 0.8) return "refresh";
    return "delete";
  }

  private async operation(): Promise<void> {
    const action = this.chooseAction();
    let kind: LongRunKind = this.pick(longRunKinds);
    let target: Recorded | undefined;
    let retry: Retry;
    if (action === "create") {
      const serviceId = kind === "ReplicaScaling" ? this.freeService() : "";
      if (serviceId === undefined) kind = "ApiKey";
      const serial = ++this.serial;
      retry = {
        action,
        kind,
        name: `${kind}-${serial}`,
        inputs: inputsFor(kind, serial, this.settings.fixture, serviceId ?? ""),
      };
    } else {
      target = this.pick(this.idle());
      kind = target.kind;
      this.busy.add(target.name);
      const inputs =
        action === "update" ? updatedInputs(kind, target.inputs, this.completed + 1) : target.inputs;
      retry = { action, kind, name: target.name, inputs };
    }
    try {
      if (action === "create") await this.createNamed(retry.name, kind, retry.inputs);
      else if (action === "update") await this.update(target!, retry.inputs);
      else if (action === "refresh") await this.refresh(target!);
      else await this.delete(target!);
      this.result.done[action] += 1;
    } catch (error) {
      this.result.failed.push({ action, kind, message: (error as Error).message });
      if (action !== "refresh") this.retries.push(retry);
    } finally {
      if (target) this.busy.delete(target.name);
    }
  }

  /** A service no recorded, pending or failed ReplicaScaling manages, or undefined when both are taken. */
  private freeService(): string | undefined {
    const { production, secondary } = this.settings.fixture.services;
    const taken = new Set(
      [...this.recorded.values(), ...this.creating, ...this.retries]
        .filter((resource) => resource.kind === "ReplicaScaling")
        .map((resource) => resource.inputs.serviceId),
    );
    return [production, secondary].find((service) => !taken.has(service));
  }

  private readonly creating = new Set<{ kind: LongRunKind; inputs: Inputs }>();

  private async createNamed(name: string, kind: LongRunKind, inputs: Inputs): Promise<void> {
    const pending = { kind, inputs };
    this.creating.add(pending);
    try {
      const made = await this.createChecked(kind, inputs);
      this.recorded.set(name, { name, kind, id: made.id, inputs, outs: made.outs ?? {} });
    } finally {
      this.creating.delete(pending);
    }
  }

  private async createChecked(kind: LongRunKind, inputs: Inputs): Promise<pulumi.dynamic.CreateResult> {
    const provider = providerOf(kind);
    const checked = await provider.check({}, inputs);
    if (checked.failures?.length) throw new Error(`check: ${JSON.stringify(checked.failures)}`);
    return provider.create(checked.inputs);
  }

  /** An update in place, or, when the provider's diff asks for it, a replace: the new object first, then the old one deleted. */
  private async update(target: Recorded, news: Inputs): Promise<void> {
    const provider = providerOf(target.kind);
    const checked = await provider.check(target.inputs, news);
    if (checked.failures?.length) throw new Error(`check: ${JSON.stringify(checked.failures)}`);
    const diff = await provider.diff(target.id, target.outs, checked.inputs);
    if (diff.replaces?.length) {
      const made = await provider.create(checked.inputs);
      // From here the engine records the replacement and keeps the old object to delete as pending.
      this.recorded.set(target.name, { ...target, id: made.id, inputs: news, outs: made.outs ?? {} });
      try {
        await provider.delete(target.id, target.outs);
      } catch (error) {
        this.result.condemned.push(target);
        throw error;
      }
      return;
    }
    const updated = await provider.update(target.id, target.outs, checked.inputs);
    this.recorded.set(target.name, { ...target, inputs: news, outs: { ...target.outs, ...updated.outs } });
  }

  private async refresh(target: Recorded): Promise<void> {
    const read = await providerOf(target.kind).read(target.id, target.outs);
    if (!read.id) {
      this.recorded.delete(target.name);
      // Gone after a delete that failed once the API had done it (its wait for the end failed): as intended.
      const failedDelete = this.retries.findIndex((r) => r.action === "delete" && r.name === target.name);
      if (failedDelete >= 0) this.retries.splice(failedDelete, 1);
      else this.result.vanished.push(`${target.kind} ${target.id}`);
      return;
    }
    this.recorded.set(target.name, { ...target, id: read.id, outs: read.props ?? target.outs });
  }

  private async delete(target: Recorded): Promise<void> {
    await providerOf(target.kind).delete(target.id, target.outs);
    this.recorded.delete(target.name);
  }
}

async function main(): Promise<void> {
  const settings = JSON.parse(process.env.LONG_RUN ?? "") as LongRunSettings;
  const request = configureRequest(settings.fixture);
  for (const kind of longRunKinds) await providerOf(kind).configure(request);
  const run = new LongRun(settings);
  await run.run();
  // The faults end with the run, as a flaky network recovers before the next pipeline run.
  const cleared = await fetch(`${settings.fixture.managementUrl}/__emulator/faults`, { method: "DELETE" });
  if (!cleared.ok) throw new Error(`could not clear the faults: ${cleared.status}`);
  const result = await run.close();
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
