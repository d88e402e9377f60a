import axios from "axios";
import { expect } from "chai";
import type { RunningEmulator } from "../../../emulator";
import {
  readPrivateEndpointConfig,
  WireUnavailableError,
} from "../../../provider/functions/privateEndpointConfig";
import { failureOf } from "../../support/failureOf";
import { dedicatedEmulator } from "../../support/emulator";
import { emulatorConfigureRequest } from "../../support/providerConfig";
import { providerOf } from "../../support/providers";
import { configureRequestFrom, stackConfigFor } from "../../support/stackConfig";

/** A service id of the right form, for checks that never reach the API. */
const anyServiceId = "5b2d9c4e-1a3f-4e6d-8b7c-9a0e1f2d3c4b";

describe("management resources on the production wire", function () {
  this.timeout(30_000);
  let production: RunningEmulator;
  let spec: RunningEmulator;
  const endpoints = providerOf("ReversePrivateEndpoint");
  const scaling = providerOf("ReplicaScaling");
  const configureFor = (emulator: RunningEmulator) =>
    Promise.all(
      [endpoints, scaling].map((provider) =>
        provider.configure(configureRequestFrom(stackConfigFor(emulator))),
      ),
    );
  const configOf = (emulator: RunningEmulator) => configureRequestFrom(stackConfigFor(emulator)).config;
  const routes = async (emulator: RunningEmulator) =>
    (await emulator.control.requests()).map((entry) => entry.route);

  before(async () => {
    [production, spec] = await Promise.all([
      dedicatedEmulator({ dialect: "production", provisioningDelayMs: 0 }),
      dedicatedEmulator({ provisioningDelayMs: 0 }),
    ]);
  });
  beforeEach(async () => {
    await Promise.all([production.control.reset(), spec.control.reset()]);
    await Promise.all([production.control.clearRequests(), spec.control.clearRequests()]);
  });
  after(async () => {
    // Every other test file expects the process's provider context pointed at the shared emulator.
    await endpoints.configure(await emulatorConfigureRequest());
    await Promise.all([production.close(), spec.close()]);
  });

  it("creates, reads and deletes a reverse private endpoint at clickpipesReversePrivateEndpoints", async () => {
    await configureFor(production);
    const serviceId = production.fixture.services.production;
    const inputs = {
      serviceId,
      type: "VPC_ENDPOINT_SERVICE",
      vpcEndpointServiceName: "com.amazonaws.vpce.us-east-1.vpce-svc-0a1b2c",
    };
    const created = await endpoints.create(inputs);
    expect(created.outs.status).to.equal("Ready");
    expect((await endpoints.read(created.id, created.outs)).id).to.equal(created.id);
    await endpoints.delete(created.id, created.outs);
    const collection =
      "/v1/organizations/:organizationId/services/:serviceId/clickpipesReversePrivateEndpoints";
    expect(await routes(production)).to.include.members([
      `POST ${collection}`,
      `GET ${collection}/:reversePrivateEndpointId`,
      `DELETE ${collection}/:reversePrivateEndpointId`,
    ]);
    const remaining = await axios.get(
      `${production.url}/v1/organizations/${production.fixture.organizationId}/services/${serviceId}/clickpipesReversePrivateEndpoints`,
      { auth: { username: production.fixture.tokenKey, password: production.fixture.tokenSecret } },
    );
    expect(remaining.data.result.map((endpoint: { id: string }) => endpoint.id)).not.to.include(created.id);
  });

  it("getPrivateEndpointConfig reads the service's endpoint service on the production wire", async () => {
    const serviceId = production.fixture.services.production;
    const result = await readPrivateEndpointConfig({ serviceId }, { source: configOf(production), env: {} });
    const direct = await axios.get(
      `${production.url}/v1/organizations/${production.fixture.organizationId}/services/${serviceId}/privateEndpointConfig`,
      { auth: { username: production.fixture.tokenKey, password: production.fixture.tokenSecret } },
    );
    expect(result).to.deep.equal({
      serviceId,
      organizationId: production.fixture.organizationId,
      endpointServiceId: direct.data.result.endpointServiceId,
      privateDnsHostname: direct.data.result.privateDnsHostname,
    });
  });

  it("getPrivateEndpointConfig on the specification's wire fails with one sentence, before any request", async () => {
    const error = await failureOf(() =>
      readPrivateEndpointConfig(
        { serviceId: spec.fixture.services.production },
        { source: configOf(spec), env: {} },
      ),
    );
    expect(error).to.be.instanceOf(WireUnavailableError);
    expect(error.message).to.match(
      /^getPrivateEndpointConfig needs the production wire: .*clickhouse:apiDialect/,
    );
    expect(await routes(spec)).to.deep.equal([]);
  });

  describe("replica scaling's horizontal mode", () => {
    const failuresOf = async (news: Record<string, unknown>) =>
      (await scaling.check({}, news)).failures ?? [];

    it("is refused at preview on the specification's wire, naming the input and the setting", async () => {
      await configureFor(spec);
      const failures = await failuresOf({ serviceId: anyServiceId, minReplicas: 1, maxReplicas: 3 });
      expect(failures.map((failure) => failure.property)).to.deep.equal(["minReplicas", "maxReplicas"]);
      expect(failures[0].reason).to.match(
        /^minReplicas is an input of the production wire: .*clickhouse:apiDialect/,
      );
    });

    it("is checked at preview on the production wire: a whole band, without numReplicas, low end first", async () => {
      await configureFor(production);
      expect(
        await failuresOf({
          serviceId: anyServiceId,
          autoscalingMode: "horizontal",
          minReplicas: 1,
          maxReplicas: 3,
        }),
      ).to.deep.equal([]);
      expect(
        await failuresOf({ serviceId: anyServiceId, numReplicas: 2, minReplicas: 1, maxReplicas: 3 }),
      ).to.deep.equal([
        {
          property: "numReplicas",
          reason:
            "numReplicas cannot be set with minReplicas: a fixed count and a band exclude each other; remove one",
        },
      ]);
      expect(await failuresOf({ serviceId: anyServiceId, maxReplicas: 3 })).to.deep.equal([
        { property: "minReplicas", reason: "minReplicas and maxReplicas must be set together" },
      ]);
      expect(await failuresOf({ serviceId: anyServiceId, minReplicas: 4, maxReplicas: 3 })).to.deep.equal([
        { property: "maxReplicas", reason: "maxReplicas must be at least minReplicas (4); got 3" },
      ]);
      const [unequal] = await failuresOf({
        serviceId: anyServiceId,
        autoscalingMode: "horizontal",
        minReplicaMemoryGb: 16,
        maxReplicaMemoryGb: 24,
      });
      expect(unequal.property).to.equal("maxReplicaMemoryGb");
      // The real rules of both wires hold too: 1 to 20 replicas, memory in multiples of 4, idle timeout of 5 minutes.
      const bounds = await failuresOf({
        serviceId: anyServiceId,
        minReplicas: 0,
        maxReplicas: 21,
        idleTimeoutMinutes: 4,
      });
      expect(bounds.map((failure) => failure.property).sort()).to.deep.equal([
        "idleTimeoutMinutes",
        "maxReplicas",
        "minReplicas",
      ]);
    });

    it("names the band's end set with numReplicas, or the one missing, and takes a band of one count", async () => {
      await configureFor(production);
      expect(await failuresOf({ serviceId: anyServiceId, numReplicas: 2, maxReplicas: 3 })).to.deep.equal([
        {
          property: "numReplicas",
          reason:
            "numReplicas cannot be set with maxReplicas: a fixed count and a band exclude each other; remove one",
        },
      ]);
      expect(await failuresOf({ serviceId: anyServiceId, minReplicas: 1 })).to.deep.equal([
        { property: "maxReplicas", reason: "minReplicas and maxReplicas must be set together" },
      ]);
      expect(await failuresOf({ serviceId: anyServiceId, minReplicas: 3, maxReplicas: 3 })).to.deep.equal([]);
    });

    it("reports a null or mistyped count as the schema does, and no band rule that would misread it", async () => {
      await configureFor(production);
      const count = (field: string, got: string) => ({
        property: field,
        reason: `${field} must be an integer between 1 and 20; got ${got}`,
      });
      expect(
        await failuresOf({ serviceId: anyServiceId, numReplicas: null, minReplicas: 1, maxReplicas: 3 }),
      ).to.deep.equal([count("numReplicas", "null")]);
      expect(await failuresOf({ serviceId: anyServiceId, minReplicas: "4", maxReplicas: 3 })).to.deep.equal([
        count("minReplicas", '"4"'),
      ]);
      expect(await failuresOf({ serviceId: anyServiceId, minReplicas: 4, maxReplicas: "3" })).to.deep.equal([
        count("maxReplicas", '"3"'),
      ]);
      const memory = (field: string, got: string) => ({
        property: field,
        reason: `${field} must be a multiple of 4 between 8 and 356; got ${got}`,
      });
      const horizontal = { serviceId: anyServiceId, autoscalingMode: "horizontal" };
      expect(
        await failuresOf({ ...horizontal, minReplicaMemoryGb: "16", maxReplicaMemoryGb: 24 }),
      ).to.deep.equal([memory("minReplicaMemoryGb", '"16"')]);
      expect(
        await failuresOf({ ...horizontal, minReplicaMemoryGb: 16, maxReplicaMemoryGb: "24" }),
      ).to.deep.equal([memory("maxReplicaMemoryGb", '"24"')]);
    });

    it("in horizontal mode, takes one memory size per replica and names both bounds when they differ", async () => {
      await configureFor(production);
      const horizontal = { serviceId: anyServiceId, autoscalingMode: "horizontal" };
      expect(
        await failuresOf({ ...horizontal, minReplicaMemoryGb: 16, maxReplicaMemoryGb: 16 }),
      ).to.deep.equal([]);
      expect(
        await failuresOf({ ...horizontal, minReplicaMemoryGb: 16, maxReplicaMemoryGb: 24 }),
      ).to.deep.equal([
        {
          property: "maxReplicaMemoryGb",
          reason:
            "in horizontal autoscaling each replica has one memory size: maxReplicaMemoryGb must equal " +
            "minReplicaMemoryGb (16); got 24",
        },
      ]);
    });

    it("applies a band and reports the mode the service is in", async () => {
      await configureFor(production);
      const serviceId = production.fixture.services.secondary;
      const created = await scaling.create({
        serviceId,
        autoscalingMode: "horizontal",
        minReplicas: 2,
        maxReplicas: 5,
        minReplicaMemoryGb: 16,
        maxReplicaMemoryGb: 16,
      });
      expect(created.outs).to.include({ autoscalingMode: "horizontal", minReplicas: 2, maxReplicas: 5 });
      expect(created.outs.managedFields).to.include.members([
        "autoscalingMode",
        "minReplicas",
        "maxReplicas",
      ]);
      const read = await scaling.read(serviceId, created.outs);
      expect(read.props).to.include({ autoscalingMode: "horizontal", minReplicas: 2, maxReplicas: 5 });
    });
  });
});
