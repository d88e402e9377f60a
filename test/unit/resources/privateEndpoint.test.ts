import { randomBytes } from "node:crypto";
import axios, { type AxiosInstance } from "axios";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { providerOf } from "../../support/providers";
import { UNKNOWN } from "../../../provider/propertyEncoding";
import type { Organization, ServiceObject } from "../../../provider/rest";
import { sharedEmulator } from "../../support/emulator";
import { emulatorConfigureRequest } from "../../support/providerConfig";
import { quickSleeps } from "../../support/quickSleeps";

const createRoute = "POST /v1/organizations/:organizationId/services/:serviceId/privateEndpoint";

/** A fresh endpoint id per test: registrations with the organization outlive the tests. */
function newEndpointId(): string {
  return `vpce-${randomBytes(8).toString("hex")}`;
}

describe("PrivateEndpointProvider", function () {
  quickSleeps();
  this.timeout(60_000);
  let emulator: RunningEmulator;
  let serviceId: string;
  const provider = providerOf("PrivateEndpoint");

  before(async () => {
    emulator = await sharedEmulator();
    // No other test attaches endpoints to the development service.
    serviceId = emulator.fixture.services.development;
    await provider.configure(await emulatorConfigureRequest());
  });

  afterEach(async () => {
    await emulator.control.clearFaults();
  });

  describe("check", () => {
    const failuresOf = async (news: Record<string, unknown>) =>
      (await provider.check({}, news)).failures ?? [];

    it("accepts an endpoint with or without a description", async () => {
      expect(await failuresOf({ serviceId, endpointId: "vpce-1", description: "x" })).to.deep.equal([]);
      expect(await failuresOf({ serviceId, endpointId: "vpce-1" })).to.deep.equal([]);
    });

    it("names endpointId (not the API's id) and serviceId when they are missing", async () => {
      const failures = await failuresOf({ description: 7 });
      const byProperty = Object.fromEntries(failures.map((f) => [f.property, f.reason]));
      expect(Object.keys(byProperty).sort()).to.deep.equal(["description", "endpointId", "serviceId"]);
      expect(byProperty.endpointId).to.equal("endpointId is required");
      expect(byProperty.description).to.match(/must be a string; got 7/);
      const rule =
        "endpointId must be the cloud provider's endpoint id: 1 to 128 letters, digits, '.', '_', ':' or '-', " +
        "starting with a letter or digit (e.g. vpce-0123456789abcdef0)";
      for (const endpointId of ["", "..", "vpce-1/../x", "x".repeat(129)]) {
        const failures = await failuresOf({ serviceId, endpointId });
        expect(failures, endpointId).to.have.length(1);
        expect(failures[0].property).to.equal("endpointId");
        expect(failures[0].reason.startsWith(`${rule}; got`), failures[0].reason).to.equal(true);
      }
      expect(await failuresOf({ serviceId, endpointId: "vpce-0123456789abcdef0" })).to.deep.equal([]);
    });

    it("leaves values unknown during preview to be checked later", async () => {
      expect(await failuresOf({ serviceId: UNKNOWN, endpointId: UNKNOWN })).to.deep.equal([]);
    });
  });

  describe("diff", () => {
    const olds = { serviceId: "s", endpointId: "vpce-1", description: "a", organizationId: "o", region: "r" };

    it("updates a description in place and ignores one left out", async () => {
      const changed = await provider.diff("s/vpce-1", olds, {
        serviceId: "s",
        endpointId: "vpce-1",
        description: "b",
      });
      expect(changed).to.deep.equal({ changes: true, replaces: [] });
      const unset = await provider.diff("s/vpce-1", olds, { serviceId: "s", endpointId: "vpce-1" });
      expect(unset).to.deep.equal({ changes: false, replaces: [] });
    });

    it("replaces on another endpoint, service or organization", async () => {
      const news = { serviceId: "t", endpointId: "vpce-2", organizationId: "p", description: "a" };
      const result = await provider.diff("s/vpce-1", olds, news);
      expect(result).to.deep.equal({
        changes: true,
        replaces: ["serviceId", "endpointId", "organizationId"],
      });
      const unknown = await provider.diff("s/vpce-1", olds, { serviceId: "s", endpointId: UNKNOWN });
      expect(unknown.replaces).to.deep.equal(["endpointId"]);
    });
  });

  describe("lifecycle against the emulator", () => {
    it("creates, reads, updates the description in place and deletes by detaching", async () => {
      const endpointId = newEndpointId();
      const created = await provider.create({ serviceId, endpointId, description: "first" });
      expect(created.id).to.equal(`${serviceId}/${endpointId}`);
      expect(created.outs).to.deep.equal({
        endpointId,
        description: "first",
        serviceId,
        organizationId: emulator.fixture.organizationId,
        cloudProvider: "aws",
        region: "us-east-1",
      });
      expect(await attachedIds(serviceId)).to.include(endpointId);

      const read = await provider.read(created.id, created.outs);
      expect(read).to.deep.include({ id: created.id, props: created.outs });
      expect(read.inputs).to.deep.equal({
        serviceId,
        endpointId,
        description: "first",
        organizationId: emulator.fixture.organizationId,
      });

      await emulator.control.clearRequests();
      const updated = await provider.update(created.id, created.outs, {
        serviceId,
        endpointId,
        description: "second",
      });
      expect(updated.outs).to.include({ description: "second", endpointId });
      expect(await registration(endpointId)).to.include({ description: "second" });
      const routes = (await emulator.control.requests()).map((entry) => entry.route);
      expect(routes.filter((route) => route === createRoute)).to.have.length(1);

      await provider.delete(created.id, updated.outs ?? {});
      expect(await attachedIds(serviceId)).to.not.include(endpointId);
      expect(await registration(endpointId), "still registered with the organization").to.not.equal(
        undefined,
      );
      expect((await provider.read(created.id, created.outs)).id).to.equal("");
      await provider.delete(created.id, updated.outs ?? {}); // already detached: nothing to do
    });

    it("drops the resource when the endpoint is detached out of band or the service is gone", async () => {
      const endpointId = newEndpointId();
      const created = await provider.create({ serviceId, endpointId });
      expect(created.outs).to.include({ description: "" });
      await emulatorApi().patch(`/services/${serviceId}`, { privateEndpointIds: { remove: [endpointId] } });
      expect((await provider.read(created.id, created.outs)).id).to.equal("");
      const missingService = "00000000-0000-4000-8000-000000000000";
      const orphan = { ...created.outs, serviceId: missingService };
      expect((await provider.read(`${missingService}/${endpointId}`, orphan)).id).to.equal("");
      await provider.delete(`${missingService}/${endpointId}`, orphan); // 404: nothing to detach
    });

    it("attaches one endpoint to two services as two resources, and keeps one on deleting the other", async () => {
      const endpointId = newEndpointId();
      const other = emulator.fixture.services.trial;
      const here = await provider.create({ serviceId, endpointId, description: "shared" });
      const there = await provider.create({ serviceId: other, endpointId });
      expect(there.id).to.not.equal(here.id);
      expect(there.outs).to.include({ description: "shared" }); // adopted as registered
      await provider.delete(there.id, there.outs);
      expect(await attachedIds(other)).to.not.include(endpointId);
      expect(await attachedIds(serviceId)).to.include(endpointId);
      await provider.delete(here.id, here.outs);
    });

    it("creates with one POST and one read of the organization, whose record alone has region and cloud provider", async () => {
      await emulator.control.clearRequests();
      const created = await provider.create({ serviceId, endpointId: newEndpointId(), description: "two" });
      expect(created.outs).to.include({ cloudProvider: "aws", region: "us-east-1" });
      expect((await emulator.control.requests()).map((entry) => [entry.route, entry.status])).to.deep.equal([
        [createRoute, 200],
        ["GET /v1/organizations/:organizationId", 200],
      ]);
      await provider.delete(created.id, created.outs);
    });

    it("reads back after a lost reply instead of registering twice", async () => {
      const endpointId = newEndpointId();
      await emulator.control.setFaults({ script: [{ route: createRoute, kinds: ["dropAfterProcessing"] }] });
      await emulator.control.clearRequests();
      const created = await provider.create({ serviceId, endpointId, description: "lost reply" });
      expect(created.outs).to.include({ description: "lost reply" });
      const posts = (await emulator.control.requests()).filter((entry) => entry.route === createRoute);
      expect(posts).to.have.length(1);
      await provider.delete(created.id, created.outs);
    });

    it("sends again when the read-back shows the dropped request was not processed", async () => {
      const endpointId = newEndpointId();
      await emulator.control.setFaults({ script: [{ route: createRoute, kinds: ["drop"] }] });
      await emulator.control.clearRequests();
      const created = await provider.create({ serviceId, endpointId, description: "dropped" });
      expect(await attachedIds(serviceId)).to.include(endpointId);
      expect(await registration(endpointId)).to.include({ description: "dropped" });
      const posts = (await emulator.control.requests()).filter((entry) => entry.route === createRoute);
      expect(posts.map((entry) => entry.fault ?? "none")).to.deep.equal(["drop", "none"]);
      await provider.delete(created.id, created.outs);
    });

    it("when every read-back fails, says that sending again is safe (not to hunt for orphans)", async () => {
      const endpointId = newEndpointId();
      const serviceRoute = "GET /v1/organizations/:organizationId/services/:serviceId";
      await emulator.control.setFaults({
        script: [
          { route: createRoute, kinds: ["dropAfterProcessing"] },
          { route: serviceRoute, kinds: ["404html", "404html", "404html"] },
        ],
      });
      const error = await provider.create({ serviceId, endpointId, description: "unknown" }).then(
        () => expect.fail("the create succeeded although no read-back worked"),
        (failure: Error) => failure,
      );
      expect(error.message).to.contain(`creating private endpoint ${endpointId} lost its reply`);
      expect(error.message).to.contain("the next `pulumi up` is safe");
      expect(error.message).to.not.contain("orphans");
      await emulator.control.clearFaults();
      // It was registered: the next create (the next `pulumi up`) sends the same request and ends with one.
      const created = await provider.create({ serviceId, endpointId, description: "unknown" });
      expect((await attachedIds(serviceId)).filter((id) => id === endpointId)).to.have.length(1);
      await provider.delete(created.id, created.outs);
    });

    it("reports a service that does not exist", async () => {
      const missingService = "00000000-0000-4000-8000-000000000000";
      const error = await provider.create({ serviceId: missingService, endpointId: newEndpointId() }).then(
        () => expect.fail("created on a missing service"),
        (e: Error) => e,
      );
      expect(error.message).to.match(/was not found/);
    });
  });

  function emulatorApi(): AxiosInstance {
    const { fixture } = emulator;
    return axios.create({
      baseURL: `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}`,
      auth: { username: fixture.tokenKey, password: fixture.tokenSecret },
    });
  }

  async function attachedIds(service: string): Promise<string[]> {
    const result: ServiceObject = (await emulatorApi().get(`/services/${service}`)).data.result;
    return result.privateEndpointIds ?? [];
  }

  async function registration(endpointId: string) {
    const result: Organization = (await emulatorApi().get("")).data.result;
    return result.privateEndpoints?.find((endpoint) => endpoint.id === endpointId);
  }
});
