import { expect } from "chai";
import type { FaultKind, FaultPlan, RunningEmulator } from "../../../emulator";
import type { LocalStack } from "../../../scripts/lib/localStack";
import { directApi, type DirectApi } from "./support/directApi";
import { addStats, dedicatedEmulator, requestStats, takeRequests } from "../../support/reliability/emulators";
import { remoteInventory, stateInventory, without, objectCount, type Inventory } from "./support/inventory";
import { quickstartResourceCount, quickstartStack } from "./support/quickstart";
import { reportCase } from "../../support/reliability/report";

/** Every kind of trouble a real API and the network in front of it give, on a quarter of all API requests. */
const kinds: FaultKind[] = ["429", "500", "502", "503", "504html", "drop", "slow"];
const probability = 0.25;
/**
 * The schedule is a seeded sequence of decisions, one per request in arrival order. These seeds fault 25-40% of
 * the first 10, 20, 30 and 40 decisions and never more than two in a row: the share of faulted requests stays
 * above 20% whatever number of requests an up or a destroy of the quickstart makes (some seeds fault fewer than
 * 20% of their first dozens), without clusters so dense that a run would test the seed more than the provider.
 */
const seeds = [46, 48, 162];
const plan = (seed: number): FaultPlan => ({ probability, kinds, seed, slowMs: 1000, retryAfterSeconds: 1 });

describe("faults: examples/quickstart under injected 429, 5xx, HTML 504, drops and slow replies", function () {
  this.timeout(240_000);

  for (const seed of seeds) {
    describe(`fault schedule seed ${seed}`, () => {
      let emulator: RunningEmulator;
      let api: DirectApi;
      let stack: LocalStack;
      let baseline: Inventory;

      before(async () => {
        emulator = await dedicatedEmulator();
        api = directApi(emulator.fixture);
        baseline = await remoteInventory(api);
        stack = await quickstartStack(emulator);
      });

      after(async () => {
        await stack?.dispose();
        await emulator?.close();
      });

      it("up succeeds, the emulator holds exactly the stack's objects, and destroy leaves nothing", async () => {
        await emulator.control.clearRequests();
        await emulator.control.setFaults(plan(seed));
        const outputs = await stack.up();
        await emulator.control.clearFaults();
        const upRequests = await takeRequests(emulator);
        const upStats = requestStats(upRequests);
        const lostCreates = upRequests.filter(
          (entry) => entry.method === "POST" && entry.fault !== undefined && entry.fault !== "slow",
        ).length;
        expect(outputs.reversePrivateEndpointStatus.value).to.equal("Ready");
        expect(outputs.alertState.value).to.equal("inactive");

        const resources = await stack.resources();
        expect(resources).to.have.length(quickstartResourceCount);
        const inState = stateInventory(resources);
        expect(objectCount(inState)).to.equal(quickstartResourceCount - 1);
        expect(without(await remoteInventory(api), baseline)).to.deep.equal(inState);

        // destroy runs under the same schedule, from its start.
        await emulator.control.clearRequests();
        await emulator.control.setFaults(plan(seed));
        await stack.destroy();
        await emulator.control.clearFaults();
        const destroyStats = requestStats(await takeRequests(emulator));
        const left = without(await remoteInventory(api), baseline);
        expect(left).to.deep.equal({
          keys: [],
          alerts: [],
          reversePrivateEndpoints: [],
          privateEndpoints: [],
        });
        expect(await stack.resources()).to.deep.equal([]);

        const total = addStats(upStats, destroyStats);
        expect(total.faults / total.requests, "share of requests with a fault").to.be.at.least(0.2);
        const byKind = Object.entries(total.faultsByKind)
          .map(([kind, count]) => `${kind}:${count}`)
          .join(" ");
        console.log(
          `      seed ${seed}: up ${upStats.requests} requests / ${upStats.faults} faults, destroy ` +
            `${destroyStats.requests} / ${destroyStats.faults}; 429s ${total.tooManyRequests}; ${byKind}; ` +
            `failed POSTs during up ${lostCreates}`,
        );
        reportCase({
          case: `faults, seed ${seed} (up + destroy)`,
          injected: `p=${probability} of ${kinds.join(",")}`,
          result: "up ok, state = emulator, destroy clean",
          requests: total.requests,
          tooManyRequests: total.tooManyRequests,
          faults: total.faults,
          objectsLeft: objectCount(left),
        });
      });
    });
  }
});
