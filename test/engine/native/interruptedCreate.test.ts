import * as path from "node:path";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { CliProject, type CliState } from "../reliability/support/cliProject";
import { directApi, managementResult, type DirectApi } from "../reliability/support/directApi";
import { dedicatedEmulator } from "../../support/reliability/emulators";
import { followDocumentedRecovery, heldCreates, killedRun } from "../reliability/support/interruptedRuns";
import {
  objectCount,
  remoteInventory,
  stateInventory,
  without,
  type Inventory,
} from "../reliability/support/inventory";

const programModule = path.join(__dirname, "programs", "all-kinds", "index.js");
const endpointId = "vpce-0nativeinterrupt01";

/** The program's config that is not in the emulator's fixture. */
const startTime = Date.UTC(2025, 2, 3);
const programConfig = {
  "clickhouse-cloud:throttle": "off",
  "clickhouse-cloud:observabilityThrottle": "off",
  "e2e:keyName": "native-interrupted-key",
  "e2e:alertName": "native-interrupted alert",
  "e2e:threshold": "7",
  "e2e:endpointId": endpointId,
  "e2e:endpointDescription": "native-interrupted attachment",
  "e2e:reverseDescription": "native-interrupted reverse endpoint",
  "e2e:numReplicas": "4",
  "e2e:startTime": String(startTime),
  "e2e:endTime": String(startTime + 86_400_000),
};

/** The program's config that is: `<key>=<path in the fixture>`. */
const fixtureConfig = [
  "e2e:dashboardId=dashboards.0.id",
  "e2e:tileId=dashboards.0.tileIds.0",
  "e2e:webhookId=webhooks.0.id",
  "e2e:endpointServiceId=services.development",
  "e2e:reverseServiceId=services.production",
  "e2e:scalingServiceId=services.secondary",
  "e2e:sourceId=sources.0.id",
];

/**
 * The native plugin's resources after `pulumi up` is killed (SIGKILL: CLI, engine, language host and plugin) while
 * the API's replies to the five creates are on their way. `pulumi refresh --import-pending-creates <urn> <id>` is
 * what the engine offers for this; the Pulumi CLI 3.248 takes the pairs but never reads the objects, and drops the
 * pending creates from the state. The README says so and gives the recovery that works, which this test follows
 * as written: it must end with one object per resource, none untracked.
 */
describe("native plugin: pulumi up killed while the API's replies to creates are on their way", function () {
  this.timeout(600_000);
  let emulator: RunningEmulator;
  let api: DirectApi;
  let project: CliProject;
  let baseline: Inventory;

  before(async () => {
    emulator = await dedicatedEmulator();
    api = directApi(emulator.fixture);
    baseline = await remoteInventory(api);
    project = await CliProject.createNative(
      "native-interrupted",
      programModule,
      emulator,
      fixtureConfig,
      programConfig,
    );
  });

  after(async () => {
    project?.dispose();
    await emulator?.close();
  });

  async function numReplicas(): Promise<number> {
    const service = managementResult<{ numReplicas: number }>(
      await api.management.get(`${api.orgPath}/services/${emulator.fixture.services.secondary}`),
    );
    return service.numReplicas;
  }

  it("creates of all five kinds: import-pending-creates drops them; the README's recovery converges", async () => {
    const killed: CliState = await killedRun(
      { project, emulator, providerProcess: /pulumi-resource-clickhouse-cloud/ },
      "create",
      heldCreates(),
      "the five creates",
      async () =>
        objectCount(without(await remoteInventory(api), baseline)) === 4 && (await numReplicas()) === 4,
    );
    expect(killed.resources).to.deep.equal([]);
    const pending = new Map(killed.pendingOperations.map((op) => [op.resource.type.split(":").pop()!, op]));
    expect([...pending.keys()].sort()).to.deep.equal([
      "Alert",
      "ApiKey",
      "PrivateEndpoint",
      "ReplicaScaling",
      "ReversePrivateEndpoint",
    ]);
    expect([...pending.values()].map((op) => op.type)).to.deep.equal(Array(5).fill("creating"));

    // The ids of what the killed run made, as a user finds them (the orphans command lists the first three).
    const made = without(await remoteInventory(api), baseline);
    const idOf = (lines: string[]) => lines[0].split(" ")[0];
    const ids: Record<string, string> = {
      ApiKey: idOf(made.keys),
      Alert: idOf(made.alerts),
      ReversePrivateEndpoint: idOf(made.reversePrivateEndpoints),
      PrivateEndpoint: `${emulator.fixture.services.development}/${endpointId}`,
      ReplicaScaling: emulator.fixture.services.secondary,
    };
    // The flag takes one value per use: a URN, then its id.
    const pairs = Object.entries(ids)
      .flatMap(([kind, id]) => [pending.get(kind)!.resource.urn, id])
      .map((value) => `--import-pending-creates '${value}'`)
      .join(" ");
    await project.run("pulumi cancel --yes");
    const refresh = await project.run(`pulumi refresh --yes ${pairs}`);
    expect(refresh.stderr + refresh.stdout).to.not.match(/did not correspond to a pending create/);
    const afterImport = await project.state();
    // What Pulumi 3.248 does with the pairs: nothing is recorded and the pending creates are gone. Should a later
    // CLI import them, this fails, and the README's advice is to be revised.
    expect(afterImport.resources, "resources recorded by --import-pending-creates").to.deep.equal([]);
    expect(afterImport.pendingOperations).to.deep.equal([]);

    // The key is still under the name its create gave it until the reply is in: the run was killed before that.
    expect(made.keys[0]).to.match(/ native-interrupted-key ~creating-[0-9a-f]{12}/);
    const deleted = await followDocumentedRecovery(project, (name) => name.startsWith("native-interrupted"));
    // The recovery's up made the key again from the same URN and deleted the one under its marked name first, so
    // `orphans` no longer lists it.
    expect(deleted.map((orphan) => `${orphan.kind} ${orphan.name}`).sort()).to.deep.equal([
      "Alert native-interrupted alert",
      "ReversePrivateEndpoint native-interrupted reverse endpoint",
    ]);
    expect(deleted.map((orphan) => orphan.id).sort()).to.deep.equal(
      [ids.Alert, ids.ReversePrivateEndpoint].sort(),
    );
    expect(without(await remoteInventory(api), baseline).keys.join("\n")).to.not.include(ids.ApiKey);
    const state = await project.state();
    expect(state.pendingOperations).to.deep.equal([]);
    expect(without(await remoteInventory(api), baseline)).to.deep.equal(stateInventory(state.resources));
    expect(objectCount(stateInventory(state.resources))).to.equal(4);
    expect(await numReplicas()).to.equal(4);
    const preview = await project.attempt("pulumi preview --expect-no-changes");
    expect(preview.code, preview.stdout + preview.stderr).to.equal(0);

    await project.run("pulumi destroy --yes");
    expect(objectCount(without(await remoteInventory(api), baseline))).to.equal(0);
  });
});
