import { expect } from "chai";
import { schemas } from "../../schemas";

// The tier rules that depend on the service (120 GB for non-paid services, 2..20 replicas for the first service
// of a warehouse) are the emulator's to enforce and are tested over HTTP in test/emulator/services.test.ts.
describe("schemas: limits", () => {
  it("carries the API's documented numbers", () => {
    const scaling = schemas.replicaScalingUpdate.properties;
    expect(scaling.maxReplicaMemoryGb.maximum).to.equal(356);
    expect(scaling.minReplicaMemoryGb.minimum).to.equal(8);
    expect(scaling.minReplicaMemoryGb.multipleOf).to.equal(4);
    expect(scaling.numReplicas.minimum).to.equal(1);
    expect(scaling.numReplicas.maximum).to.equal(20);
    expect(scaling.idleTimeoutMinutes.minimum).to.equal(5);
    expect(schemas.seriesQuery.properties.series.minItems).to.equal(1);
    expect(schemas.seriesQuery.properties.series.maxItems).to.equal(5);
    expect(schemas.reversePrivateEndpointCreate.properties.description.maxLength).to.equal(255);
  });
});
