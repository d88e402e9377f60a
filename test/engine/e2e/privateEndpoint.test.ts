import { randomBytes } from "node:crypto";
import axios, { type AxiosInstance } from "axios";
import { expect } from "chai";
import type { Organization, ServiceObject } from "../../../provider/rest";
import { LocalStack } from "../../../scripts/lib/localStack";
import { emulatorStackConfig, forEachDialect, sharedEmulator } from "../../support/emulator";
import { testProgram } from "../../support/programs";

const { projectDir, programModule } = testProgram("e2e", "private-endpoint");

forEachDialect((dialect) =>
  describe(`PrivateEndpoint through the real engine (${dialect} wire)`, function () {
    this.timeout(300_000);
    let stack: LocalStack;
    let serviceId: string;
    let api: AxiosInstance;
    // Registrations with the organization outlive the stack: a fresh id keeps runs apart.
    let endpointId = `vpce-${randomBytes(8).toString("hex")}`;
    let resourceId: string;

    before(async () => {
      const { fixture } = await sharedEmulator(dialect);
      // No other test attaches endpoints to the development service.
      serviceId = fixture.services.development;
      resourceId = `${serviceId}/${endpointId}`;
      api = axios.create({
        baseURL: `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}`,
        auth: { username: fixture.tokenKey, password: fixture.tokenSecret },
      });
      stack = await LocalStack.create({
        projectDir,
        programModule,
        config: {
          ...(await emulatorStackConfig(dialect)),
          "e2e:serviceId": { value: serviceId },
          "e2e:endpointId": { value: endpointId },
          "e2e:description": { value: "first" },
        },
      });
    });

    after(async () => {
      await stack?.dispose();
    });

    it("up registers the endpoint and attaches it to the service", async () => {
      const outputs = await stack.up();
      expect(outputs.resourceId.value).to.equal(resourceId);
      expect(outputs.endpointId.value).to.equal(endpointId);
      expect(outputs.serviceId.value).to.equal(serviceId);
      expect(outputs.description.value).to.equal("first");
      expect(outputs.cloudProvider.value).to.equal("aws");
      expect(outputs.region.value).to.equal("us-east-1");
      expect(await attachedIds()).to.include(endpointId);
      expect(await registration()).to.include({ description: "first" });
    });

    it("preview shows no changes", async () => {
      expect(await stack.preview()).to.deep.equal({ same: 2 });
    });

    it("a description change updates in place", async () => {
      await stack.stack.setConfig("e2e:description", { value: "second" });
      expect(await stack.preview()).to.deep.equal({ same: 1, update: 1 });
      const outputs = await stack.up();
      expect(outputs.resourceId.value).to.equal(resourceId);
      expect(outputs.description.value).to.equal("second");
      expect(await registration()).to.include({ description: "second" });
    });

    it("an endpointId change replaces it: the new endpoint attached, the old one detached", async () => {
      const oldEndpointId = endpointId;
      endpointId = `vpce-${randomBytes(8).toString("hex")}`;
      resourceId = `${serviceId}/${endpointId}`;
      await stack.stack.setConfig("e2e:endpointId", { value: endpointId });
      expect(await stack.preview()).to.deep.equal({ same: 1, replace: 1 });
      const outputs = await stack.up();
      expect(outputs.resourceId.value).to.equal(resourceId);
      expect(outputs.endpointId.value).to.equal(endpointId);
      const attached = await attachedIds();
      expect(attached).to.include(endpointId);
      expect(attached).to.not.include(oldEndpointId);
      expect(await registration()).to.include({ description: "second" });
    });

    it("refresh drops an endpoint detached out of band, and up attaches it again", async () => {
      await api.patch(`/services/${serviceId}`, { privateEndpointIds: { remove: [endpointId] } });
      expect(await stack.refresh()).to.deep.equal({ same: 1, delete: 1 });
      expect(await stack.resources()).to.deep.equal([]);
      const outputs = await stack.up();
      expect(outputs.resourceId.value).to.equal(resourceId);
      expect(await attachedIds()).to.include(endpointId);
    });

    it("destroy detaches the endpoint and removes it from state", async () => {
      await stack.destroy();
      expect(await stack.resources()).to.deep.equal([]);
      expect(await attachedIds()).to.not.include(endpointId);
    });

    async function attachedIds(): Promise<string[]> {
      const service: ServiceObject = (await api.get(`/services/${serviceId}`)).data.result;
      return service.privateEndpointIds ?? [];
    }

    async function registration() {
      const organization: Organization = (await api.get("")).data.result;
      return organization.privateEndpoints?.find((endpoint) => endpoint.id === endpointId);
    }
  }),
);
