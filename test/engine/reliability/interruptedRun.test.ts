import { expect } from "chai";
import type { RunningEmulator, ScriptedFault } from "../../../emulator";
import { CliProject, type CliState } from "./support/cliProject";
import {
  directApi,
  managementResult,
  reversePrivateEndpointsPath,
  type DirectApi,
} from "./support/directApi";
import { dedicatedEmulator } from "../../support/reliability/emulators";
import { followDocumentedRecovery, held, heldCreates, killedRun, routes } from "./support/interruptedRuns";
import { objectCount, remoteInventory, stateInventory, without, type Inventory } from "./support/inventory";
import { reportCase } from "../../support/reliability/report";

/**
 * `pulumi up` killed with SIGKILL (the CLI, its engine, the language host and the provider processes at once) while
 * the API's reply is held back: the API has made, changed or deleted the object, the engine has not recorded it.
 * Then the README's recovery, as written; every resource must end with exactly one object, no object may be left
 * that the state does not track, and a preview afterwards must show no changes.
 */
describe("interrupted run: pulumi up killed while the API's replies are on their way", function () {
  this.timeout(600_000);
  let emulator: RunningEmulator;
  let api: DirectApi;
  let project: CliProject;
  let baseline: Inventory;
  let serviceId: string;

  before(async () => {
    emulator = await dedicatedEmulator();
    api = directApi(emulator.fixture);
    serviceId = emulator.fixture.services.production;
    baseline = await remoteInventory(api);
    project = await CliProject.create(
      "interrupted",
      emulator,
      [
        "e2e:serviceId=services.production",
        "e2e:dashboardId=dashboards.0.id",
        "e2e:tileId=dashboards.0.tileIds.0",
        "e2e:webhookId=webhooks.0.id",
      ],
      { "clickhouse:throttle": "off", "observability:throttle": "off" },
    );
  });

  after(async () => {
    project?.dispose();
    await emulator?.close();
  });

  async function numReplicas(): Promise<number> {
    const service = managementResult<{ numReplicas: number }>(
      await api.management.get(`${api.orgPath}/services/${serviceId}`),
    );
    return service.numReplicas;
  }

  async function alertThresholds(): Promise<number[]> {
    const response = await api.observability.get("/api/v2/alerts");
    return (response.data as { data: { name: string; threshold: number }[] }).data
      .filter((alert) => alert.name === "interrupted run")
      .map((alert) => alert.threshold);
  }

  const killedUp = (step: string, holds: ScriptedFault[], what: string, reached: () => Promise<boolean>) =>
    killedRun({ project, emulator, providerProcess: /dynamic-provider/ }, step, holds, what, reached);

  const recover = () => followDocumentedRecovery(project, (name) => name.startsWith("interrupted"));

  /** The emulator's log of POSTs and DELETEs, oldest first: which run made or deleted what, when a check fails. */
  async function writeRequests(): Promise<string> {
    return (await emulator.control.requests())
      .filter((entry) => entry.method === "POST" || entry.method === "DELETE")
      .sort((a, b) => a.startedAt.localeCompare(b.startedAt))
      .map((entry) => `${entry.startedAt} ${entry.method} ${entry.path} ${entry.status} ${entry.fault ?? ""}`)
      .join("\n");
  }

  /** One object per resource, all tracked, none pending, and a preview that would change nothing. */
  async function expectConverged(expectedReplicas: number): Promise<CliState> {
    const state = await project.state();
    expect(state.pendingOperations).to.deep.equal([]);
    expect(
      without(await remoteInventory(api), baseline),
      `objects in the API vs the state; the API's requests that make or delete objects:\n${await writeRequests()}`,
    ).to.deep.equal(stateInventory(state.resources));
    expect(await numReplicas()).to.equal(expectedReplicas);
    const preview = await project.attempt("pulumi preview --expect-no-changes");
    expect(preview.code, preview.stdout + preview.stderr).to.equal(0);
    return state;
  }

  function kindsIn(state: CliState): string[] {
    return state.resources.map((resource) => resource.type.split(":").pop()!).sort();
  }

  function report(name: string, injected: string, result: string, objectsLeft: number): void {
    reportCase({
      case: `interrupted run: ${name}`,
      injected,
      result,
      requests: 0,
      tooManyRequests: 0,
      faults: 0,
      objectsLeft,
    });
  }

  it("creates of all five kinds: made by the API, not recorded; the up deletes the key, the recovery the endpoint and alert", async () => {
    const killed = await killedUp("create", heldCreates(), "the five creates", async () => {
      const made = without(await remoteInventory(api), baseline);
      return objectCount(made) === 4 && (await numReplicas()) === 5;
    });
    // What the killed run left: five pending creates and nothing recorded, while the API has every object.
    expect(killed.resources).to.deep.equal([]);
    expect(
      killed.pendingOperations.map((op) => `${op.type} ${op.resource.type.split(":").pop()}`).sort(),
    ).to.deep.equal([
      "creating Alert",
      "creating ApiKey",
      "creating PrivateEndpoint",
      "creating ReplicaScaling",
      "creating ReversePrivateEndpoint",
    ]);
    const madeByKilledRun = without(await remoteInventory(api), baseline);

    // The key is still under the name its create gave it until the reply is in: the run was killed before that.
    expect(madeByKilledRun.keys).to.have.length(1);
    expect(madeByKilledRun.keys[0]).to.match(/ interrupted-run ~creating-[0-9a-f]{12}/);

    const deleted = await recover();
    // The recovery's up (refresh and up, before `orphans`) made the key again and deleted the one under this
    // resource's marked name first, so `orphans` no longer lists it: only what has no such marker is left to it.
    expect(deleted.map((orphan) => `${orphan.kind} ${orphan.name}`).sort()).to.deep.equal([
      "Alert interrupted run",
      "ReversePrivateEndpoint interrupted run",
    ]);
    expect(deleted.map((orphan) => orphan.id).sort()).to.deep.equal(
      [madeByKilledRun.alerts, madeByKilledRun.reversePrivateEndpoints]
        .flat()
        .map((line) => line.split(" ")[0])
        .sort(),
    );
    const state = await expectConverged(5);
    expect(kindsIn(state)).to.deep.equal([
      "Alert",
      "ApiKey",
      "PrivateEndpoint",
      "ReplicaScaling",
      "ReversePrivateEndpoint",
    ]);
    report(
      "create ×5 kinds",
      "slowAfterProcessing on the 5 creates, SIGKILL",
      "the key deleted by the up, 2 orphans by the recovery; converged",
      0,
    );
  });

  it("an update: the API changed the alert and the scaling, the state did not; the refresh reads them back", async () => {
    const killed = await killedUp(
      "update",
      held(routes.updateAlert, routes.scale),
      "the two updates",
      async () => (await numReplicas()) === 6 && (await alertThresholds()).join() === "20",
    );
    const alert = killed.resources.find((resource) => resource.type.endsWith(":Alert"));
    expect(alert?.outputs?.threshold).to.equal(10);
    expect(killed.pendingOperations.map((op) => op.type)).to.deep.equal(["updating", "updating"]);

    expect(await recover()).to.deep.equal([]);
    const state = await expectConverged(6);
    expect(state.resources.find((resource) => resource.type.endsWith(":Alert"))?.outputs?.threshold).to.equal(
      20,
    );
    report(
      "update",
      "slowAfterProcessing on the alert's PUT and the scaling's PATCH, SIGKILL",
      "converged",
      0,
    );
  });

  it("a replace: the API made the new endpoint, the state knows only the old one; the recovery deletes the new one the run made", async () => {
    const before = await project.state();
    const oldEndpoint = before.resources.find((resource) =>
      resource.type.endsWith(":ReversePrivateEndpoint"),
    )!;
    const listPath = reversePrivateEndpointsPath(api, serviceId);
    const killed = await killedUp(
      "replace",
      held(routes.createEndpoint),
      "the replacement's create",
      async () => {
        const listed = managementResult<{ id: string }[]>(await api.management.get(listPath));
        return listed.length === 2;
      },
    );
    expect(
      killed.resources.find((resource) => resource.type.endsWith(":ReversePrivateEndpoint"))?.id,
    ).to.equal(oldEndpoint.id);
    expect(killed.pendingOperations.map((op) => op.type)).to.deep.equal(["creating"]);

    const deleted = await recover();
    expect(deleted.map((orphan) => `${orphan.kind} ${orphan.name}`)).to.deep.equal([
      "ReversePrivateEndpoint interrupted run, replaced",
    ]);
    const state = await expectConverged(6);
    const replacement = state.resources.find((resource) =>
      resource.type.endsWith(":ReversePrivateEndpoint"),
    )!;
    expect(replacement.id).to.not.equal(oldEndpoint.id);
    expect(replacement.id).to.not.equal(deleted[0].id);
    expect(replacement.outputs?.description).to.equal("interrupted run, replaced");
    report(
      "replace",
      "slowAfterProcessing on the replacement's POST, SIGKILL",
      "1 orphan deleted; converged",
      0,
    );
  });

  it("a delete: the API deleted the key and the alert, the state still has them; the refresh drops them", async () => {
    const killed = await killedUp(
      "delete",
      held(routes.deleteKey, routes.deleteAlert),
      "the two deletes",
      async () => {
        const made = without(await remoteInventory(api), baseline);
        return made.keys.length === 0 && made.alerts.length === 0;
      },
    );
    expect(kindsIn(killed)).to.include.members(["Alert", "ApiKey"]);
    expect(killed.pendingOperations.map((op) => op.type)).to.deep.equal(["deleting", "deleting"]);

    expect(await recover()).to.deep.equal([]);
    const state = await expectConverged(6);
    expect(kindsIn(state)).to.deep.equal(["PrivateEndpoint", "ReplicaScaling", "ReversePrivateEndpoint"]);

    await project.run("pulumi destroy --yes");
    const left = without(await remoteInventory(api), baseline);
    expect(objectCount(left)).to.equal(0);
    report(
      "delete",
      "slowAfterProcessing on the key's and the alert's DELETE, SIGKILL",
      "converged; destroy left nothing",
      0,
    );
  });
});
