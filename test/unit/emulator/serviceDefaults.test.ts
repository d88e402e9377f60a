/**
 * A service's settings before anyone changes them, as the API documents them: numReplicas is 1 on the BASIC tier
 * and 3 on the SCALE and ENTERPRISE tiers; idleScaling is true. The fixture's primary production service is left
 * at these defaults; the others have had their replicas changed.
 */
import { expect } from "chai";
import type { EmulatorOptions } from "../../../emulator";
import { EmulatorHarness, expectManagementSuccess } from "../../support/httpRequests";

const expectedReplicas: Array<[string, EmulatorOptions["organizationTier"], number]> = [
  ["BASIC", "BASIC", 1],
  ["SCALE", "SCALE", 3],
  ["ENTERPRISE", "ENTERPRISE", 3],
  ["no tier given (SCALE)", undefined, 3],
];

for (const [title, organizationTier, numReplicas] of expectedReplicas) {
  describe(`emulator: service defaults, organization tier ${title}`, () => {
    const harness = new EmulatorHarness({ organizationTier }).install();

    it(`the untouched production service has ${numReplicas} replica(s) and idleScaling true`, async () => {
      const service = expectManagementSuccess(
        await harness.management("GET", harness.servicePath("production")),
      );
      expect(service).to.include({ numReplicas, idleScaling: true });
    });

    it("every service starts with idleScaling true", async () => {
      for (const name of ["production", "development", "secondary", "trial"] as const) {
        const service = expectManagementSuccess(await harness.management("GET", harness.servicePath(name)));
        expect(service.idleScaling, name).to.equal(true);
      }
    });

    it("a PATCH that leaves numReplicas and idleScaling out keeps the defaults", async () => {
      const service = expectManagementSuccess(
        await harness.management("PATCH", `${harness.servicePath("production")}/replicaScaling`, {
          body: { idleTimeoutMinutes: 20 },
        }),
      );
      expect(service).to.include({ numReplicas, idleScaling: true, idleTimeoutMinutes: 20 });
    });
  });
}
