import { expect } from "chai";
import { EmulatorHarness } from "../../support/httpRequests";

describe("emulator: a shorter management rate-limit window (managementRateWindowMs)", () => {
  const harness = new EmulatorHarness({ rateLimits: true, managementRateWindowMs: 1_000 }).install();

  it("keeps 10 requests per window per key, with the shorter window's reset, and admits again after it", async () => {
    for (let index = 1; index <= 10; index += 1) {
      expect((await harness.management("GET", harness.orgPath)).status, `request ${index}`).to.equal(200);
    }
    const limited = await harness.management("GET", harness.orgPath);
    expect(limited.status).to.equal(429);
    expect(limited.body).to.deep.equal({ error: "TOO_MANY_REQUESTS" });
    expect(Number(limited.headers.get("x-ratelimit-reset"))).to.equal(1);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await harness.management("GET", harness.orgPath)).status).to.equal(200);
  });
});
