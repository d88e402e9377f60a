import { expect } from "chai";
import { providerOf } from "../../support/providers";

const uuid = "0b3c2d4e-5f60-4718-8293-a4b5c6d7e8f9";
const dotIds = ["", ".", "..", "../x", "a/b", `${uuid}/..`];

/** Inputs every kind accepts, so that only the id under test is wrong. */
const validInputs: Record<string, Record<string, unknown>> = {
  ReversePrivateEndpoint: { serviceId: uuid, type: "VPC_ENDPOINT_SERVICE", vpcEndpointServiceName: "com.x" },
  ReplicaScaling: { serviceId: uuid, numReplicas: 3 },
  PrivateEndpoint: { serviceId: uuid, endpointId: "vpce-0123456789abcdef0" },
  ApiKey: { name: "ci", roles: ["developer"] },
  Alert: {
    source: "tile",
    dashboardId: "65f1a2b3c4d5e6f708192a3b",
    tileId: "t1",
    threshold: 1,
    thresholdType: "above",
    interval: "5m",
    channel: { type: "webhook", webhookId: "65f1a2b3c4d5e6f708192a3c" },
  },
};

/** The id inputs of each kind, with the form the preview must name. */
const idInputs: Array<[kind: string, input: string, form: RegExp]> = [
  ["ReversePrivateEndpoint", "serviceId", /must be a uuid/],
  ["ReversePrivateEndpoint", "organizationId", /must be a uuid/],
  ["ReversePrivateEndpoint", "adoptId", /must be a uuid/],
  ["ReplicaScaling", "serviceId", /must be a uuid/],
  ["ReplicaScaling", "organizationId", /must be a uuid/],
  ["PrivateEndpoint", "serviceId", /must be a uuid/],
  ["PrivateEndpoint", "organizationId", /must be a uuid/],
  ["ApiKey", "organizationId", /must be a uuid/],
  ["ApiKey", "adoptId", /must be the uuid/],
  ["Alert", "adoptId", /must be a 24-hex-digit object id/],
];

describe("ids at preview: every id a program names is checked by its form", () => {
  it("accepts the valid inputs each case starts from", async () => {
    for (const [kind, inputs] of Object.entries(validInputs)) {
      const result = await providerOf(kind).check({}, inputs);
      expect(result.failures ?? [], kind).to.deep.equal([]);
    }
  });

  for (const [kind, input, form] of idInputs) {
    it(`${kind}.${input}: refuses ids that would address another path, naming the input and its form`, async () => {
      for (const id of dotIds) {
        const result = await providerOf(kind).check({}, { ...validInputs[kind], [input]: id });
        const failures = result.failures ?? [];
        expect(
          failures.map((failure) => failure.property),
          `${kind}.${input} = ${JSON.stringify(id)}`,
        ).to.deep.equal([input]);
        expect(failures[0].reason).to.match(form);
        expect(failures[0].reason.startsWith(input)).to.equal(true);
      }
      const tooLong = `${uuid}${"0".repeat(200)}`;
      const failures = (await providerOf(kind).check({}, { ...validInputs[kind], [input]: tooLong }))
        .failures;
      expect(failures?.map((failure) => failure.property)).to.deep.equal([input]);
    });
  }
});
