import axios, { type AxiosInstance } from "axios";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import { providerOf } from "../../support/providers";
import { scalingFields } from "../../../provider/resources/fields/scalingFields";
import { UNKNOWN } from "../../../provider/propertyEncoding";
import type { ReplicaScalingUpdateRequest, ServiceObject } from "../../../provider/rest";
import { sharedEmulator } from "../../support/emulator";
import { emulatorConfigureRequest } from "../../support/providerConfig";

type ServiceName = "production" | "secondary" | "development" | "trial";
const serviceNames: ServiceName[] = ["production", "secondary", "development", "trial"];

describe("ReplicaScalingProvider", function () {
  this.timeout(30_000);
  let emulator: RunningEmulator;
  const provider = providerOf("ReplicaScaling");
  const services = {} as Record<ServiceName, string>;
  const initial = new Map<string, ServiceObject>();

  before(async () => {
    emulator = await sharedEmulator();
    Object.assign(services, emulator.fixture.services);
    await provider.configure(await emulatorConfigureRequest());
    for (const name of serviceNames) initial.set(services[name], await getService(services[name]));
  });

  // The emulator is shared with other tests: every service gets its scaling settings back.
  afterEach(async () => {
    for (const name of serviceNames) await restoreScaling(services[name]);
  });

  describe("check", () => {
    const failuresOf = async (news: Record<string, unknown>) =>
      (await provider.check({}, { serviceId: services.secondary, ...news })).failures ?? [];

    it("accepts every setting within its limits, and no setting at all", async () => {
      const all = {
        minReplicaMemoryGb: 8,
        maxReplicaMemoryGb: 356,
        numReplicas: 20,
        idleScaling: false,
        idleTimeoutMinutes: 5,
      };
      expect(await failuresOf(all)).to.deep.equal([]);
      expect(await failuresOf({})).to.deep.equal([]);
    });

    it("reports one failure per property, naming each limit and the value", async () => {
      const failures = await failuresOf({
        minReplicaMemoryGb: 10,
        maxReplicaMemoryGb: 360,
        numReplicas: 21,
        idleScaling: "yes",
        idleTimeoutMinutes: 4,
      });
      const byProperty = Object.fromEntries(failures.map((f) => [f.property, f.reason]));
      expect(failures).to.have.length(5);
      expect(byProperty.minReplicaMemoryGb).to.match(/multiple of 4 between 8 and 356; got 10/);
      expect(byProperty.maxReplicaMemoryGb).to.match(/multiple of 4 between 8 and 356; got 360/);
      expect(byProperty.numReplicas).to.match(/between 1 and 20; got 21/);
      expect(byProperty.idleScaling).to.match(/boolean/);
      expect(byProperty.idleTimeoutMinutes).to.match(/at least 5; got 4/);
    });

    it("checks min <= max once both bounds are valid, on maxReplicaMemoryGb only", async () => {
      const inverted = await failuresOf({ minReplicaMemoryGb: 64, maxReplicaMemoryGb: 32 });
      expect(inverted).to.deep.equal([
        {
          property: "maxReplicaMemoryGb",
          reason: "maxReplicaMemoryGb must be at least minReplicaMemoryGb (64); got 32",
        },
      ]);
      const invalidMax = await failuresOf({ minReplicaMemoryGb: 64, maxReplicaMemoryGb: 30 });
      expect(invalidMax.map((f) => f.property)).to.deep.equal(["maxReplicaMemoryGb"]);
      expect(invalidMax[0].reason).to.match(/multiple of 4/);
      expect(await failuresOf({ minReplicaMemoryGb: 32, maxReplicaMemoryGb: 32 })).to.deep.equal([]);
    });

    it("requires serviceId, rejects unknown settings, and leaves unknown values for later", async () => {
      const missing = (await provider.check({}, { numReplicas: 2, numReplica: 2 })).failures ?? [];
      expect(missing.map((f) => f.property).sort()).to.deep.equal(["numReplica", "serviceId"]);
      expect(await failuresOf({ minReplicaMemoryGb: 64, maxReplicaMemoryGb: UNKNOWN })).to.deep.equal([]);
      expect(await provider.check({}, { serviceId: UNKNOWN, numReplicas: 2 })).to.have.property("failures")
        .that.is.empty;
    });
  });

  describe("diff", () => {
    const olds = {
      serviceId: "s",
      organizationId: "o",
      minReplicaMemoryGb: 8,
      maxReplicaMemoryGb: 120,
      numReplicas: 3,
      idleScaling: true,
      idleTimeoutMinutes: 15,
      managedFields: ["numReplicas"],
    };

    it("compares only the settings the program sets", async () => {
      expect(await provider.diff("s", olds, { serviceId: "s", numReplicas: 3 })).to.deep.equal({
        changes: false,
        replaces: [],
      });
      const changed = await provider.diff("s", olds, { serviceId: "s", numReplicas: 4 });
      expect(changed).to.deep.equal({ changes: true, replaces: [] });
    });

    it("updates when a setting starts or stops being managed, even at the same value", async () => {
      const starts = await provider.diff("s", olds, {
        serviceId: "s",
        numReplicas: 3,
        idleTimeoutMinutes: 15,
      });
      expect(starts).to.deep.equal({ changes: true, replaces: [] });
      const stops = await provider.diff("s", olds, { serviceId: "s" });
      expect(stops).to.deep.equal({ changes: true, replaces: [] });
    });

    it("replaces on another service or organization, and treats unknown values as changes", async () => {
      const moved = await provider.diff("s", olds, { serviceId: "t", numReplicas: 3 });
      expect(moved).to.deep.equal({ changes: true, replaces: ["serviceId"] });
      const otherOrg = await provider.diff("s", olds, {
        serviceId: "s",
        organizationId: "p",
        numReplicas: 3,
      });
      expect(otherOrg.replaces).to.deep.equal(["organizationId"]);
      const unknown = await provider.diff("s", olds, { serviceId: "s", numReplicas: UNKNOWN });
      expect(unknown).to.deep.equal({ changes: true, replaces: [] });
    });
  });

  describe("lifecycle against the emulator", () => {
    it("creates by sending only the settings the program sets", async () => {
      const service = services.secondary;
      await patchScaling(service, { idleScaling: false });
      await emulator.control.clearRequests();
      const created = await provider.create({ serviceId: service, numReplicas: 1, idleTimeoutMinutes: 30 });
      // One request: the PATCH answers with the whole service, so nothing is read before or after it.
      expect((await emulator.control.requests()).map((entry) => [entry.route, entry.status])).to.deep.equal([
        ["PATCH /v1/organizations/:organizationId/services/:serviceId/replicaScaling", 200],
      ]);
      expect(created.id).to.equal(service);
      expect(created.outs).to.not.have.property("id");
      expect(created.outs).to.include({
        serviceId: service,
        organizationId: emulator.fixture.organizationId,
        name: "analytics-reporting",
        numReplicas: 1,
        idleTimeoutMinutes: 30,
        idleScaling: false,
        isPrimary: false,
      });
      expect(created.outs.managedFields).to.deep.equal(["numReplicas", "idleTimeoutMinutes"]);
      // The scaling settings and what explains their limits; not the rest of the service object.
      expect(Object.keys(created.outs).sort()).to.deep.equal([
        "idleScaling",
        "idleTimeoutMinutes",
        "isPrimary",
        "managedFields",
        "maxReplicaMemoryGb",
        "maxTotalMemoryGb",
        "minReplicaMemoryGb",
        "minTotalMemoryGb",
        "name",
        "numReplicas",
        "organizationId",
        "serviceId",
      ]);
      const remote = await getService(service);
      expect(remote).to.include({ numReplicas: 1, idleTimeoutMinutes: 30, idleScaling: false });
    });

    it("sends nothing when no setting is set, and nothing on delete", async () => {
      await emulator.control.clearRequests();
      const created = await provider.create({ serviceId: services.production });
      // Other suites share the emulator and may have scaled this service: compare with what it had before.
      const before = initial.get(services.production)!;
      expect(created.outs).to.include({
        numReplicas: before.numReplicas,
        maxReplicaMemoryGb: before.maxReplicaMemoryGb,
      });
      expect(created.outs.managedFields).to.deep.equal([]);
      await provider.delete(created.id, {});
      const methods = (await emulator.control.requests()).map((entry) => entry.route);
      expect(methods).to.deep.equal(["GET /v1/organizations/:organizationId/services/:serviceId"]);
    });

    it("reads drift in the managed settings only, and update restores them", async () => {
      const service = services.production;
      const created = await provider.create({ serviceId: service, numReplicas: 4, maxReplicaMemoryGb: 200 });
      await patchScaling(service, { numReplicas: 6, idleTimeoutMinutes: 45 });
      const read = await provider.read(created.id, created.outs);
      expect(read.id).to.equal(service);
      expect(read.props).to.include({ numReplicas: 6, idleTimeoutMinutes: 45, maxReplicaMemoryGb: 200 });
      expect(read.inputs).to.deep.equal({
        serviceId: service,
        organizationId: emulator.fixture.organizationId,
        numReplicas: 6,
        maxReplicaMemoryGb: 200,
      });
      const news = { serviceId: service, numReplicas: 4, maxReplicaMemoryGb: 200 };
      expect((await provider.diff(read.id ?? "", read.props ?? {}, news)).changes).to.equal(true);
      const updated = await provider.update(service, read.props ?? {}, news);
      expect(updated.outs).to.include({ numReplicas: 4, idleTimeoutMinutes: 45 });
      expect(await getService(service)).to.include({ numReplicas: 4, idleTimeoutMinutes: 45 });
    });

    it("reads the same outputs after the service's other fields change (a private endpoint attached)", async () => {
      const service = services.secondary;
      const created = await provider.create({ serviceId: service, numReplicas: 2 });
      const privateEndpoint = providerOf("PrivateEndpoint");
      await privateEndpoint.configure(await emulatorConfigureRequest());
      const attached = await privateEndpoint.create({
        serviceId: service,
        endpointId: "vpce-0scalingoutputs01",
      });
      try {
        expect((await getService(service)).privateEndpointIds).to.include("vpce-0scalingoutputs01");
        const read = await provider.read(created.id, created.outs);
        expect(read.props).to.deep.equal(created.outs);
      } finally {
        await privateEndpoint.delete(attached.id, attached.outs);
      }
    });

    it("drops the resource when the service no longer exists", async () => {
      const missing = "00000000-0000-4000-8000-000000000000";
      const read = await provider.read(missing, { serviceId: missing, managedFields: ["numReplicas"] });
      expect(read.id).to.equal("");
    });

    it("keeps settings the API accepts for each kind of service", async () => {
      const paid = await provider.create({ serviceId: services.production, maxReplicaMemoryGb: 356 });
      expect(paid.outs).to.include({ maxReplicaMemoryGb: 356 });
      const trial = await provider.create({ serviceId: services.trial, maxReplicaMemoryGb: 120 });
      expect(trial.outs).to.include({ maxReplicaMemoryGb: 120 });
      const development = await provider.create({ serviceId: services.development, numReplicas: 3 });
      expect(development.outs).to.include({ numReplicas: 3 });
    });
  });

  describe("rules that depend on the service surface the API's refusal", () => {
    const refusal = (serviceId: string, settings: ReplicaScalingUpdateRequest) =>
      provider.create({ serviceId, ...settings }).then(
        () => expect.fail("the API accepted the settings"),
        (error: Error) => error.message,
      );

    it("caps maxReplicaMemoryGb at 120 for a service that is not on a paid tier", async () => {
      const message = await refusal(services.trial, { maxReplicaMemoryGb: 124 });
      expect(message).to.match(/refused the scaling settings of service .* \(maxReplicaMemoryGb=124\)/);
      expect(message).to.match(/maxReplicaMemoryGb: must be at most 120 for a non-paid service; got 124/);
    });

    it("requires 2 replicas for the first service of a warehouse, but not for a later one", async () => {
      const message = await refusal(services.production, { numReplicas: 1 });
      expect(message).to.match(
        /numReplicas: must be between 2 and 20 for the first service of a warehouse; got 1/,
      );
      expect((await provider.create({ serviceId: services.secondary, numReplicas: 1 })).outs).to.include({
        numReplicas: 1,
      });
    });

    it("accepts memory bounds only for production services", async () => {
      const message = await refusal(services.development, { minReplicaMemoryGb: 8, numReplicas: 2 });
      expect(message).to.match(/\(minReplicaMemoryGb=8, numReplicas=2\)/);
      expect(message).to.match(/minReplicaMemoryGb: can be set only on production services/);
      expect(await getService(services.development)).to.include({ numReplicas: 2 });
    });

    it("checks min <= max against the service's current bounds", async () => {
      const message = await refusal(services.secondary, { minReplicaMemoryGb: 68 });
      expect(message).to.match(/minReplicaMemoryGb \(68\) must not exceed maxReplicaMemoryGb \(64\)/);
    });
  });

  // The test's own reads and writes go straight to the emulator: the provider's client throttles to the real
  // API's 10 requests per 10 s, which these helpers need not share.
  function emulatorApi(): AxiosInstance {
    const { fixture } = emulator;
    return axios.create({
      baseURL: `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}/services`,
      auth: { username: fixture.tokenKey, password: fixture.tokenSecret },
    });
  }

  async function getService(serviceId: string): Promise<ServiceObject> {
    return (await emulatorApi().get(`/${serviceId}`)).data.result;
  }

  async function patchScaling(serviceId: string, request: ReplicaScalingUpdateRequest): Promise<void> {
    await emulatorApi().patch(`/${serviceId}/replicaScaling`, request);
  }

  async function restoreScaling(serviceId: string): Promise<void> {
    const original = initial.get(serviceId);
    if (original === undefined) return;
    const current = await getService(serviceId);
    const changed = scalingFields.filter((field) => current[field] !== original[field]);
    if (changed.length === 0) return;
    await patchScaling(serviceId, Object.fromEntries(changed.map((field) => [field, original[field]])));
  }
});
