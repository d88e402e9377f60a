import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { LocalStack } from "../../../scripts/lib/localStack";
import { directApi, type DirectApi } from "./support/directApi";
import {
  addStats,
  dedicatedEmulator,
  requestStats,
  stackConfigFor,
  takeRequests,
} from "../../support/reliability/emulators";
import { objectCount, remoteInventory, stateInventory, without, type Inventory } from "./support/inventory";
import { reportCase } from "../../support/reliability/report";
import { testProgram } from "../../support/programs";

const { projectDir, programModule } = testProgram("reliability", "concurrency");
/** 4 ReplicaScaling (one per fixture service), 4 keys, 4 private endpoints, 2 reverse private endpoints. */
const managementResources = 14;
const alertCount = 26;

describe("concurrency: 40 resources, --parallel 16, the real rate limits", function () {
  this.timeout(300_000);
  let emulator: RunningEmulator;
  let api: DirectApi;
  let stack: LocalStack;
  let baseline: Inventory;

  before(async () => {
    // The APIs' published limits, enforced by the emulator; the provider's throttle is left at its default.
    emulator = await dedicatedEmulator({ rateLimits: true });
    api = directApi(emulator.fixture);
    baseline = await inventoryOffBudget();
    const { fixture } = emulator;
    const targets = {
      services: fixture.services,
      dashboardId: fixture.dashboards[0].id,
      tileIds: fixture.dashboards[0].tileIds,
      savedSearchId: fixture.savedSearches[0].id,
      webhookId: fixture.webhooks[0].id,
    };
    stack = await LocalStack.create({
      projectDir,
      programModule,
      config: {
        ...stackConfigFor(emulator, "default"),
        "e2e:targets": { value: JSON.stringify(targets) },
        "e2e:alertCount": { value: String(alertCount) },
      },
    });
    await emulator.control.clearRequests();
  });

  after(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  /** The test's own reads, with the limits off meanwhile so that they use none of the stack's budget. */
  async function inventoryOffBudget(): Promise<Inventory> {
    await emulator.control.updateSettings({ rateLimits: false });
    try {
      return await remoteInventory(api);
    } finally {
      await emulator.control.updateSettings({ rateLimits: true });
    }
  }

  it("up succeeds with every resource in state and in the emulator; destroy leaves nothing", async () => {
    const outputs = await stack.up({ parallel: 16 });
    const upStats = requestStats(await takeRequests(emulator));
    expect(outputs.resourceCount.value).to.equal(40);
    expect(outputs.endpointStatuses.value).to.deep.equal(["Ready", "Ready"]);
    const resources = await stack.resources();
    expect(resources).to.have.length(managementResources + alertCount);
    const inventory = without(await inventoryOffBudget(), baseline);
    expect(inventory).to.deep.equal(stateInventory(resources));
    await takeRequests(emulator);

    await stack.destroy();
    const destroyStats = requestStats(await takeRequests(emulator));
    const left = without(await inventoryOffBudget(), baseline);
    expect(objectCount(left)).to.equal(0);

    const total = addStats(upStats, destroyStats);
    console.log(
      `      up: ${upStats.requests} requests, ${upStats.tooManyRequests} answered 429; destroy: ` +
        `${destroyStats.requests} requests, ${destroyStats.tooManyRequests} answered 429`,
    );
    reportCase({
      case: "concurrency: 40 resources, --parallel 16",
      injected: "real rate limits (10/10 s mgmt, 100/min obs)",
      result: "up and destroy ok; state = emulator",
      requests: total.requests,
      tooManyRequests: total.tooManyRequests,
      faults: total.faults,
      objectsLeft: objectCount(left),
    });
  });
});
