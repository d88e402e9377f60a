import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { providerOf } from "../../support/providers";
import { providerSession } from "../../../provider/host/session";
import { PartialCreateError } from "../../../provider/resources/lifecycle/partialCreate";
import { UNKNOWN } from "../../../provider/propertyEncoding";
import { sharedEmulator } from "../../support/emulator";
import { emulatorConfigureRequest } from "../../support/providerConfig";
import { quickSleeps } from "../../support/quickSleeps";

const vpcService = {
  type: "VPC_ENDPOINT_SERVICE",
  vpcEndpointServiceName: "com.amazonaws.vpce.eu-west-1.vpce-svc-0abc",
};

describe("ReversePrivateEndpointProvider", function () {
  quickSleeps();
  this.timeout(30_000);
  let emulator: RunningEmulator;
  let serviceId: string;
  const provider = providerOf("ReversePrivateEndpoint");

  before(async () => {
    emulator = await sharedEmulator();
    serviceId = emulator.fixture.services.production;
    await provider.configure(await emulatorConfigureRequest());
  });

  afterEach(async () => {
    await emulator.control.clearFaults();
  });

  describe("check", () => {
    const failuresOf = async (news: Record<string, unknown>) =>
      (await provider.check({}, { serviceId, ...news })).failures ?? [];

    it("accepts each type with its required fields", async () => {
      expect(await failuresOf(vpcService)).to.deep.equal([]);
      expect(
        await failuresOf({
          type: "VPC_RESOURCE",
          vpcResourceConfigurationId: "rcfg-1",
          vpcResourceShareArn: "arn:share",
        }),
      ).to.deep.equal([]);
      expect(
        await failuresOf({ type: "MSK_MULTI_VPC", mskClusterArn: "arn:msk", mskAuthentication: "SASL_IAM" }),
      ).to.deep.equal([]);
    });

    it("reports each conditional requirement on its own property", async () => {
      const failures = await failuresOf({ type: "VPC_RESOURCE" });
      expect(failures.map((f) => f.property).sort()).to.deep.equal([
        "vpcResourceConfigurationId",
        "vpcResourceShareArn",
      ]);
      expect(failures[0].reason).to.match(/required when type is VPC_RESOURCE/);
      const msk = await failuresOf({
        type: "MSK_MULTI_VPC",
        mskClusterArn: "arn:msk",
        mskAuthentication: "PLAIN",
      });
      expect(msk).to.have.length(1);
      expect(msk[0].property).to.equal("mskAuthentication");
      expect(msk[0].reason).to.match(/SASL_IAM, SASL_SCRAM/);
    });

    it("names the 255-character limit and the missing serviceId", async () => {
      const failures =
        (await provider.check({}, { ...vpcService, description: "x".repeat(256) })).failures ?? [];
      const byProperty = Object.fromEntries(failures.map((f) => [f.property, f.reason]));
      expect(byProperty.description).to.match(/at most 255 characters/);
      expect(byProperty.serviceId).to.match(/serviceId is required/);
    });

    it("leaves values unknown during preview to be checked later", async () => {
      const failures = await failuresOf({
        type: "VPC_RESOURCE",
        vpcResourceConfigurationId: UNKNOWN,
        vpcResourceShareArn: UNKNOWN,
      });
      expect(failures).to.deep.equal([]);
    });
  });

  describe("diff", () => {
    const olds = { serviceId: "s", organizationId: "o", status: "Ready", ...vpcService, description: "a" };

    // Every other input is checked to replace in replaceOrUpdate.test.ts.
    it("sees no change with organizationId omitted, and replaces on a new description", async () => {
      const same = await provider.diff("id", olds, { serviceId: "s", ...vpcService, description: "a" });
      expect(same.changes).to.equal(false);
      const changed = await provider.diff("id", olds, { serviceId: "s", ...vpcService, description: "b" });
      expect(changed).to.include({ changes: true });
      expect(changed.replaces).to.deep.equal(["description"]);
    });

    it("treats an unknown value as a replacing change", async () => {
      const result = await provider.diff("id", olds, { serviceId: UNKNOWN, ...vpcService, description: "a" });
      expect(result.replaces).to.deep.equal(["serviceId"]);
    });

    for (const status of ["PendingAcceptance", "Provisioning", "Unknown", "SomeStatusAddedLater"]) {
      it(`an endpoint ${status}: a replace-only change still replaces; no change reads it again in place`, async () => {
        const unsettled = { ...olds, status };
        const news = { serviceId: "s", ...vpcService, description: "a" };
        const changed = await provider.diff("id", unsettled, { ...news, description: "b" });
        expect(changed.changes).to.equal(true);
        expect(changed.replaces).to.deep.equal(["description"]);
        const moved = await provider.diff("id", unsettled, { ...news, serviceId: "t" });
        expect(moved.replaces).to.deep.equal(["serviceId"]);
        const same = await provider.diff("id", unsettled, news);
        expect(same.changes).to.equal(true);
        expect(same.replaces ?? []).to.deep.equal([]);
      });
    }

    for (const status of ["Failed", "Rejected", "Expired"]) {
      it(`an endpoint ${status}: replaced, with the changed inputs named beside its status`, async () => {
        const result = await provider.diff(
          "id",
          { ...olds, status },
          { serviceId: "s", ...vpcService, description: "b" },
        );
        expect(result.changes).to.equal(true);
        expect(result.replaces).to.have.members(["description", "status"]);
      });
    }

    it("replaces an endpoint that failed to provision", async () => {
      const result = await provider.diff(
        "id",
        { ...olds, status: "Failed" },
        { serviceId: "s", ...vpcService, description: "a" },
      );
      expect(result.changes).to.equal(true);
      expect(result.replaces).to.include("status");
    });
  });

  describe("lifecycle against the emulator", () => {
    it("creates, waits for Ready, reads, and deletes until gone", async () => {
      const created = await provider.create({ serviceId, ...vpcService, description: "lifecycle" });
      expect(created.outs).to.include({ status: "Ready", serviceId, description: "lifecycle" });
      expect(created.outs).to.not.have.property("id");
      const read = await provider.read(created.id, created.outs);
      expect(read.id).to.equal(created.id);
      expect(read.inputs).to.include({ serviceId, description: "lifecycle", type: "VPC_ENDPOINT_SERVICE" });
      await provider.delete(created.id, created.outs);
      expect((await provider.read(created.id, created.outs)).id).to.equal("");
    });

    it("creates with one list before its one POST, as the API dates no endpoint, then reads until Ready", async () => {
      await emulator.control.clearRequests();
      const created = await provider.create({ serviceId, ...vpcService, description: "one post" });
      const routes = (await emulator.control.requests()).map((entry) => `${entry.method} ${entry.status}`);
      const endpointsRoute =
        "/v1/organizations/:organizationId/services/:serviceId/dataPipesReversePrivateEndpoints";
      const log = (await emulator.control.requests()).map((entry) => entry.route);
      expect(log.slice(0, 2)).to.deep.equal([`GET ${endpointsRoute}`, `POST ${endpointsRoute}`]);
      // The rest are reads of the new endpoint while it is Provisioning.
      expect(log.slice(2)).to.satisfy((rest: string[]) =>
        rest.every((route) => route === `GET ${endpointsRoute}/:reversePrivateEndpointId`),
      );
      expect(routes.every((route) => route.endsWith(" 200"))).to.equal(true);
      await provider.delete(created.id, created.outs);
    });

    it("adopts an existing endpoint by id instead of creating one", async () => {
      const original = await provider.create({ serviceId, ...vpcService, description: "to adopt" });
      await emulator.control.clearRequests();
      const adopted = await provider.create({
        serviceId,
        ...vpcService,
        description: "to adopt",
        adoptId: original.id,
      });
      expect(adopted.id).to.equal(original.id);
      const posts = (await emulator.control.requests()).filter((r) => r.method === "POST");
      expect(posts).to.deep.equal([]);
      await provider.delete(adopted.id, adopted.outs);
    });

    it("adopts the endpoint a lost reply created instead of making a duplicate", async () => {
      await emulator.control.setFaults({
        script: [
          {
            route:
              "POST /v1/organizations/:organizationId/services/:serviceId/dataPipesReversePrivateEndpoints",
            kinds: ["dropAfterProcessing"],
          },
        ],
      });
      const description = `ambiguous-${Date.now()}`;
      const created = await provider.create({ serviceId, ...vpcService, description });
      const { client, organizationId } = managementApi();
      const matching = (await client.reversePrivateEndpoints.list(organizationId, serviceId)).filter(
        (endpoint) => endpoint.description === description,
      );
      expect(matching.map((endpoint) => endpoint.id)).to.deep.equal([created.id]);
      await provider.delete(created.id, created.outs);
    });

    it("records a Failed endpoint with its id instead of losing it", async () => {
      await emulator.control.updateSettings({ provisioningDelayMs: 5_000 });
      try {
        const pending = provider.create({
          serviceId,
          ...vpcService,
          description: "will fail",
          readyTimeoutSeconds: 20,
        });
        const id = await waitForEndpointWithDescription("will fail");
        await emulator.control.failReversePrivateEndpoint(id);
        const error = await pending.then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).to.be.instanceOf(PartialCreateError);
        const partial = error as PartialCreateError;
        expect(partial.id).to.equal(id);
        expect(partial.message).to.match(/status Failed/);
        expect(partial.properties).to.include({ status: "Failed", serviceId });
        // The emulator's delete takes the same delay: back to the usual one before the clean-up, which checks nothing.
        await emulator.control.updateSettings({ provisioningDelayMs: 200 });
        await provider.delete(id, partial.properties);
      } finally {
        await emulator.control.updateSettings({ provisioningDelayMs: 200 });
      }
    });

    it("records an endpoint that is not Ready within its wait", async () => {
      // Long enough that even a throttled poll finds it still Provisioning after the 1 s wait.
      await emulator.control.updateSettings({ provisioningDelayMs: 4_000 });
      try {
        const error = await provider
          .create({ serviceId, ...vpcService, description: "slow", readyTimeoutSeconds: 1 })
          .then(
            () => undefined,
            (e: unknown) => e,
          );
        expect(error).to.be.instanceOf(PartialCreateError);
        const partial = error as PartialCreateError;
        expect(partial.message).to.match(/not Ready after 1 s \(status Provisioning\)/);
        const updated = await provider.update(partial.id, partial.properties, {
          serviceId,
          ...vpcService,
          description: "slow",
        });
        expect(updated.outs).to.include({ status: "Ready" });
        // The emulator's delete takes the same delay: back to the usual one before the clean-up, which checks nothing.
        await emulator.control.updateSettings({ provisioningDelayMs: 200 });
        await provider.delete(partial.id, updated.outs ?? {});
      } finally {
        await emulator.control.updateSettings({ provisioningDelayMs: 200 });
      }
    });
  });

  function managementApi() {
    return providerSession.management();
  }

  async function waitForEndpointWithDescription(description: string): Promise<string> {
    const { client, organizationId } = managementApi();
    for (let attempt = 0; attempt < 50; attempt++) {
      const found = (await client.reversePrivateEndpoints.list(organizationId, serviceId)).find(
        (endpoint) => endpoint.description === description,
      );
      if (found) return found.id;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no endpoint with description ${description} appeared`);
  }
});
