import * as fs from "node:fs";
import { expect } from "chai";
import { generatedSource, validatorsSource } from "../../scripts/generateValidators";

describe("validators compiled at build time", () => {
  it("match the schemas as they are now (after a schema change, `npm run build` regenerates the module)", () => {
    const checkedIn = fs.readFileSync(generatedSource, "utf8");
    // Compared by content, not by a hash the generator also computes: a stale module fails here.
    expect(checkedIn === validatorsSource(), "provider/rest/validators.generated.ts is out of date").to.equal(
      true,
    );
  });
});
