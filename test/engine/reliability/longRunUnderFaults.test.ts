import { execFile } from "node:child_process";
import * as path from "node:path";
import { promisify } from "node:util";
import { expect } from "chai";
import { faultKinds, type RunningEmulator } from "../../../emulator";
import type { StateResource } from "../../../scripts/lib/localStack";
import { directApi, managementResult, type DirectApi } from "./support/directApi";
import { dedicatedEmulator, requestStats, takeRequests } from "../../support/reliability/emulators";
import { objectCount, remoteInventory, stateInventory, without, type Inventory } from "./support/inventory";
import type { LongRunResult, LongRunSettings, Recorded } from "./support/longRun/worker";
import { reportCase } from "../../support/reliability/report";

const worker = path.join(__dirname, "support", "longRun", "worker.js");
const operations = Number(process.env.LONG_RUN_OPERATIONS ?? 1000);
/** Heap growth allowed between the second checkpoint and the last: a leak of a few KB per operation exceeds it. */
const allowedHeapGrowthBytes = 16 * 1024 * 1024;

/** The recorded resources as the state would list them, for the inventory comparison. */
function asState(recorded: Recorded[]): StateResource[] {
  return recorded.map((resource) => ({
    urn: resource.name,
    type: `pulumi-nodejs:dynamic/long-run:${resource.kind}`,
    id: resource.id,
    outputs: resource.outs,
  }));
}

/**
 * A long run through the provider under faults: 1,000 operations (creates, updates, refreshes, deletes over the
 * five kinds) while a quarter of all API requests get a fault of one of the emulator's kinds. The provider runs
 * in a process of its own, the way the engine runs a dynamic provider, and is driven directly: the engine would
 * spend seconds per operation. A failed operation stays as the engine leaves it (a failed create records nothing,
 * a failed delete keeps the resource), and a closing run without faults, as the next `pulumi up` of the same
 * program, runs the failed ones again and refreshes everything. What it records must then be exactly what the API
 * holds, and its heap after GC must stay flat.
 */
describe(`long run under faults: ${operations} provider operations, 25% of requests faulted`, function () {
  this.timeout(300_000);
  let emulator: RunningEmulator;
  let api: DirectApi;
  let baseline: Inventory;

  before(async () => {
    emulator = await dedicatedEmulator({ provisioningDelayMs: 0 });
    api = directApi(emulator.fixture);
    baseline = await remoteInventory(api);
  });

  after(async () => {
    await emulator?.close();
  });

  it("loses, duplicates and orphans nothing, and the provider's heap stays flat", async () => {
    await emulator.control.clearRequests();
    await emulator.control.setFaults({
      probability: 0.25,
      kinds: [...faultKinds],
      seed: 18,
      slowMs: 200,
      retryAfterSeconds: 1,
    });
    const settings: LongRunSettings = {
      fixture: emulator.fixture,
      operations,
      seed: 18,
      concurrency: 16,
      checkpointEvery: operations / 10,
    };
    let result: LongRunResult;
    try {
      const { stdout } = await promisify(execFile)(process.execPath, ["--expose-gc", worker], {
        env: { ...process.env, LONG_RUN: JSON.stringify(settings) },
        maxBuffer: 64 * 1024 * 1024,
      });
      result = JSON.parse(stdout) as LongRunResult;
    } finally {
      await emulator.control.clearFaults();
    }
    const stats = requestStats(await takeRequests(emulator));

    // Every fault kind was met, and every operation ran.
    expect(Object.keys(stats.faultsByKind).sort()).to.deep.equal([...faultKinds].sort());
    const done = Object.values(result.done).reduce((sum, count) => sum + count, 0);
    expect(done + result.failed.length).to.equal(operations);

    // Lost: a recorded object the API no longer has. Duplicated or orphaned: an object the API has that is not
    // recorded (once). Either shows as a difference between the two lists.
    expect(result.closingFailures, "operations of the closing run").to.deep.equal([]);
    expect(result.vanished, "recorded objects a refresh found gone").to.deep.equal([]);
    const recorded = [...result.recorded, ...result.condemned];
    expect(
      without(await remoteInventory(api), baseline),
      `the API's objects vs the recorded ones; the failed operations were:\n${result.failed
        .map((failure) => `${failure.action} ${failure.kind}: ${failure.message.split("\n")[0]}`)
        .join("\n")}`,
    ).to.deep.equal(stateInventory(asState(recorded)));
    for (const scaling of result.recorded.filter((resource) => resource.kind === "ReplicaScaling")) {
      const service = managementResult<{ numReplicas: number }>(
        await api.management.get(`${api.orgPath}/services/${String(scaling.inputs.serviceId)}`),
      );
      expect(service.numReplicas, `replicas of ${String(scaling.inputs.serviceId)}`).to.equal(
        scaling.outs.numReplicas,
      );
    }

    const heap = result.heapCheckpoints;
    expect(heap).to.have.length(10);
    const growth = heap[heap.length - 1] - heap[1];
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    console.log(
      `      ${stats.requests} requests, ${stats.faults} faulted (${JSON.stringify(stats.faultsByKind)}); ` +
        `done ${JSON.stringify(result.done)}, failed ${result.failed.length}; ` +
        `heap after GC ${heap.map(mb).join(" ")} MB`,
    );
    expect(growth, "heap growth from the second checkpoint to the last").to.be.below(allowedHeapGrowthBytes);
    reportCase({
      case: `long run: ${operations} provider operations`,
      injected: "25% of requests, every fault kind",
      result: `${result.failed.length} ops failed; recorded = API; heap +${mb(growth)} MB`,
      requests: stats.requests,
      tooManyRequests: stats.tooManyRequests,
      faults: stats.faults,
      objectsLeft:
        objectCount(without(await remoteInventory(api), baseline)) -
        objectCount(stateInventory(asState(recorded))),
    });
  });
});
