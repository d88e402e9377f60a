import { expect } from "chai";
import { EmulatorHarness, basicAuth, expectManagementSuccess } from "../../support/httpRequests";

describe("emulator: rate limits", () => {
  const harness = new EmulatorHarness({ rateLimits: true }).install();

  it("management: 10 requests per 10 s per key, then 429 TOO_MANY_REQUESTS with X-RateLimit-Reset", async () => {
    // The first request creates a second key, which has its own budget.
    const other = expectManagementSuccess(
      await harness.management("POST", `${harness.orgPath}/keys`, {
        body: { name: "other", roles: ["admin"] },
      }),
    );
    for (let index = 2; index <= 10; index += 1) {
      const response = await harness.management("GET", harness.orgPath);
      expect(response.status, `request ${index}`).to.equal(200);
      expect(response.headers.get("x-ratelimit-limit")).to.equal("10");
      expect(response.headers.get("x-ratelimit-remaining")).to.equal(String(10 - index));
    }
    const limited = await harness.management("GET", harness.orgPath);
    expect(limited.status).to.equal(429);
    expect(limited.body).to.deep.equal({ error: "TOO_MANY_REQUESTS" });
    const reset = Number(limited.headers.get("x-ratelimit-reset"));
    expect(reset).to.be.within(1, 10);
    expect(limited.headers.get("retry-after")).to.equal(String(reset));

    const otherKey = { authorization: basicAuth(other.keyId, other.keySecret) };
    expectManagementSuccess(await harness.management("GET", harness.orgPath, { headers: otherKey }));
  });

  it("observability: 100 requests per minute per token, then express's text/html 429 with RateLimit-* headers", async () => {
    for (let index = 1; index <= 100; index += 1) {
      const response = await harness.observability("GET", "/api/v2/alerts");
      expect(response.status, `request ${index}`).to.equal(200);
      expect(response.headers.get("ratelimit-policy")).to.equal("100;w=60");
      expect(response.headers.get("ratelimit-remaining")).to.equal(String(100 - index));
    }
    const limited = await harness.observability("GET", "/api/v2/alerts");
    expect(limited.status).to.equal(429);
    expect(limited.headers.get("content-type")).to.equal("text/html; charset=utf-8");
    expect(limited.text).to.equal("Too many requests, please try again later.");
    expect(limited.headers.get("ratelimit-policy")).to.equal("100;w=60");
    expect(limited.headers.get("ratelimit-limit")).to.equal("100");
    expect(limited.headers.get("ratelimit-remaining")).to.equal("0");
    const reset = Number(limited.headers.get("ratelimit-reset"));
    expect(reset).to.be.within(1, 60);
    expect(limited.headers.get("retry-after")).to.equal(String(reset));
  });

  it("observability: the limiter answers before the token is checked, counting per token as sent", async () => {
    const wrongToken = { headers: { authorization: "Bearer not-the-token" } };
    for (let index = 1; index <= 100; index += 1) {
      const response = await harness.observability("GET", "/api/v2/alerts", wrongToken);
      expect(response.status, `request ${index}`).to.equal(401);
    }
    const limited = await harness.observability("GET", "/api/v2/alerts", wrongToken);
    expect([limited.status, limited.text]).to.deep.equal([429, "Too many requests, please try again later."]);
    // The real token has a budget of its own.
    expect((await harness.observability("GET", "/api/v2/alerts")).status).to.equal(200);
  });

  it("reset forgets the counters", async () => {
    for (let index = 1; index <= 11; index += 1) await harness.management("GET", harness.orgPath);
    expect((await harness.management("GET", harness.orgPath)).status).to.equal(429);
    await harness.emulator.control.reset();
    expectManagementSuccess(await harness.management("GET", harness.orgPath));
  });

  it("can be switched off at run time through the control API", async () => {
    const off = await harness.control("PUT", "/settings", { body: { rateLimits: false } });
    expect(off.body).to.include({ rateLimits: false });
    try {
      for (let index = 1; index <= 15; index += 1) {
        const response = await harness.management("GET", harness.orgPath);
        expect(response.status).to.equal(200);
        expect(response.headers.get("x-ratelimit-limit")).to.equal(null);
      }
    } finally {
      await harness.control("PUT", "/settings", { body: { rateLimits: true } });
    }
  });
});
