import axios, { type AxiosInstance } from "axios";
import { expect } from "chai";
import type { ReplicaScalingUpdateRequest, ServiceObject } from "../../../provider/rest";
import { LocalStack } from "../../../scripts/lib/localStack";
import { emulatorStackConfig, forEachDialect, sharedEmulator } from "../../support/emulator";
import { testProgram } from "../../support/programs";

const { projectDir, programModule } = testProgram("e2e", "replica-scaling");

forEachDialect((dialect) =>
  describe(`ReplicaScaling through the real engine (${dialect} wire)`, function () {
    this.timeout(300_000);
    let stack: LocalStack;
    let serviceId: string;
    let api: AxiosInstance;
    let initial: ServiceObject;

    before(async () => {
      const { fixture } = await sharedEmulator(dialect);
      // The secondary service may have a single replica; other tests sharing the emulator get it back as it was.
      serviceId = fixture.services.secondary;
      api = axios.create({
        baseURL: `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}/services/${serviceId}`,
        auth: { username: fixture.tokenKey, password: fixture.tokenSecret },
      });
      initial = await getService();
      stack = await LocalStack.create({
        projectDir,
        programModule,
        config: {
          ...(await emulatorStackConfig(dialect)),
          "e2e:serviceId": { value: serviceId },
          "e2e:numReplicas": { value: "2" },
          "e2e:idleTimeoutMinutes": { value: "20" },
        },
      });
    });

    after(async () => {
      await stack?.dispose();
      if (initial) {
        const { numReplicas, idleScaling, idleTimeoutMinutes } = initial;
        await patchScaling({
          numReplicas: numReplicas ?? undefined,
          idleScaling: idleScaling ?? undefined,
          idleTimeoutMinutes: idleTimeoutMinutes ?? undefined,
        });
      }
    });

    it("up applies the managed settings only, and the outputs are the service's scaling settings", async () => {
      const outputs = await stack.up();
      expect(outputs.resourceId.value).to.equal(serviceId);
      expect(outputs.serviceId.value).to.equal(serviceId);
      expect(outputs.name.value).to.equal("analytics-reporting");
      expect(outputs.numReplicas.value).to.equal(2);
      expect(outputs.idleTimeoutMinutes.value).to.equal(20);
      expect(outputs.managedFields.value).to.deep.equal(["numReplicas", "idleTimeoutMinutes"]);
      const remote = await getService();
      expect(remote).to.include({ numReplicas: 2, idleTimeoutMinutes: 20, idleScaling: initial.idleScaling });
      expect(outputs.maxTotalMemoryGb.value).to.equal(remote.maxTotalMemoryGb);
    });

    it("preview shows no changes", async () => {
      expect(await stack.preview()).to.deep.equal({ same: 2 });
    });

    it("a changed setting updates in place", async () => {
      await stack.stack.setConfig("e2e:numReplicas", { value: "4" });
      expect(await stack.preview()).to.deep.equal({ same: 1, update: 1 });
      const outputs = await stack.up();
      expect(outputs.numReplicas.value).to.equal(4);
      expect(await getService()).to.include({ numReplicas: 4, idleTimeoutMinutes: 20 });
    });

    it("refresh reports drift in a managed setting, and up restores it but not an unmanaged one", async () => {
      await patchScaling({ numReplicas: 6, idleScaling: !initial.idleScaling });
      expect(await stack.refresh()).to.deep.equal({ same: 1, update: 1 });
      const [refreshed] = await stack.resources();
      expect(refreshed.outputs).to.include({ numReplicas: 6, idleScaling: !initial.idleScaling });
      expect(refreshed.inputs).to.include({ numReplicas: 6 });
      expect(refreshed.inputs).to.not.have.property("idleScaling");

      const outputs = await stack.up();
      expect(outputs.numReplicas.value).to.equal(4);
      expect(await getService()).to.include({ numReplicas: 4, idleScaling: !initial.idleScaling });
    });

    it("another serviceId replaces it: the new service gets the settings, the old one keeps its own", async () => {
      const { fixture } = await sharedEmulator(dialect);
      const trialApi = axios.create({
        baseURL: `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}/services/${fixture.services.trial}`,
        auth: { username: fixture.tokenKey, password: fixture.tokenSecret },
      });
      const trialBefore: ServiceObject = (await trialApi.get("")).data.result;
      try {
        await stack.stack.setConfig("e2e:serviceId", { value: fixture.services.trial });
        expect(await stack.preview()).to.deep.equal({ same: 1, replace: 1 });
        const outputs = await stack.up();
        expect(outputs.serviceId.value).to.equal(fixture.services.trial);
        expect((await trialApi.get("")).data.result).to.include({ numReplicas: 4, idleTimeoutMinutes: 20 });
        // Deleting the old resource sends nothing: the first service keeps the settings it had.
        expect(await getService()).to.include({ numReplicas: 4, idleTimeoutMinutes: 20 });
      } finally {
        await stack.stack.setConfig("e2e:serviceId", { value: serviceId });
        await stack.up();
        const { numReplicas, idleScaling, idleTimeoutMinutes } = trialBefore;
        await trialApi.patch("/replicaScaling", { numReplicas, idleScaling, idleTimeoutMinutes });
      }
    });

    it("destroy drops the resource and leaves the service's settings as they are", async () => {
      await stack.destroy();
      expect(stack.logs.at(-1)?.stdout).to.match(/scaling settings are left as they are; nothing is sent/);
      expect(await stack.resources()).to.deep.equal([]);
      expect(await getService()).to.include({ numReplicas: 4, idleTimeoutMinutes: 20 });
    });

    async function getService(): Promise<ServiceObject> {
      return (await api.get("")).data.result;
    }

    async function patchScaling(request: ReplicaScalingUpdateRequest): Promise<void> {
      await api.patch("/replicaScaling", request);
    }
  }),
);
