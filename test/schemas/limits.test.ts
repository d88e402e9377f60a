import { expect } from "chai";
import {
  limits,
  maxReplicaMemoryGbFor,
  minNumReplicasFor,
  schemas,
  tierLimitProblems,
} from "../../provider/schemas";

describe("schemas: limits and tier rules", () => {
  it("feeds the seed's numbers into the schemas", () => {
    const scaling = schemas.replicaScalingUpdate.properties;
    expect(scaling.maxReplicaMemoryGb.maximum).to.equal(356);
    expect(scaling.minReplicaMemoryGb.multipleOf).to.equal(4);
    expect(scaling.numReplicas.maximum).to.equal(limits.numReplicas.max);
    expect(schemas.seriesQuery.properties.series.maxItems).to.equal(5);
    expect(schemas.reversePrivateEndpointCreate.properties.description.maxLength).to.equal(255);
  });

  it("caps replica memory at 120 GB for non-paid services and 356 GB for paid ones", () => {
    expect(maxReplicaMemoryGbFor({ isPaid: false })).to.equal(120);
    expect(maxReplicaMemoryGbFor({ isPaid: true })).to.equal(356);
  });

  it("needs 2 replicas for the first service of a warehouse and 1 otherwise", () => {
    expect(minNumReplicasFor({ isFirstServiceOfWarehouse: true })).to.equal(2);
    expect(minNumReplicasFor({ isFirstServiceOfWarehouse: false })).to.equal(1);
  });

  it("reports tier breaches on the right property with the limit and the value", () => {
    const nonPaidFirst = { isPaid: false, isFirstServiceOfWarehouse: true };
    expect(tierLimitProblems(nonPaidFirst, { maxReplicaMemoryGb: 124, numReplicas: 1 })).to.deep.equal([
      {
        property: "maxReplicaMemoryGb",
        reason: "maxReplicaMemoryGb must be at most 120 for a non-paid service; got 124",
      },
      {
        property: "numReplicas",
        reason: "numReplicas must be between 2 and 20 for the first service of a warehouse; got 1",
      },
    ]);
  });

  it("accepts values within the tier", () => {
    expect(tierLimitProblems({ isPaid: false, isFirstServiceOfWarehouse: true }, { maxReplicaMemoryGb: 120 }))
      .to.be.empty;
    expect(
      tierLimitProblems(
        { isPaid: true, isFirstServiceOfWarehouse: false },
        { maxReplicaMemoryGb: 356, numReplicas: 1 },
      ),
    ).to.be.empty;
  });
});
