import { expect } from "chai";
import { schemas } from "../../../schemas";
import { limits } from "../../../schemas/limits";

// Every expected number below is the API's documented limit, written out, not read from the code.
// The tier rules that depend on the service (120 GB for non-paid services, 2..20 replicas for the first service
// of a warehouse) and the defaults are the emulator's to enforce and are tested over HTTP in
// test/unit/emulator/services.test.ts and test/unit/emulator/serviceDefaults.test.ts.
describe("schemas: limits", () => {
  it("carries the API's documented numbers", () => {
    const scaling = schemas.replicaScalingUpdate.properties;
    expect(scaling.maxReplicaMemoryGb.maximum).to.equal(356);
    expect(scaling.maxReplicaMemoryGb.minimum).to.equal(8);
    expect(scaling.maxReplicaMemoryGb.multipleOf).to.equal(4);
    expect(scaling.minReplicaMemoryGb.minimum).to.equal(8);
    expect(scaling.minReplicaMemoryGb.maximum).to.equal(356);
    expect(scaling.minReplicaMemoryGb.multipleOf).to.equal(4);
    expect(scaling.numReplicas.minimum).to.equal(1);
    expect(scaling.numReplicas.maximum).to.equal(20);
    expect(scaling.idleTimeoutMinutes.minimum).to.equal(5);
    expect(schemas.apiKeyCreate.properties.roles.minItems).to.equal(1);
    expect(schemas.seriesQuery.properties.series.minItems).to.equal(1);
    expect(schemas.seriesQuery.properties.series.maxItems).to.equal(5);
    expect(schemas.reversePrivateEndpointCreate.properties.description.maxLength).to.equal(255);
  });

  it("carries the documented tier bounds and defaults the emulator applies", () => {
    expect(limits.replicaMemoryGb).to.include({ maxForNonPaidService: 120, maxForPaidService: 356 });
    expect(limits.numReplicas).to.include({
      minForFirstServiceOfWarehouse: 2,
      defaultForBasicTier: 1,
      defaultForScaleAndEnterpriseTiers: 3,
    });
    expect(limits.idleScaling.default).to.equal(true);
    expect(limits.apiKey.defaultState).to.equal("enabled");
  });
});
