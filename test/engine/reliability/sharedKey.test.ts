import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { LocalStack } from "../../../scripts/lib/localStack";
import { directApi, type DirectApi } from "./support/directApi";
import {
  dedicatedEmulator,
  requestStats,
  stackConfigFor,
  takeRequests,
} from "../../support/reliability/emulators";
import { remoteInventory, stateInventory, without, type Inventory } from "./support/inventory";
import { reportCase } from "../../support/reliability/report";
import { inventoryOffBudget, sharedKeyProgram, sharedKeyWindowMs as windowMs } from "./support/sharedKey";

const { projectDir, programModule } = sharedKeyProgram;
const keysPerPipeline = 20;

/**
 * Parallel pipelines: several `pulumi up` of different stacks at once, all with the same API key, so all of them
 * draw on one rate-limit budget, which their provider processes share through files under the OS temp dir.
 */
describe("parallel pipelines sharing one API key (10 requests per window per key)", function () {
  this.timeout(600_000);
  let emulator: RunningEmulator;
  let api: DirectApi;
  let baseline: Inventory;

  before(async () => {
    emulator = await dedicatedEmulator({ rateLimits: true, managementRateWindowMs: windowMs });
    api = directApi(emulator.fixture);
    baseline = await inventoryOffBudget(emulator, api);
  });

  after(async () => {
    await emulator?.close();
  });

  for (const pipelines of [2, 4]) {
    it(`${pipelines} ups at once with ${keysPerPipeline} keys each: none fails, every key made once`, async () => {
      const stacks = await Promise.all(
        Array.from({ length: pipelines }, (_, index) =>
          LocalStack.create({
            projectDir,
            programModule,
            stackName: `shared-key-${process.pid}-${pipelines}-${index}`,
            config: {
              ...stackConfigFor(emulator, "default"),
              "clickhouse:throttle": { value: `10/${windowMs / 1000}s` },
              "e2e:pipeline": { value: `pipeline-${pipelines}-${index}` },
              "e2e:keyCount": { value: String(keysPerPipeline) },
            },
          }),
        ),
      );
      try {
        await emulator.control.reset();
        baseline = await inventoryOffBudget(emulator, api);
        await emulator.control.clearRequests();
        await Promise.all(stacks.map((stack) => stack.up()));
        const entries = await takeRequests(emulator);
        const stats = requestStats(entries);

        const resources = (await Promise.all(stacks.map((stack) => stack.resources()))).flat();
        expect(resources).to.have.length(pipelines * keysPerPipeline);
        expect(without(await inventoryOffBudget(emulator, api), baseline)).to.deep.equal(
          stateInventory(resources),
        );
        // The processes share the key's budget, so together they kept to the limit: no request was answered 429
        // (each on its own, they meet dozens).
        // One POST and one rename per key; a pipeline's creates that wait together share one listing of the keys.
        const answered = entries.filter((entry) => entry.status !== 429);
        const sent = (method: string) => answered.filter((entry) => entry.method === method).length;
        expect(sent("POST"), "creates").to.equal(pipelines * keysPerPipeline);
        expect(sent("PATCH"), "renames").to.equal(pipelines * keysPerPipeline);
        expect(sent("GET"), "listings").to.be.within(pipelines, pipelines * keysPerPipeline);
        expect(answered).to.have.length(sent("POST") + sent("PATCH") + sent("GET"));
        expect(stats.tooManyRequests, "requests answered 429").to.equal(0);
        console.log(
          `      ${pipelines} pipelines: ${stats.requests} requests, ${stats.tooManyRequests} answered 429`,
        );

        await emulator.control.updateSettings({ rateLimits: false });
        await Promise.all(stacks.map((stack) => stack.destroy()));
        expect(without(await remoteInventory(api), baseline).keys).to.deep.equal([]);
        reportCase({
          case: `shared key: ${pipelines} parallel ups`,
          injected: `real limit shape, ${windowMs / 1000} s window, ${pipelines}×${keysPerPipeline} keys`,
          result: "all up; every key once",
          requests: stats.requests,
          tooManyRequests: stats.tooManyRequests,
          faults: stats.faults,
          objectsLeft: 0,
        });
      } finally {
        await emulator.control.updateSettings({ rateLimits: true });
        await Promise.all(stacks.map((stack) => stack.dispose()));
      }
    });
  }
});
