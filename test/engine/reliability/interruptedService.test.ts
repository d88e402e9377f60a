import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { CliProject } from "./support/cliProject";
import { directApi, managementResult, type DirectApi } from "./support/directApi";
import { dedicatedEmulator } from "../../support/reliability/emulators";
import { followDocumentedRecovery, killedRun } from "./support/interruptedRuns";

interface ListedService {
  id: string;
  name: string;
  state: string;
}

const serviceName = "interrupted-service";

/**
 * `pulumi up` killed with SIGKILL while the service it created is still provisioning: the API made the service and
 * answered, the engine never recorded it. The README's recovery, as written, must end with that one service in the
 * state (taken over by the next create, not made twice), running, with a preview that shows no change, and the
 * orphans command must not list it.
 */
describe("interrupted run: pulumi up killed while a new service is provisioning", function () {
  this.timeout(600_000);
  let emulator: RunningEmulator;
  let api: DirectApi;
  let project: CliProject;

  before(async () => {
    emulator = await dedicatedEmulator();
    api = directApi(emulator.fixture);
    project = await CliProject.create("interrupted-service", emulator, [], {
      "clickhouse:throttle": "off",
      "observability:throttle": "off",
      "e2e:name": serviceName,
    });
  });

  after(async () => {
    project?.dispose();
    await emulator?.close();
  });

  async function servicesNamed(name: string): Promise<ListedService[]> {
    const listed = managementResult<ListedService[]>(await api.management.get(`${api.orgPath}/services`));
    return listed.filter((service) => service.name === name);
  }

  it("the README's recovery takes the provisioning service over: one service, recorded, running", async () => {
    // Provisioning lasts longer than the test waits, so the run is killed inside the provider's wait.
    await emulator.control.updateSettings({ awakeningDelayMs: 600_000 });
    const killed = await killedRun(
      { project, emulator, providerProcess: /dynamic-provider/ },
      "create",
      [],
      "the service's create",
      async () => (await servicesNamed(serviceName)).some((service) => service.state === "provisioning"),
    );
    expect(killed.resources).to.deep.equal([]);
    expect(killed.pendingOperations.map((op) => op.type)).to.deep.equal(["creating"]);
    const [made] = await servicesNamed(serviceName);

    // The service finishes provisioning while no run watches it; later transitions (its stop and delete) are quick.
    await emulator.control.setServiceState(made.id, "running");
    await emulator.control.updateSettings({ awakeningDelayMs: 200 });
    const orphans = await followDocumentedRecovery(project, (name) => name === serviceName);
    expect(orphans, "objects the recovery found untracked").to.deep.equal([]);

    const services = await servicesNamed(serviceName);
    expect(services.map((service) => service.id)).to.deep.equal([made.id]);
    expect(services[0].state).to.equal("running");
    const state = await project.state();
    expect(state.pendingOperations).to.deep.equal([]);
    expect(state.resources.map((resource) => resource.id)).to.deep.equal([made.id]);
    const preview = await project.attempt("pulumi preview --expect-no-changes");
    expect(preview.code, preview.stdout + preview.stderr).to.equal(0);

    await project.run("pulumi destroy --yes");
    expect(await servicesNamed(serviceName)).to.deep.equal([]);
  });
});
