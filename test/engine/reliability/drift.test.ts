import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { LocalStack, type StateResource } from "../../../scripts/lib/localStack";
import {
  deleteReversePrivateEndpoint,
  directApi,
  managementResult,
  observabilityData,
  type DirectApi,
} from "./support/directApi";
import {
  dedicatedEmulator,
  requestStats,
  stackConfigFor,
  takeRequests,
} from "../../support/reliability/emulators";
import { objectCount, remoteInventory, stateInventory, without, type Inventory } from "./support/inventory";
import { reportCase } from "../../support/reliability/report";
import { testProgram } from "../../support/programs";

const { projectDir, programModule } = testProgram("reliability", "drift");

interface RemoteAlert {
  id: string;
  name: string;
  threshold: number;
  interval: string;
  source: string;
  thresholdType: string;
  channel: { type: string; webhookId: string };
  dashboard: string;
  tileId: string;
}

describe("drift: changes and deletions made outside Pulumi", function () {
  this.timeout(180_000);
  let emulator: RunningEmulator;
  let api: DirectApi;
  let stack: LocalStack;
  let baseline: Inventory;

  before(async () => {
    emulator = await dedicatedEmulator();
    api = directApi(emulator.fixture);
    baseline = await remoteInventory(api);
    const { fixture } = emulator;
    const dashboard = fixture.dashboards[0];
    stack = await LocalStack.create({
      projectDir,
      programModule,
      config: {
        ...stackConfigFor(emulator),
        "e2e:serviceId": { value: fixture.services.production },
        "e2e:dashboardId": { value: dashboard.id },
        "e2e:tileId": { value: dashboard.tileIds[0] },
        "e2e:webhookId": { value: fixture.webhooks[0].id },
      },
    });
  });

  after(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  const servicePath = () => `${api.orgPath}/services/${emulator.fixture.services.production}`;
  const keyPath = (id: string) => `${api.orgPath}/keys/${id}`;
  const alertPath = (id: string) => `/api/v2/alerts/${id}`;

  async function remoteSettings(keyId: string, alertId: string) {
    const service = managementResult<{ numReplicas: number }>(await api.management.get(servicePath()));
    const key = managementResult<{ state: string }>(await api.management.get(keyPath(keyId)));
    const alert = observabilityData<RemoteAlert>(await api.observability.get(alertPath(alertId)));
    return { numReplicas: service.numReplicas, keyState: key.state, threshold: alert.threshold };
  }

  function byKind(resources: StateResource[], kind: string): StateResource | undefined {
    return resources.find((resource) => resource.type.endsWith(`:${kind}`));
  }

  it("refresh reports each change and drops the deleted object; up restores and recreates them", async () => {
    const first = await stack.up();
    const keyId = String(first.keyId.value);
    const alertId = String(first.alertId.value);
    const deletedEndpointId = String(first.endpointId.value);
    expect(await remoteSettings(keyId, alertId)).to.deep.equal({
      numReplicas: 3,
      keyState: "enabled",
      threshold: 100,
    });
    await emulator.control.clearRequests();

    // A colleague scales the service, disables the key, raises the threshold and deletes the endpoint.
    managementResult(await api.management.patch(`${servicePath()}/replicaScaling`, { numReplicas: 5 }));
    managementResult(await api.management.patch(keyPath(keyId), { state: "disabled" }));
    const alert = observabilityData<RemoteAlert>(await api.observability.get(alertPath(alertId)));
    const { name, interval, source, thresholdType, channel, tileId } = alert;
    const replaced = { name, interval, source, thresholdType, channel, tileId, dashboardId: alert.dashboard };
    observabilityData(await api.observability.put(alertPath(alertId), { ...replaced, threshold: 250 }));
    await deleteReversePrivateEndpoint(api, emulator.fixture.services.production, deletedEndpointId);

    const refreshed = await stack.refresh();
    expect(refreshed).to.include({ update: 3, delete: 1 });
    const afterRefresh = await stack.resources();
    expect(byKind(afterRefresh, "ReplicaScaling")?.outputs?.numReplicas).to.equal(5);
    expect(byKind(afterRefresh, "ApiKey")?.outputs?.state).to.equal("disabled");
    expect(byKind(afterRefresh, "Alert")?.outputs?.threshold).to.equal(250);
    expect(byKind(afterRefresh, "ReversePrivateEndpoint")).to.equal(undefined);
    expect(await stack.preview()).to.deep.equal({ same: 1, update: 3, create: 1 });

    const restored = await stack.up();
    expect(await remoteSettings(keyId, alertId)).to.deep.equal({
      numReplicas: 3,
      keyState: "enabled",
      threshold: 100,
    });
    expect(restored.endpointId.value).to.not.equal(deletedEndpointId);
    expect(without(await remoteInventory(api), baseline)).to.deep.equal(
      stateInventory(await stack.resources()),
    );
    expect(await stack.preview()).to.deep.equal({ same: 5 });

    await stack.destroy();
    const stats = requestStats(await takeRequests(emulator));
    const left = without(await remoteInventory(api), baseline);
    expect(objectCount(left)).to.equal(0);
    reportCase({
      case: "drift (refresh + up)",
      injected: "numReplicas 3->5, key disabled, threshold 100->250, endpoint deleted",
      result: "refresh: 3 updates, 1 delete; up restored all",
      requests: stats.requests,
      tooManyRequests: stats.tooManyRequests,
      faults: stats.faults,
      objectsLeft: objectCount(left),
    });
  });
});
