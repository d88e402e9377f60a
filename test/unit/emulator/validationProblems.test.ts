/**
 * A 400 of the management API lists one problem per bad field and nothing else: a field required by the endpoint's
 * type is reported under its own name, never as a second, nameless problem about the condition that required it.
 */
import { expect } from "chai";
import { EmulatorHarness, expectManagementError } from "../../support/httpRequests";

describe("emulator: a 400 names each bad field once", () => {
  const harness = new EmulatorHarness().install();
  const create = (body: unknown) =>
    harness.management("POST", `${harness.servicePath()}/dataPipesReversePrivateEndpoints`, { body });

  const cases: Array<[string, Record<string, unknown>, string[]]> = [
    [
      "VPC_RESOURCE without its ids",
      { type: "VPC_RESOURCE" },
      ["vpcResourceConfigurationId", "vpcResourceShareArn"],
    ],
    [
      "MSK_MULTI_VPC without mskAuthentication",
      { type: "MSK_MULTI_VPC", mskClusterArn: "arn" },
      ["mskAuthentication"],
    ],
  ];
  for (const [title, body, fields] of cases) {
    it(`${title}: exactly ${fields.join(" and ")}`, async () => {
      const response = await create(body);
      expectManagementError(response, 400, "BAD_REQUEST", ...fields);
      const listed = String(response.body.error)
        .replace(/^BAD_REQUEST: /, "")
        .split("; ");
      expect(listed.map((problem) => problem.split(":")[0])).to.deep.equal(fields);
    });
  }
});
